import type { ReactNode } from "react";
import { ErrorSummary } from "./error-summary";
import { Honeypot } from "./honeypot";
import { FormStatus, SubmitButton } from "./status";
import type { FormSubmission } from "./use-submission";

/**
 * The frame of a public form around its fields: the error summary above,
 * then the honeypot, the live regions and the submit button below, all
 * driven by the form's submission (./use-submission.ts).
 */
export function SubmissionForm({
  submission,
  website,
  onWebsite,
  submitLabel,
  progressText,
  describedBy,
  children,
}: {
  submission: FormSubmission;
  /** The honeypot's value. */
  website: string;
  onWebsite: (value: string) => void;
  submitLabel: string;
  /** Shown after the processing text while busy (e.g. upload progress). */
  progressText?: string;
  describedBy?: string;
  children: ReactNode;
}) {
  return (
    <>
      <ErrorSummary items={submission.summary} focusToken={submission.focusToken} />
      <form className="form" noValidate onSubmit={submission.onSubmit} aria-describedby={describedBy}>
        {children}
        <Honeypot value={website} onChange={onWebsite} />
        <FormStatus busy={submission.busy} error={submission.failure} progressText={progressText} />
        <SubmitButton busy={submission.busy}>{submitLabel}</SubmitButton>
      </form>
    </>
  );
}
