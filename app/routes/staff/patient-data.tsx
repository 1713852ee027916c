import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { clinicDate, clinicToday, formatAbbreviatedDate } from "@domain/dates";
import { serviceTitle } from "@domain/catalogue";
import { staffMeta } from "~/components/staff/staff-format";
import { formText, parseForm } from "~/lib/form-data";
import { ACTIONS_COLUMN, DataTable } from "~/components/staff/data-table";
import { RowAction } from "~/components/staff/row-action";
import { AnswerSummary, StaffField } from "~/components/staff/form-errors";
import { done, refused, type StaffAnswer } from "~/lib/staff/answer";
import { StatusBadge } from "~/components/staff/status-badge";
import { requireStaff } from "~/lib/staff.server";
import {
  erasePatient,
  findCandidates,
  findPatient,
  isUpcoming,
  matchFingerprint,
  parsePatientQuery,
  patientHoldings,
  patientPeople,
  type PatientCandidate,
  type PatientMatch,
  type PatientQuery,
} from "~/lib/staff/privacy.server";
import { exactPatientField, patientQueryField } from "./patient-query.server";
import type { Route } from "./+types/patient-data";

export const meta = () => staffMeta("Patient data");

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, { role: "manager" });
  return null;
}

const NOT_FOUND =
  "No appointment or enquiry matches. Check the spelling of the full name, the number, the reference or the e-mail address.";

/** The page's two fields: the search, and the typed confirmation of an erasure. */
const FIELDS = { q: "patient-q", confirm: "patient-confirm" } as const;

/** Every post: its action and the search as typed, kept to show again. */
const postedForm = z.object({ intent: formText(), q: formText(300) });

/** A search: a reference, an e-mail address, a phone or ID number, or a full name. */
const findForm = z.object({ q: patientQueryField });

/** An erasure: the one patient (a reference or an address), the typed confirmation and the fingerprint of what was shown. */
const eraseForm = z.object({ q: exactPatientField, confirm: formText(300), fingerprint: formText(2000) });

type Exact = Extract<PatientQuery, { kind: "reference" | "email" }>;

/** The person and their records as the page shows them before anything is exported or erased. */
async function recordsView(rt: Parameters<typeof patientHoldings>[0], match: PatientMatch, q: string) {
  const today = clinicToday(rt.now());
  const people = patientPeople(match).map((p) => ({
    name: p.name,
    dob: p.dob ? formatAbbreviatedDate(p.dob) : "",
    clinicPatientIds: p.clinicPatientIds,
  }));
  const upcoming = match.appointments.filter((a) => isUpcoming(a, today));
  return {
    q,
    email: match.email,
    fingerprint: matchFingerprint(match),
    people,
    records: [
      ...match.appointments.map((a) => ({
        reference: a.reference,
        kind: "Appointment",
        date:
          a.status === "confirmed" && a.confirmed_date
            ? `${formatAbbreviatedDate(a.confirmed_date)}${a.confirmed_time ? ` at ${a.confirmed_time}` : ""}`
            : `${formatAbbreviatedDate(a.requested_date)} (asked for)`,
        service: serviceTitle(a.service_name),
        status: a.status,
        upcoming: isUpcoming(a, today),
      })),
      ...match.enquiries.map((e) => ({
        reference: e.reference,
        kind: "Enquiry",
        date: `${formatAbbreviatedDate(clinicDate(new Date(e.created_at)))} (received)`,
        service: "",
        status: e.status,
        upcoming: false,
      })),
    ],
    upcoming: upcoming.map((a) => a.reference),
    // Reads every table and the outbox: done only when the list is shown, not before an erasure that reads again.
    held: await patientHoldings(rt, match),
  };
}

type Found = Awaited<ReturnType<typeof recordsView>>;

/**
 * Done: the people a search matches (`choose`), one patient's records
 * (`found`), or the erasure's notice (`erased`). Refused: the search's
 * problem, with what was typed; or the erasure's, with the records again.
 */
type Answer = StaffAnswer<
  {
    choose?: { q: string; candidates: PatientCandidate[] };
    found?: Found;
    erased?: { notified: number; email: string };
  },
  { q: string },
  { found?: Found }
>;

const searchError = (error: string, status = 400, q = "") =>
  refused<Answer>(status, { errors: { [FIELDS.q]: error }, values: { q } });

