/**
 * The two live regions every form keeps on the page from the start (so
 * screen readers announce what appears in them): a polite status for work
 * in progress, and an alert for failures.
 */
export const PROCESSING_TEXT = "Processing your request... Please wait.!";

export function FormStatus({ busy, error, progressText }: { busy: boolean; error: string; progressText?: string }) {
  return (
    <>
      <div role="status" className="form-status">
        {busy && (
          <p className="form-status__busy">
            <span className="spinner" aria-hidden="true" />
            {PROCESSING_TEXT}
            {progressText && <span className="form-status__detail"> {progressText}</span>}
          </p>
        )}
      </div>
      <div role="alert" className="form-alert">
        {error && <p className="form-alert__message">{error}</p>}
      </div>
    </>
  );
}

export function SubmitButton({ busy, children }: { busy: boolean; children: string }) {
  return (
    <button type="submit" className="button button--primary form-submit" disabled={busy}>
      {busy ? "Submitting..." : children}
    </button>
  );
}
