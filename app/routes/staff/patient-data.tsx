import { useEffect, useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { formatAbbreviatedDate, formatClinicDateTime } from "@domain/dates";
import { staffMeta } from "~/components/staff/staff-format";
import { formText, parseForm } from "~/lib/form-data";
import { DataTable } from "~/components/staff/data-table";
import { serviceTitle } from "@domain/catalogue";
import { requireStaff } from "~/lib/staff.server";
import {
  countsInWords,
  EraseRefused,
  erasePatient,
  findPatient,
  matchFingerprint,
  parsePatientQuery,
  patientCounts,
  QUERY_INVALID,
} from "~/lib/staff/privacy.server";
import { patientQueryField } from "./patient-query.server";
import type { Route } from "./+types/patient-data";

export const meta = () => staffMeta("Patient data");

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, { role: "manager" });
  return null;
}

const NOT_FOUND = "No appointment or enquiry matches. Check the reference or e-mail address.";

/**
 * A reference or e-mail address to find (the only check made before the
 * records are read), then for an erasure the typed confirmation and the
 * fingerprint of what was shown.
 */
const patientDataForm = z.object({
  intent: formText(),
  q: patientQueryField,
  confirm: formText(),
  fingerprint: formText(),
});

/** Searches and erasures are POSTs, so a patient's e-mail address never appears in a URL or a log line. */
export async function action(args: Route.ActionArgs) {
  const { staff, rt } = await requireStaff(args, { role: "manager" });
  const form = parseForm(await args.request.formData(), patientDataForm);
  if (!form.ok) return data({ kind: "error" as const, field: "q" as const, error: QUERY_INVALID }, { status: 400 });
  const { intent, q: query } = form.value;
  const match = await findPatient(rt.db, query);
  if (!match) return data({ kind: "error" as const, field: "q" as const, error: NOT_FOUND }, { status: 404 });
  // Counting reads every table and the outbox: done only when the list is shown, not before an erasure that counts again.
  const view = async () => ({
    q: query.value,
    email: match.email,
    fingerprint: matchFingerprint(match),
    records: [
      ...match.appointments.map((a) => ({
        reference: a.reference,
        kind: "Appointment",
        date: formatAbbreviatedDate(a.confirmed_date ?? a.requested_date),
        service: serviceTitle(a.service_name),
      })),
      ...match.enquiries.map((e) => ({
        reference: e.reference,
        kind: "Enquiry",
        date: formatAbbreviatedDate(formatClinicDateTime(e.created_at).slice(0, 10)),
        service: "",
      })),
    ],
    counts: countsInWords(await patientCounts(rt, match), { style: "long" }),
  });
  if (intent === "find") return { kind: "found" as const, found: await view() };
  if (intent !== "erase")
    return data({ kind: "error" as const, field: "q" as const, error: "Unknown action." }, { status: 400 });

  const typed = parsePatientQuery(form.value.confirm);
  if (!typed || typed.value !== query.value) {
    return data(
      {
        kind: "found" as const,
        found: await view(),
        confirmError: `Type ${query.value} exactly as shown to confirm the erasure.`,
      },
      { status: 400 },
    );
  }
  try {
    const counts = await erasePatient(rt, staff, match, form.value.fingerprint);
    return { kind: "erased" as const, counts: countsInWords(counts, { style: "long", skipZero: true }) };
  } catch (error) {
    if (error instanceof EraseRefused)
      return data({ kind: "found" as const, found: await view(), confirmError: error.message }, { status: 409 });
    throw error;
  }
}

