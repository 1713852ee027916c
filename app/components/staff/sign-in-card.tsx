import { useEffect, useRef, type ReactNode } from "react";

/** The card every sign-in step sits in (password, code, set-up): kicker, heading, and an error that takes focus. */
export function SignInCard({
  title,
  error,
  wide = false,
  children,
}: {
  title: string;
  error?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);
  return (
    <div className="staff staff--login">
      <main id="main" className={wide ? "staff-login staff-login--wide" : "staff-login"}>
        <div className="staff-login__card card">
          <p className="staff-login__kicker">Staff console</p>
          <h1>{title}</h1>
          {error && (
            <div className="staff-alert staff-alert--error" role="alert" tabIndex={-1} ref={errorRef} id="login-error">
              {error}
            </div>
          )}
          {children}
        </div>
      </main>
    </div>
  );
}

/** The one-time code field shared by the code and set-up steps. */
export function OneTimeCodeField({ label, hint, maxLength = 7 }: { label: string; hint: string; maxLength?: number }) {
  return (
    <div className="staff-field">
      <label htmlFor="code">{label}</label>
      <p id="code-hint" className="staff-field__hint">
        {hint}
      </p>
      <input
        id="code"
        name="code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={maxLength}
        required
        spellCheck={false}
        autoCapitalize="off"
        aria-describedby="code-hint"
        className="staff-code-input"
      />
    </div>
  );
}
