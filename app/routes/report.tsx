import { useActionData, useLoaderData, useLocation } from "react-router";
import { formatLongDate, clinicDate, clinicTime } from "@domain/dates";
import { localeOfPath } from "@domain/locale";
import { m } from "@domain/paraglide/messages.js";
import { CODE_DIGITS, DOCTOR_LINK_DAYS, MAX_CODE_FAILURES, type ReferralStage } from "@domain/reports";
import { TextField } from "~/components/forms/field";
import { ContactOptions } from "~/components/forms/contact-options";
import { PostOutcome } from "~/components/patient/post-outcome";
import { ReportDownload } from "~/components/patient/report-download";
import { useMessageOptions } from "~/lib/locale";
import { privatePageHeaders } from "~/lib/private-page.server";
import { reportAction, reportLoader, type DoctorAnswer, type DoctorView } from "~/lib/reports.server";
import { useClinic } from "~/lib/use-clinic";
import "~/styles/forms.css";
import "~/styles/patient.css";

/**
 * The referring doctor's page (`/report/<token>`, and `/tn/report/<token>`;
 * decision 075), reached from the e-mail that says a report is ready. It asks
 * for a code sent at that moment, then offers the report and lists every
 * patient referred with the same e-mail address and where each stands.
 * Rendered per request, no script; the rules are in
 * server/appointments/reports/access.ts.
 */

export const loader = reportLoader;
export const action = reportAction;
export const headers = privatePageHeaders;

export function meta({ data, location }: { data?: unknown; location: { pathname: string } }) {
  const answer = data as DoctorAnswer | undefined;
  const options = { locale: localeOfPath(location.pathname) };
  const view = answer?.view;
  const title =
    !view || view.kind === "not-found"
      ? m.report_link_not_valid({}, options)
      : view.kind === "locked"
        ? m.report_locked({}, options)
        : m.report_title({ ref: view.reference }, options);
  const failed = answer && answer.status >= 400 && view && view.kind !== "not-found" && view.kind !== "locked";
  return [
    { title: failed ? m.report_error_title({ title }, options) : title },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

/** Each stage in the page's language. */
function stageWords(stage: ReferralStage, options: { locale: ReturnType<typeof localeOfPath> }): string {
  switch (stage) {
    case "requested":
      return m.report_stage_requested({}, options);
    case "booked":
      return m.report_stage_booked({}, options);
    case "attended":
      return m.report_stage_attended({}, options);
    case "reported":
      return m.report_stage_reported({}, options);
    case "cancelled":
      return m.report_stage_cancelled({}, options);
    case "no_show":
      return m.report_stage_no_show({}, options);
    case "not_prepared":
      return m.report_stage_not_prepared({}, options);
  }
}

export default function Report() {
  const loaded = useLoaderData<typeof loader>() as DoctorAnswer;
  const posted = useActionData<typeof action>() as DoctorAnswer | undefined;
  const answer = posted ?? loaded;
  const clinic = useClinic();
  const options = useMessageOptions();
  const view = answer.view;
  return (
    <main id="main" className="form-page">
      <div className="container">
        <PostOutcome
          success={answer.notice}
          failure={answer.failure}
          problems={answer.codeError ? [{ target: "code", message: answer.codeError }] : []}
        />
        {!view || view.kind === "not-found" ? (
          <>
            <h1>{m.report_link_not_valid({}, options)}</h1>
            {view && (
              <p className="form-page__lead">{m.report_link_not_valid_lead({ days: DOCTOR_LINK_DAYS }, options)}</p>
            )}
          </>
        ) : view.kind === "locked" ? (
          <>
            <h1>{m.report_locked({}, options)}</h1>
            <p className="form-page__lead">{m.report_locked_lead({ count: MAX_CODE_FAILURES }, options)}</p>
          </>
        ) : view.kind === "code" ? (
          <CodeStep view={view} codeError={answer.codeError} />
        ) : (
          <OpenReport view={view} />
        )}
        <ContactOptions clinic={clinic} title={m.private_contact_title({}, options)} />
      </div>
    </main>
  );
}

function CodeStep({ view, codeError }: { view: Extract<DoctorView, { kind: "code" }>; codeError?: string }) {
  const options = useMessageOptions();
  const here = useLocation().pathname;
  return (
    <>
      <h1>{m.report_title({ ref: view.reference }, options)}</h1>
      <p className="form-page__lead">{m.report_code_intro({ digits: CODE_DIGITS }, options)}</p>
      {view.codeSent && (
        <form method="post" action={here} className="form report-code" noValidate>
          <input type="hidden" name="intent" value="code" />
          <TextField
            id="code"
            label={m.report_code_label({}, options)}
            hint={m.report_code_hint({ digits: CODE_DIGITS }, options)}
            error={codeError}
            inputMode="numeric"
            autoComplete="one-time-code"
            spellCheck={false}
            maxLength={12}
            className="field__input--medium"
          />
          <button type="submit" className="button button--primary">
            {m.report_code_submit({}, options)}
          </button>
        </form>
      )}
      <form method="post" action={here} className="form report-send">
        <input type="hidden" name="intent" value="send-code" />
        <button type="submit" className={view.codeSent ? "button button--outline" : "button button--primary"}>
          {view.codeSent ? m.report_send_new_code({}, options) : m.report_send_code({}, options)}
        </button>
      </form>
    </>
  );
}

function OpenReport({ view }: { view: Extract<DoctorView, { kind: "open" }> }) {
  const options = useMessageOptions();
  const at = new Date(view.report.uploadedAt);
  const when = m.mail_when({ date: formatLongDate(clinicDate(at), options.locale), time: clinicTime(at) }, options);
  return (
    <>
      <h1>{m.report_title({ ref: view.reference }, options)}</h1>
      <section className="notice notice--success report-ready" aria-labelledby="report-ready-title">
        <h2 id="report-ready-title" className="notice__title">
          {m.report_ready({ ref: view.reference }, options)}
        </h2>
        <p>{m.report_version({ version: view.report.version, when }, options)}</p>
        {view.corrected && <p>{m.report_replaced_note({}, options)}</p>}
        <ReportDownload report={view.report} />
      </section>
      {/* Not a landmark of its own: the table's scrolling region below is the one named by this heading. */}
      <section className="form__section">
        <h2 id="referrals-title">{m.report_referrals_title({}, options)}</h2>
        <p>{m.report_referrals_lead({}, options)}</p>
        <div className="table-scroll" role="region" aria-labelledby="referrals-title" tabIndex={0}>
          <table className="referrals-table">
            <thead>
              <tr>
                <th scope="col">{m.report_col_reference({}, options)}</th>
                <th scope="col">{m.report_col_patient({}, options)}</th>
                <th scope="col">{m.report_col_service({}, options)}</th>
                <th scope="col">{m.report_col_status({}, options)}</th>
              </tr>
            </thead>
            {/* The roles stay said when a phone lays the rows out as cards (patient.css). */}
            <tbody role="rowgroup">
              {view.referrals.map((r) => (
                <tr key={r.reference} role="row">
                  <td role="cell" className="referrals-table__ref" data-label={m.report_col_reference({}, options)}>
                    {r.reference}
                  </td>
                  <td role="cell" data-label={m.report_col_patient({}, options)}>
                    {r.patient}
                  </td>
                  <td role="cell" data-label={m.report_col_service({}, options)}>
                    {r.service}
                  </td>
                  <td role="cell" data-label={m.report_col_status({}, options)}>
                    <span className={`stage stage--${r.stage}`}>{stageWords(r.stage, options)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