export default function StaffPatientData({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const found = actionData?.kind === "found" ? actionData.found : null;
  const confirmError = actionData && "confirmError" in actionData ? actionData.confirmError : null;
  const searchError = actionData?.kind === "error" ? actionData.error : null;
  const resultRef = useRef<HTMLHeadingElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (confirmError) confirmRef.current?.focus();
    else if (searchError) searchRef.current?.focus();
    else if (actionData) resultRef.current?.focus();
  }, [actionData, confirmError, searchError]);

  return (
    <>
      <div className="staff-page-head">
        <h1>Patient data</h1>
        <p className="staff-muted staff-rights-intro">
          Under the Data Protection Act 2024 a patient may ask for a copy of their data, or for it to be erased. Find
          them by an appointment or enquiry reference, or by their e-mail address.
        </p>
      </div>

      <Form method="post" className="staff-form staff-rights-search" noValidate>
        <div className="staff-field">
          <label htmlFor="patient-q">Reference or e-mail address</label>
          <span id="patient-q-hint" className="staff-sub">
            For example APT-2026-000123 or name@example.org
          </span>
          {searchError ? (
            <p id="patient-q-error" className="staff-field__error">
              {searchError}
            </p>
          ) : null}
          <input
            key={actionData?.kind === "erased" ? "after-erasure" : "search"}
            ref={searchRef}
            id="patient-q"
            name="q"
            type="text"
            autoComplete="off"
            spellCheck={false}
            required
            defaultValue={found?.q ?? ""}
            aria-invalid={searchError ? true : undefined}
            aria-describedby={searchError ? "patient-q-hint patient-q-error" : "patient-q-hint"}
          />
        </div>
        <button type="submit" name="intent" value="find" className="button button--primary" disabled={busy}>
          Find patient
        </button>
      </Form>

      {actionData?.kind === "erased" ? (
        <div className="staff-alert staff-alert--success" role="status">
          <h2 ref={resultRef} tabIndex={-1}>
            Patient erased
          </h2>
          <p>
            Erased: {actionData.counts.join(", ")}. The audit log records that an erasure happened, and nothing about
            the patient.
          </p>
        </div>
      ) : null}

      {found ? (
        <div className="staff-rights">
          <section className="card staff-card" aria-labelledby="found-heading">
            <h2 id="found-heading" ref={resultRef} tabIndex={-1}>
              Records for this patient
            </h2>
            <p>
              Everything made with the e-mail address <strong className="staff-break">{found.email}</strong> counts as
              one patient. If several people share that address, their records are listed here too.
            </p>
            <DataTable
              region="Records found"
              caption="Appointments and enquiries for this patient"
              columns={["Record", "Date", "Service"]}
            >
              <tbody>
                {found.records.map((r) => (
                  <tr key={r.reference}>
                    <td>
                      <span className="staff-mono staff-break">{r.reference}</span>
                      <span className="staff-sub">{r.kind}</span>
                    </td>
                    <td className="staff-nowrap">{r.date}</td>
                    <td>{r.service || <span className="staff-muted">None (enquiry)</span>}</td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
            <h3 className="staff-rights__subhead">Held with these records</h3>
            <ul className="staff-rights__counts">
              {found.counts.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </section>

          <section className="card staff-card" aria-labelledby="export-heading">
            <h2 id="export-heading">Export</h2>
            <p>
              One zip file: the records as JSON, the uploaded files and the e-mails. The download is recorded in the
              audit log.
            </p>
            <Form method="post" action="/staff/patient-data/export" reloadDocument>
              <input type="hidden" name="q" value={found.q} />
              <button type="submit" className="button button--primary">
                Download all data (zip)
              </button>
            </Form>
          </section>

          <section className="card staff-card staff-rights__erase" aria-labelledby="erase-heading">
            <h2 id="erase-heading">Erase</h2>
            <p>
              This permanently deletes everything listed above: the records, the uploaded files, the e-mails (queued
              ones are not sent) and the stored replies. It cannot be undone. Copies inside earlier backups go when
              those backups are rotated out.
            </p>
            <Form method="post" className="staff-form" noValidate>
              <input type="hidden" name="q" value={found.q} />
              <input type="hidden" name="fingerprint" value={found.fingerprint} />
              <div className="staff-field">
                <label htmlFor="patient-confirm">
                  Type <span className="staff-mono staff-break">{found.q}</span> to confirm
                </label>
                {confirmError ? (
                  <p id="patient-confirm-error" className="staff-field__error">
                    {confirmError}
                  </p>
                ) : null}
                <input
                  ref={confirmRef}
                  id="patient-confirm"
                  name="confirm"
                  type="text"
                  autoComplete="off"
                  spellCheck={false}
                  required
                  aria-invalid={confirmError ? true : undefined}
                  aria-describedby={confirmError ? "patient-confirm-error" : undefined}
                />
              </div>
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
