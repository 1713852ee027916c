import type { Locale } from "@domain/locale";
import { m } from "@domain/paraglide/messages.js";
import { useLocale } from "~/lib/locale";

/**
 * The two live regions every form keeps on the page from the start (so
 * screen readers announce what appears in them): a polite status for work
 * in progress, and an alert for failures. An upload's progress bar shows
 * once, under the status and outside it, so its every step is not read out.
 */
export const processingText = (locale: Locale) => m.form_processing({}, { locale });
export const PROCESSING_TEXT = processingText("en");

/** A file's upload while the form is sent: what is uploading, and how far (0…100). */
export interface UploadProgress {
  label: string;
  percent: number;
}

/** The progress bar's label: "Uploading your referral form: 40%". */
export const progressLabel = ({ label, percent }: UploadProgress) => `${label}: ${percent}%`;

export function FormStatus({ busy, error, progress }: { busy: boolean; error: string; progress?: UploadProgress }) {
  const locale = useLocale();
  return (
    <>
      <div role="status" className="form-status">
        {busy && (
          <p className="form-status__busy">
            <span className="spinner" aria-hidden="true" />
            {processingText(locale)}
          </p>
        )}
      </div>
      {busy && progress && (
        <div className="form-status__progress">
          <label htmlFor="form-upload-progress">{progressLabel(progress)}</label>
          <progress id="form-upload-progress" max={100} value={progress.percent}>
            {progress.percent}%
          </progress>
        </div>
      )}
      <div role="alert" className="form-alert">
        {error && <p className="form-alert__message">{error}</p>}
      </div>
    </>
  );
}

export function SubmitButton({
  busy,
  children,
  name,
  value,
}: {
  busy: boolean;
  children: string;
  /** Posted with the form when it sends it (also by Enter in a field: it is the form's first button). */
  name?: string;
  value?: string;
}) {
  const locale = useLocale();
  return (
    <button type="submit" className="button button--primary form-submit" disabled={busy} name={name} value={value}>
      {busy ? m.form_submitting({}, { locale }) : children}
    </button>
  );
}