/** Searches and erasures are POSTs, so what identifies a patient never appears in a URL or a log line. */
export async function action(args: Route.ActionArgs) {
  const { staff, rt } = await requireStaff(args, { role: "manager" });
  const formData = await args.request.formData();
  // What every post carries: which action, and the search as typed (shown again with an error).
  const posted = parseForm(formData, postedForm);
  const { intent, q: typed } = posted.ok ? posted.value : { intent: "", q: "" };

  if (intent === "find") {
    const form = parseForm(formData, findForm);
    if (!form.ok) return searchError(form.errors.q?.[0] ?? "", 400, typed);
    const query = form.value.q;
    const candidates = await findCandidates(rt.db, query);
    if (!candidates.length) return searchError(NOT_FOUND, 404, typed);
    const exact = query.kind === "reference" || query.kind === "email";
    if (!exact && candidates.length > 1)
      return done<Answer>({
        choose: {
          q: query.value,
          candidates: candidates.map((c) => ({
            ...c,
            dobs: c.dobs.map((date) => formatAbbreviatedDate(date)),
          })),
        },
      });
    const chosen: Exact = exact ? query : { kind: "email", value: candidates[0]!.email };
    const match = await findPatient(rt.db, chosen);
    if (!match) return searchError(NOT_FOUND, 404, typed);
    return done<Answer>({ found: await recordsView(rt, match, chosen.value) });
  }

  if (intent !== "erase") return searchError("Unknown action.");
  const form = parseForm(formData, eraseForm);
  if (!form.ok) return searchError(form.errors.q?.[0] ?? "", 400, typed);
  const match = await findPatient(rt.db, form.value.q);
  if (!match) return searchError(NOT_FOUND, 404, typed);
  const query = form.value.q;
  const confirmed = parsePatientQuery(form.value.confirm);
  // Refused: the records shown again, with the erasure's problem at its confirmation field.
  const refuse = async (error: string, status: number) =>
    refused<Answer>(status, {
      found: await recordsView(rt, match, query.value),
      errors: { [FIELDS.confirm]: error },
      values: { q: typed },
    });
  if (!confirmed || confirmed.value !== query.value)
    return refuse(`Type ${query.value} exactly as shown to confirm the erasure.`, 400);
  const erased = await erasePatient(rt, staff, match, form.value.fingerprint);
  if (erased.kind === "refused") return refuse(erased.failure, 409);
  return done<Answer>({
    notice:
      "Everything held about them is erased. The audit log records that an erasure happened, and nothing about the patient.",
    erased: { notified: erased.notified, email: match.email },
  });
}

