import type { ReactNode } from "react";
import { StaffErrorSummary, StaffField, type FieldErrors } from "./form-errors";

/**
 * The card every sign-in step sits in (password, code, set-up): kicker,
 * heading, and what went wrong in the console's error summary (which takes
 * the focus): each field's error, or a refusal about none (`error`).
 */
export function SignInCard({
  title,
  error,
  errors,
  wide = false,
  children,
}: {
  title: string;
  error?: string;
  errors?: FieldErrors;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="staff staff--login">
      <main id="main" className={wide ? "staff-login staff-login--wide" : "staff-login"}>
        <div className="staff-login__card card">
          <p className="staff-login__kicker">Staff console</p>
          <h1>{title}</h1>
          {(error || errors) && <StaffErrorSummary id="login-error" errors={errors} description={error} />}
          {children}
        </div>
      </main>
    </div>
  );
}

/** The one-time code field shared by the code and set-up steps. */
export function OneTimeCodeField({
  label,
  hint,
  error,
  maxLength = 7,
}: {
  label: string;
  hint: string;
  error?: string;
  maxLength?: number;
}) {
  return (
    <StaffField id="code" label={label} hint={hint} error={error}>
      {(aria) => (
        <input
          {...aria}
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={maxLength}
          spellCheck={false}
          autoCapitalize="off"
          className="staff-code-input"
        />
      )}
    </StaffField>
  );
}
