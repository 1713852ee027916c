import type { ReactNode } from "react";
import { ErrorSummary } from "./error-summary";
import { Honeypot } from "./honeypot";
import { FormStatus, SubmitButton, type UploadProgress } from "./status";
import type { FormSubmission } from "./use-submission";

/**
 * The frame of a public form around its fields: the honeypot, the live
 * regions and the submit button below them, all driven by the form's
 * submission (./use-submission.ts). Its error summary (SubmissionSummary)
 * goes at the top of the page (./form-page.tsx).
 */
export function SubmissionForm({
  submission,
  website,
  onWebsite,
  submitLabel,
  progress,
  describedBy,
  action,
  encType,
  submitField,
  after,
  children,
}: {
  /** A name and value the submit button posts (a time's `bookTime=true`: decision 064). */
  submitField?: { name: string; value: string };
  /** After the submit button, in the form: a second way to send it, which Enter never chooses. */
  after?: ReactNode;
  submission: FormSubmission;
  /** The honeypot's value. */
  website: string;
  onWebsite: (value: string) => void;
  submitLabel: string;
  /** A file's upload while busy: one progress bar under the processing text. */
  progress?: UploadProgress;
  describedBy?: string;
  /** Where the plain form posts without JavaScript: the page's own route action. */
  action: string;
  /** multipart/form-data when the form carries a file. */
  encType?: "multipart/form-data";
  children: ReactNode;
}) {
  const { attachForm, busy, failure, onSubmit } = submission;
  return (
    <>
      {/* A plain HTML form first: before the script takes over (or without it) the browser posts it to the
          page's action; once hydrated, onSubmit sends it with the JSON API instead. */}
      <form
        ref={attachForm}
        className="form"
        method="post"
        action={action}
        encType={encType}
        noValidate
        onSubmit={onSubmit}
        aria-describedby={describedBy}
      >
        {children}
        <Honeypot value={website} onChange={onWebsite} />
        <FormStatus busy={busy} error={failure} progress={progress} />
        <SubmitButton busy={busy} {...submitField}>
          {submitLabel}
        </SubmitButton>
        {after}
      </form>
    </>
  );
}

/**
 * The error summary of a form's last submit, and whether it shows (the page's
 * title then starts with "Error: "); `items`, the form's own list in page
 * order when it adds to the submission's (the booking's file to attach again).
 */
export function submissionSummary({ summary, postedFailure, focusToken }: FormSubmission, items = summary) {
  return {
    hasErrors: items.length > 0 || !!postedFailure,
    summary: <ErrorSummary items={items} description={postedFailure} focusToken={focusToken} />,
  };
}
