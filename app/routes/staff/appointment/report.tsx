import { Form } from "react-router";
import { formatClinicDateTime } from "@domain/dates";
import { MAX_CODE_FAILURES, MAX_DOB_FAILURES, REPORT_MAX_BYTES, staffReportPath } from "@domain/reports";
import { formatBytes } from "~/components/staff/staff-format";
import type { Route } from "./+types/route";

type Loaded = Route.ComponentProps["loaderData"];

/** What each line of the report's history says happened. */
const EVENT_WORDS: Record<string, string> = {
  report_attached: "Attached",
  report_replaced: "Replaced by a corrected report",
  report_sent: "Sent",
  report_opened: "Opened",
  report_locked: "Locked",
  report_unlocked: "Unlocked",
};

/**
 * The signed report (decisions 072 and 075): that it is attached, each
 * version with its time (the last is current; the older are its history),
 * when the patient may open it, the doctor's links, who has opened it and
 * when, and the form that attaches it (a manager or radiologist, on a
 * confirmed or attended appointment). The form is a plain multipart post to
 * the staff API, which answers with a redirect back here (`#report`), so it
 * works with and without the page's script.
 */
export function ReportCard({
  id,
  report,
  error,
  busy,
}: {
  id: number;
  report: Loaded["report"];
  /** Why the last attachment was refused (`?report_error=`). */
  error: string | null;
  busy: boolean;
}) {
  const current = report.versions.at(-1);
  const openings = report.events.filter((e) => e.action === "report_opened");
  const history = report.events.filter((e) => e.action !== "report_opened");
  return (
    <section className="card staff-card" id="report" aria-labelledby="report-heading" tabIndex={-1}>
      <h2 id="report-heading">Report</h2>
      {current ? (
        <>
          <p className="staff-report__state">
            <strong>The signed report is attached</strong> (version {current.version},{" "}
            {formatClinicDateTime(current.uploadedAt)}).
          </p>
          <ul className="staff-files">
            {[...report.versions].reverse().map((v) => (
              <li key={v.id}>
                <span className="staff-files__name">
                  Version {v.version}
                  {v === current ? " (current)" : " (replaced)"}
                </span>
                <span className="staff-muted">
                  Attached {formatClinicDateTime(v.uploadedAt)} by {v.by}, PDF, {formatBytes(v.size)}
                </span>
                <span className="staff-files__actions">
                  <a href={staffReportPath(v.id)} download>
                    Download<span className="visually-hidden"> version {v.version}</span>
                  </a>
                </span>
              </li>
            ))}
          </ul>
          {report.release && (
            <p>
              {!report.release.released
                ? `The patient can open it on their private page from ${formatClinicDateTime(report.release.releaseAt)}.`
                : `The patient can open it on their private page (since ${formatClinicDateTime(report.release.releaseAt)}).`}
            </p>
          )}
          {report.release?.locked && (
            <div className="staff-alert staff-alert--error">
              <p>
                The patient&apos;s access is locked: their date of birth was wrong {MAX_DOB_FAILURES} times. Unlock it
                once you have spoken with them.
              </p>
              <Form method="post" action={`/staff/appointments/${id}`}>
                <button
                  type="submit"
                  name="intent"
                  value="report-unlock"
                  className="button button--outline"
                  disabled={busy}
                >
                  Unlock the patient&apos;s report
                </button>
              </Form>
            </div>
          )}
          {report.links.length === 0 ? (
            <p className="staff-muted">Not sent to a doctor: the booking gave no doctor&apos;s e-mail address.</p>
          ) : (
            <ul className="staff-report__links">
              {report.links.map((l) => (
                <li key={l.id}>
                  E-mailed to the referring doctor {formatClinicDateTime(l.sentAt)}; the link works until{" "}
                  {formatClinicDateTime(l.expiresAt)}
                  {l.locked ? ` and is locked (${MAX_CODE_FAILURES} wrong codes).` : "."}
                </li>
              ))}
            </ul>
          )}
          <h3 id="report-openings">Who has opened the report</h3>
          {openings.length === 0 ? (
            <p>Nobody has opened it yet.</p>
          ) : (
            <ul className="staff-report__openings" aria-labelledby="report-openings">
              {openings.map((e) => (
                <li key={e.id}>
                  <strong>{e.who}</strong>, {formatClinicDateTime(e.at)}
                  <span className="staff-muted"> ({e.detail})</span>
                </li>
              ))}
            </ul>
          )}
          {history.length > 0 && (
            <details className="staff-details">
              <summary>The report&apos;s history ({history.length})</summary>
              <ul>
                {history.map((e) => (
                  <li key={e.id}>
                    {formatClinicDateTime(e.at)}: {EVENT_WORDS[e.action] ?? e.action} ({e.who}
                    {e.detail ? `; ${e.detail}` : ""})
                  </li>
                ))}
              </ul>
            </details>
          )}
        </>
      ) : (
        <p>No report is attached yet.</p>
      )}
      {error && (
        <div className="staff-alert staff-alert--error" role="alert">
          {error}
        </div>
      )}
      {report.canAttach ? (
        <form
          method="post"
          action={`/api/staff/appointments/${id}/report`}
          encType="multipart/form-data"
          className="staff-form"
        >
          <div className="staff-field">
            <label htmlFor="report-file">
              {current ? "Corrected report" : "Signed report"} (PDF, at most {REPORT_MAX_BYTES / (1024 * 1024)} MB)
            </label>
            <input id="report-file" name="file" type="file" accept="application/pdf,.pdf" required />
          </div>
          <button type="submit" className="button button--primary" disabled={busy}>
            {current ? "Attach the corrected report" : "Attach the report"}
          </button>
        </form>
      ) : (
        <p className="staff-muted">
          {!report.roleMayAttach
            ? "A manager or a radiologist attaches the report."
            : "A report can be attached once the appointment is confirmed or attended."}
        </p>
      )}
    </section>
  );
}
