import { clinicDate, clinicTime, formatLongDate } from "@domain/dates";
import { m } from "@domain/paraglide/messages.js";
import { MAX_DOB_FAILURES } from "@domain/reports";
import { DOB_PARTS, type DobValues } from "@domain/validation/appointment-form";
import { DOB_BOXES } from "~/components/forms/booking/fields";
import { DateInput } from "~/components/forms/field";
import type { PatientReport } from "~/lib/manage.server";
import { ReportDownload } from "./report-download";
import { useMessageOptions } from "~/lib/locale";

/**
 * The report on the patient's private page (decision 075): before its
 * release, the day it will be here and that their doctor has it; then a date
 * of birth to confirm (a plain form, no script), the refusal beside it; once
 * confirmed, the download. Locked after five wrong dates: call the clinic.
 */
export function ReportSection({
  report,
  error,
  values,
  action,
}: {
  report: PatientReport;
  error?: string;
  /** The boxes as posted, shown again with the error (the page has no script: nothing else keeps them). */
  values?: DobValues;
  action: string;
}) {
  const options = useMessageOptions();
  const { locale } = options;
  return (
    <section className="form__section report-section" id="report" aria-labelledby="report-title">
      <h2 id="report-title">{m.report_patient_title({}, options)}</h2>
      {report.kind === "waiting" && (
        <>
          <p>
            <strong>
              {m.report_patient_waiting(
                { date: formatLongDate(clinicDate(new Date(report.releaseAt)), locale) },
                options,
              )}
            </strong>
          </p>
          <p>
            {report.doctorHasIt
              ? m.report_patient_doctor_has_it({}, options)
              : m.report_patient_ask_clinic({}, options)}
          </p>
        </>
      )}
      {report.kind === "locked" && (
        <p className="notice">{error ?? m.report_patient_locked({ count: MAX_DOB_FAILURES }, options)}</p>
      )}
      {report.kind === "ask" && (
        <form method="post" action={action} className="form" noValidate>
          <input type="hidden" name="intent" value="report" />
          <p>{m.report_patient_ready({}, options)}</p>
          <DateInput
            id="dob"
            legend={m.booking_dob({}, options)}
            hint={m.booking_dob_hint({}, options)}
            error={error}
            required
            items={DOB_PARTS.map(({ field, part }) => ({
              name: field,
              value: values?.[field] ?? "",
              onChange: () => undefined,
              ...DOB_BOXES[part],
              label: DOB_BOXES[part].label({}, options),
            }))}
          />
          <button type="submit" className="button button--primary">
            {m.report_patient_submit({}, options)}
          </button>
        </form>
      )}
      {report.kind === "open" && (
        <div className="notice notice--success">
          <p className="notice__title">{m.report_patient_open({}, options)}</p>
          <p>
            {m.report_version(
              {
                version: report.report.version,
                when: m.mail_when(
                  {
                    date: formatLongDate(clinicDate(new Date(report.report.uploadedAt)), locale),
                    time: clinicTime(new Date(report.report.uploadedAt)),
                  },
                  options,
                ),
              },
              options,
            )}
          </p>
          <ReportDownload report={report.report} />
        </div>
      )}
    </section>
  );
}
