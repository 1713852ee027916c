import { useState, type ReactNode } from "react";
import { ErrorSummary } from "~/components/forms/error-summary";
import type { FieldErrors, StaffAnswer } from "~/lib/staff/answer";

/**
 * How every console form shows what is wrong (decision 035): the forms have
 * `noValidate`, so the browser never shows its own bubbles; the server checks
 * every field at once and answers with each field's message; the page shows
 * them in the error summary at the top ("There is a problem", each linking
 * to its field, focused after each failed submit) and again above each field.
 */

export type { FieldErrors };

/**
 * How many different answers `value` has had: a new action answer is a new
 * object, so the summary takes focus again after each failed submit.
 */
function useAnswerCount(value: unknown): number {
  const [seen, setSeen] = useState({ value, count: value ? 1 : 0 });
  if (seen.value !== value) {
    const next = { value, count: seen.count + 1 };
    setSeen(next);
    return next.count;
  }
  return seen.count;
}

/**
 * The console's error summary: the shared one (components/forms/error-summary.tsx),
 * fed from a form's errors by field and, for a refusal about no one field
 * (a wrong password, a record that changed), a sentence.
 */
export function StaffErrorSummary({
  errors,
  description,
  id,
}: {
  errors?: FieldErrors;
  description?: string;
  id?: string;
}) {
  const items = Object.entries(errors ?? {})
    .filter((entry): entry is [string, string] => !!entry[1])
    .map(([target, message]) => ({ target, message }));
  const focusToken = useAnswerCount(errors ?? description);
  return (
    <div className="staff-error-summary" id={id}>
      <ErrorSummary items={items} description={description} focusToken={focusToken} />
    </div>
  );
}

/**
 * A staff action's refusal (app/lib/staff/answer.ts) as every console page
 * shows it: the error summary, with each field's problem and the sentence
 * about none; nothing for an answer that is not a refusal.
 */
export function AnswerSummary({ answer, id }: { answer: StaffAnswer | null | undefined; id?: string }) {
  if (!answer || answer.ok) return null;
  return <StaffErrorSummary errors={answer.errors} description={answer.error} id={id} />;
}

/** The attributes that tie a field to its hint and its error. */
export function fieldAria(id: string, error?: string, hint = false) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy || undefined };
}

/**
 * One console field: its label, a hint, the error (above the control, as the
 * summary links to it), then the control, given the attributes to spread.
 */
export function StaffField({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: (aria: ReturnType<typeof fieldAria>) => ReactNode;
}) {
  return (
    <div className={["staff-field", error ? "staff-field--error" : null, className].filter(Boolean).join(" ")}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <span id={`${id}-hint`} className="staff-field__hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="staff-field__error">
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
      {children(fieldAria(id, error, !!hint))}
    </div>
  );
}