export default function StaffPatientData({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const found = actionData?.found ?? null;
  const choose = actionData?.ok ? actionData.choose : undefined;
  const erased = actionData?.ok ? actionData.erased : undefined;
  const errors = actionData?.ok === false ? actionData.errors : undefined;
  const resultRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The error summary takes the focus after a refused post; a result's heading after any other.
    if (actionData && !errors) resultRef.current?.focus();
  }, [actionData, errors]);
  // The search as typed after a refused search, or the search that matched several people.
  const searchValue = actionData?.ok === false && !found ? (actionData.values.q ?? "") : (choose?.q ?? "");

  return (
    <>
      <div className="staff-page-head">
        <h1>Patient data</h1>
        <p className="staff-muted staff-rights-intro">
          Under the Data Protection Act 2024 a patient may ask for a copy of their data, or for it to be erased. Find
          them as they tell you who they are: by their full name, a phone number, their ID or passport number, a
          reference, or their e-mail address.
        </p>
      </div>

      <AnswerSummary answer={actionData} />

      <Form method="post" className="staff-form staff-rights-search" noValidate>
        <StaffField
          id={FIELDS.q}
          label="Name, phone, ID number, reference or e-mail"
          hint="For example Neo Mosweu, 71 234 567, APT-2026-000123 or name@example.org. A name must be the full name."
          error={errors?.[FIELDS.q]}
        >
          {(aria) => (
            <input
              key={erased ? "after-erasure" : "search"}
              {...aria}
              name="q"
              type="text"
              autoComplete="off"
              spellCheck={false}
              maxLength={200}
              defaultValue={searchValue}
            />
          )}
        </StaffField>
        <button type="submit" name="intent" value="find" className="button button--primary" disabled={busy}>
          Find patient
        </button>
      </Form>

      {erased ? (
        <div className="staff-alert staff-alert--success" role="status">
          <h2 ref={resultRef} tabIndex={-1}>
            Patient erased
          </h2>
          <p>{actionData?.ok && actionData.notice}</p>
          {erased.notified > 0 && (
            <p>
              {erased.notified === 1
                ? "Their upcoming appointment is cancelled: an e-mail saying so is on its way to "
                : `Their ${erased.notified} upcoming appointments are cancelled: an e-mail saying so is on its way to `}
              <span className="staff-break">{erased.email}</span>.
            </p>
          )}
        </div>
      ) : null}

      {choose ? (
        <section className="staff-section" aria-labelledby="choose-heading">
          <h2 id="choose-heading" ref={resultRef} tabIndex={-1}>
            {`${choose.candidates.length} people match`}
          </h2>
          <p>
            Each e-mail address is one patient. Ask for their date of birth or e-mail address, then choose the one you
            are speaking to.
          </p>
          <DataTable
            region="People found"
            caption="People whose records match the search"
            columns={["Name", "Date of birth", "E-mail address", "Records", ACTIONS_COLUMN]}
          >
            <tbody>
              {choose.candidates.map((c) => (
                <tr key={c.email}>
                  <td>{c.names.join(", ")}</td>
                  <td>{c.dobs.length ? c.dobs.join(", ") : <span className="staff-muted">Not given</span>}</td>
                  <td className="staff-break">{c.email}</td>
                  <td>
                    {[
                      c.appointments
                        ? `${c.appointments} ${c.appointments === 1 ? "appointment" : "appointments"}`
                        : "",
                      c.enquiries ? `${c.enquiries} ${c.enquiries === 1 ? "enquiry" : "enquiries"}` : "",
                    ]
                      .filter(Boolean)
                      .join(", ")}
                  </td>
                  <td>
                    <RowAction name="q" value={c.email} intent="find" busy={busy}>
                      Show records<span className="visually-hidden"> of {c.names[0]}</span>
                    </RowAction>
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </section>
      ) : null}

      {found ? (
        <div className="staff-rights">
          <section className="card staff-card" aria-labelledby="found-heading">
            <h2 id="found-heading" ref={resultRef} tabIndex={-1}>
              Who this is
            </h2>
            <dl className="staff-rights__who">
              {found.people.map((p) => (
                <div key={`${p.name}|${p.dob}`}>
                  <dt>{p.name}</dt>
                  <dd>{p.dob ? `Born ${p.dob}` : "No date of birth given (an enquiry)"}</dd>
                  {p.clinicPatientIds.length ? <dd>{`Clinic patient ID ${p.clinicPatientIds.join(", ")}`}</dd> : null}
                </div>
              ))}
            </dl>
            <p>
              Everything made with the e-mail address <strong className="staff-break">{found.email}</strong> counts as
              one patient.{" "}
              {found.people.length > 1
                ? "More than one name or date of birth was given with it: check with the patient that all of these records are theirs."
                : "If several people share that address, their records are listed here too."}
            </p>
            <DataTable
              region="Records found"
              caption="Appointments and enquiries for this patient, with their status"
              columns={["Record", "Status", "Date", "Service"]}
            >
              <tbody>
                {found.records.map((r) => (
                  <tr key={r.reference}>
                    <td>
                      <span className="staff-mono staff-break">{r.reference}</span>
                      <span className="staff-sub">{r.kind}</span>
                    </td>
                    <td>
                      <StatusBadge status={r.status} />
                      {r.upcoming && <span className="staff-sub staff-upcoming">Still to come</span>}
                    </td>
                    <td>{r.date}</td>
                    <td>{r.service || <span className="staff-muted">None (enquiry)</span>}</td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
            <h3 className="staff-rights__subhead">What the clinic holds about them</h3>
            <ul className="staff-rights__counts">
              {found.held.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p className="staff-muted">
              The audit log also records which staff member viewed or changed these records, and when; it names no
              patient and is kept after an erasure.
            </p>
          </section>

          <section className="card staff-card" aria-labelledby="export-heading">
            <h2 id="export-heading">Export</h2>
            <p>
              One zip file: the records as JSON, the uploaded files and the e-mails. The download is recorded in the
              audit log.
            </p>
            <Form method="post" action="/staff/patient-data/export" reloadDocument noValidate>
              <input type="hidden" name="q" value={found.q} />
              <button type="submit" className="button button--primary">
                Download all data (zip)
              </button>
            </Form>
          </section>

          <section className="card staff-card staff-rights__erase" aria-labelledby="erase-heading">
            <h2 id="erase-heading">Erase</h2>
            {found.upcoming.length > 0 && (
              <div className="staff-alert staff-alert--warning">
                <p>
                  <strong>
                    {found.upcoming.length === 1
                      ? `${found.upcoming[0]} is still to come.`
                      : `${found.upcoming.length} appointments are still to come: ${found.upcoming.join(", ")}.`}
                  </strong>{" "}
                  Erasing cancels {found.upcoming.length === 1 ? "it" : "them"}, and the patient is sent an e-mail at{" "}
                  <span className="staff-break">{found.email}</span> saying only that{" "}
                  {found.upcoming.length === 1 ? "this appointment is" : "these appointments are"} cancelled.
                </p>
              </div>
            )}
            <p>
              This permanently deletes everything listed above: the records, the uploaded files, the e-mails (queued
              ones are not sent) and the stored replies. It cannot be undone. Copies inside earlier backups go when
              those backups are rotated out.
            </p>
            <Form method="post" className="staff-form" noValidate>
              <input type="hidden" name="q" value={found.q} />
              <input type="hidden" name="fingerprint" value={found.fingerprint} />
              <StaffField
                id={FIELDS.confirm}
                label={
                  <>
                    Type <span className="staff-mono staff-break">{found.q}</span> to confirm
                  </>
                }
                error={errors?.[FIELDS.confirm]}
              >
                {(aria) => <input {...aria} name="confirm" type="text" autoComplete="off" spellCheck={false} />}
              </StaffField>
              <button type="submit" name="intent" value="erase" className="button staff-button--danger" disabled={busy}>
                Erase this patient permanently
              </button>
            </Form>
          </section>
        </div>
      ) : null}
    </>
  );
}
