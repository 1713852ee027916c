import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { formatAbbreviatedDate, formatClinicDateTime } from "@domain/dates";
import { STUDIES_OFF, UNMATCHED_STUDY_DAYS } from "@domain/images";
import { AnswerSummary, StaffField } from "~/components/staff/form-errors";
import { useAnswerFocus } from "~/components/staff/use-answer-focus";
import { staffMeta } from "~/components/staff/staff-format";
import { StatusBadge } from "~/components/staff/status-badge";
import { done, refused, type StaffAnswer } from "~/lib/staff/answer";
import { formText, parseForm } from "~/lib/form-data";
import { requireStaff } from "~/lib/staff.server";
import { linkStudy, unmatchedStudies, type LinkTarget, type UnmatchedStudy } from "~/lib/staff/images.server";
import type { Route } from "./+types/studies";

export const meta = () => staffMeta("Studies to link");

/**
 * The signed-in staff member, where the site follows Orthanc (ORTHANC_URL). Elsewhere the
 * page and its action are not there (404, after the guard, so a visitor signed out learns
 * nothing), as the console's tab is not and as the WhatsApp webhook and /metrics are not
 * without their settings.
 */
async function requireStudies(args: Route.LoaderArgs | Route.ActionArgs) {
  const signedIn = await requireStaff(args);
  if (signedIn.rt.config.orthanc === undefined) throw new Response(STUDIES_OFF, { status: 404 });
  return signedIn;
}

export async function loader(args: Route.LoaderArgs) {
  const { rt } = await requireStudies(args);
  return { studies: await unmatchedStudies(rt.db) };
}

/** The field of study `id`'s form (the error summary links to it). */
const fieldId = (id: number | string) => `reference-${id}`;

/**
 * Done: the study linked (`linked`), or nothing done yet, a question: the
 * study and the appointment it would be linked to (`confirm`). Refused: the
 * reference's problem on that study's field, or a sentence, with the values as sent.
 */
type Answer = StaffAnswer<
  { confirm?: { study: UnmatchedStudy; appointment: LinkTarget }; linked?: LinkTarget },
  { study: string; reference: string }
>;

const linkForm = z.object({ study: formText(20), reference: formText(40), confirm: formText(10) });

/**
 * Links a study to an appointment by its reference, after a confirm step (a
 * page that shows both and posts again with `confirm=yes`), so it works
 * without JavaScript. Reception and managers may; the guard refuses anyone
 * signed out before the body is read.
 */
export async function action(args: Route.ActionArgs) {
  const { rt, staff } = await requireStudies(args);
  const form = parseForm(await args.request.formData(), linkForm);
  if (!form.ok) return refused<Answer>(400, { error: "Unknown action." });
  const values = { study: form.value.study, reference: form.value.reference };
  const outcome = await linkStudy(rt, staff, {
    studyId: Number(form.value.study),
    reference: form.value.reference,
    confirmed: form.value.confirm === "yes",
  });
  if (outcome.kind === "refused") return refused<Answer>(409, { error: outcome.failure, values });
  if (outcome.kind === "invalid")
    return refused<Answer>(400, { errors: { [fieldId(values.study)]: outcome.errors.reference }, values });
  if (outcome.kind === "ask")
    return done<Answer>({ confirm: { study: outcome.study, appointment: outcome.appointment } });
  const a = outcome.appointment;
  return done<Answer>({
    notice: `The study is linked to ${a.reference}: the appointment shows the images received${a.status === "confirmed" ? ", and it is now attended" : ""}.`,
    linked: a,
  });
}

/** What a study says of itself: the patient's name as the machine sent it, its number, date, modality. */
function StudyFacts({ study, withName }: { study: UnmatchedStudy; withName: boolean }) {
  const rows: [string, string][] = [
    ...(withName ? [["Patient’s name on the images", study.patientName || "None given"] as [string, string]] : []),
    ["Accession number", study.accession ?? "None given"],
    ["Study date", study.studyDate ? formatAbbreviatedDate(study.studyDate) : "None given"],
    ["Modality", study.modality ?? "None given"],
    ["Arrived", formatClinicDateTime(study.receivedAt)],
  ];
  return (
    <dl className="staff-dl">
      {rows.map(([label, value]) => (
        <div className="staff-dl__row" key={label}>
          <dt>{label}</dt>
          <dd className={label === "Accession number" && study.accession ? "staff-mono staff-break" : "staff-break"}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export default function StaffStudies({ loaderData, actionData }: Route.ComponentProps) {
  const { studies } = loaderData;
  const busy = useNavigation().state !== "idle";
  const errors = actionData?.ok === false ? actionData.errors : {};
  const values = actionData?.ok === false ? actionData.values : undefined;
  const confirm = actionData?.ok ? actionData.confirm : undefined;
  const notice = actionData?.ok ? actionData.notice : undefined;
  const linked = actionData?.ok ? actionData.linked : undefined;
  const { confirmRef, doneRef } = useAnswerFocus(actionData, { asking: !!confirm, notice });
  return (
    <>
      <div className="staff-page-head">
        <h1>Studies to link</h1>
        <div role="status" className="staff-live">
          {notice && (
            <p className="staff-alert staff-alert--success" tabIndex={-1} autoFocus ref={doneRef} key={notice}>
              {notice} {linked && <Link to={`/staff/appointments/${linked.id}`}>Open {linked.reference}</Link>}
            </p>
          )}
        </div>
        <p className="staff-muted">
          Images that reached Orthanc with an accession number no appointment has: the machine was used without its
          worklist, or the number was typed by hand. Nothing is matched by name or date. Find the appointment, copy its
          reference from its page, and link the study to it; the appointment then shows the images received. A study no
          one links is forgotten here after {UNMATCHED_STUDY_DAYS} days (Orthanc keeps the images). Every link is
          recorded in the audit log.
        </p>
      </div>

      <AnswerSummary answer={actionData} />

      {confirm && (
        <section className="staff-section staff-confirm" aria-labelledby="confirm-heading">
          <h2 id="confirm-heading" ref={confirmRef} tabIndex={-1} className="staff-break">
            {`Link this study to ${confirm.appointment.reference}?`}
          </h2>
          <p>Check that the images are this patient’s. Nothing is saved yet.</p>
          <div className="staff-confirm__pair">
            <div>
              <h3>The study</h3>
              <StudyFacts study={confirm.study} withName />
            </div>
            <div>
              <h3>The appointment</h3>
              <dl className="staff-dl">
                <div className="staff-dl__row">
                  <dt>Patient</dt>
                  <dd className="staff-break">{confirm.appointment.name}</dd>
                </div>
                <div className="staff-dl__row">
                  <dt>Examination</dt>
                  <dd>{confirm.appointment.service}</dd>
                </div>
                <div className="staff-dl__row">
                  <dt>Date</dt>
                  <dd>
                    {formatAbbreviatedDate(confirm.appointment.date)}
                    {confirm.appointment.time ? ` at ${confirm.appointment.time}` : ""}
                  </dd>
                </div>
                <div className="staff-dl__row">
                  <dt>Status</dt>
                  <dd>
                    <StatusBadge status={confirm.appointment.status} />
                  </dd>
                </div>
              </dl>
            </div>
          </div>
          {confirm.appointment.status === "confirmed" && (
            <p>The appointment is confirmed: linking the study records it attended.</p>
          )}
          <div className="staff-button-row">
            <Form method="post" noValidate>
              <input type="hidden" name="study" value={confirm.study.id} />
              <input type="hidden" name="reference" value={confirm.appointment.reference} />
              <input type="hidden" name="confirm" value="yes" />
              <button type="submit" className="button button--primary" disabled={busy}>
                {`Link the study to ${confirm.appointment.reference}`}
              </button>
            </Form>
            <Link to="/staff/studies">Do not link it</Link>
          </div>
        </section>
      )}

      <section className="staff-section" aria-labelledby="studies-heading">
        <h2 id="studies-heading">Waiting to be linked</h2>
        {studies.length === 0 ? (
          <p className="staff-muted">None: every study that arrived matched its appointment.</p>
        ) : (
          <ul className="staff-closure-list">
            {studies.map((s) => (
              <li key={s.id} className="card staff-card staff-closure">
                <h3 className="staff-break">{s.patientName || "No name on the images"}</h3>
                {s.patientName && <p className="staff-muted">The patient’s name as the machine sent it.</p>}
                <StudyFacts study={s} withName={false} />
                <Form method="post" className="staff-filters" noValidate>
                  <input type="hidden" name="study" value={s.id} />
                  <StaffField
                    id={fieldId(s.id)}
                    label="Appointment reference"
                    hint="As on the appointment’s page, such as APT-2026-000123"
                    error={errors[fieldId(s.id)]}
                  >
                    {(aria) => (
                      <input
                        {...aria}
                        name="reference"
                        required
                        maxLength={40}
                        autoComplete="off"
                        spellCheck={false}
                        className="staff-mono"
                        defaultValue={values?.study === String(s.id) ? values.reference : undefined}
                      />
                    )}
                  </StaffField>
                  <div className="staff-filters__actions">
                    <button type="submit" className="button button--primary" disabled={busy}>
                      Link
                      <span className="visually-hidden"> the study of {s.patientName || "no name"}</span>
                    </button>
                  </div>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
