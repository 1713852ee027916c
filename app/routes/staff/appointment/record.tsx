import { formatAbbreviatedDate, formatClinicDateTime } from "@domain/dates";
import { paymentLabel } from "@domain/payments";
import { LANGUAGE_NAMES } from "@domain/locale";
import { serviceTitle } from "@domain/catalogue";
import { IMAGES_RECEIVED_LABEL } from "@domain/images";
import { formatBytes } from "~/components/staff/staff-format";
import { StatusBadge } from "~/components/staff/status-badge";
import { SafetyAnswers } from "~/components/staff/safety-answers";
import { DataTable } from "~/components/staff/data-table";
import type { Route } from "./+types/route";

type Loaded = Route.ComponentProps["loaderData"];

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="staff-dl__row">
      <dt>{label}</dt>
      <dd>{children || <span className="staff-muted">Not given</span>}</dd>
    </div>
  );
}

/** The appointment as held: the request, the patient, their safety answers and their referral files. */
export function AppointmentRecord({
  appointment: a,
  files,
  children,
}: {
  appointment: Loaded["appointment"];
  files: Loaded["files"];
  /** Cards shown after the referral files: the referring doctor, the report. */
  children?: React.ReactNode;
}) {
  return (
    <div className="staff-detail__record">
      <section className="card staff-card" aria-labelledby="request-heading">
        <h2 id="request-heading">Request</h2>
        <dl className="staff-dl">
          <Field label="Service">{serviceTitle(a.service_name)}</Field>
          <Field label="Requested date">{formatAbbreviatedDate(a.requested_date)}</Field>
          <Field label="Submitted at (patient's clock)">{a.submitted_time}</Field>
          <Field label="Payment method">{paymentLabel(a.payment_method)}</Field>
          <Field label="Medical aid number">{a.medical_aid_number}</Field>
          <Field label="Notes">{a.notes && <span className="staff-pre">{a.notes}</span>}</Field>
          {a.status === "confirmed" || a.confirmed_date ? (
            <Field label="Confirmed for">
              {a.confirmed_date ? `${formatAbbreviatedDate(a.confirmed_date)} at ${a.confirmed_time}` : ""}
            </Field>
          ) : null}
          {a.cancel_reason ? <Field label="Cancellation reason">{a.cancel_reason}</Field> : null}
          {a.arrived_at ? <Field label="Arrived">{formatClinicDateTime(a.arrived_at)}</Field> : null}
          {a.images_received_at ? (
            <Field label={IMAGES_RECEIVED_LABEL}>{formatClinicDateTime(a.images_received_at)}</Field>
          ) : null}
        </dl>
      </section>

      <section className="card staff-card" aria-labelledby="patient-heading">
        <h2 id="patient-heading">Patient</h2>
        <dl className="staff-dl">
          <Field label="First name">{a.name}</Field>
          <Field label="Surname">{a.surname}</Field>
          <Field label="Date of birth">{formatAbbreviatedDate(a.dob)}</Field>
          <Field label="Gender">{a.gender}</Field>
          <Field label="ID or passport number">{a.id_passport_number}</Field>
          <Field label="Clinic patient ID">
            {a.clinic_patient_id ?? <span className="staff-muted">Given when the appointment is confirmed</span>}
          </Field>
          <Field label="Phone">
            <a href={`tel:${a.phone.replace(/[^\d+]/g, "")}`}>{a.phone}</a>
          </Field>
          <Field label="Alternative phone">
            <a href={`tel:${a.alternate_phone.replace(/[^\d+]/g, "")}`}>{a.alternate_phone}</a>
          </Field>
          <Field label="Email">
            <a href={`mailto:${a.email}`}>{a.email}</a>
          </Field>
          <Field label="Language">{LANGUAGE_NAMES[a.language]}</Field>
        </dl>
      </section>

      <SafetyAnswers service={a.service_name} stored={a.safety_answers} savedAt={a.safety_saved_at} />

      <section className="card staff-card" aria-labelledby="files-heading">
        <h2 id="files-heading">Referral files</h2>
        {files.length === 0 ? (
          <p>No referral file was uploaded.</p>
        ) : (
          <ul className="staff-files">
            {files.map((f) => (
              <li key={f.public_id}>
                <span className="staff-files__name">{f.display_name}</span>
                <span className="staff-muted">
                  {f.mime_type === "application/pdf" ? "PDF" : f.mime_type === "image/png" ? "PNG image" : "JPEG image"}
                  , {formatBytes(f.size_bytes)}
                </span>
                <span className="staff-files__actions">
                  <a href={`/api/staff/uploads/${f.public_id}`} target="_blank" rel="noopener">
                    View
                    <span className="visually-hidden"> {f.display_name}</span> (opens in a new tab)
                  </a>
                  <a href={`/api/staff/uploads/${f.public_id}?download=1`} download>
                    Download
                    <span className="visually-hidden"> {f.display_name}</span>
                  </a>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {children}
    </div>
  );
}

/** Each change of the appointment's status, oldest first. */
export function StatusHistory({ history }: { history: Loaded["history"] }) {
  return (
    <section className="staff-section" aria-labelledby="history-heading">
      <h2 id="history-heading">Status history</h2>
      {history.length === 0 ? (
        <p>No changes yet.</p>
      ) : (
        <DataTable
          region="Status history table"
          caption="Status changes, oldest first"
          columns={["When", "By", "From", "To", "Details"]}
        >
          <tbody>
            {history.map((h) => (
              <tr key={h.id}>
                <td className="staff-nowrap">{formatClinicDateTime(h.created_at)}</td>
                <td>{h.actor === "images" ? "The system, as the images arrived" : (h.staff_name ?? "The patient")}</td>
                <td>{h.from_status ? <StatusBadge status={h.from_status} /> : null}</td>
                <td>
                  <StatusBadge status={h.to_status} />
                </td>
                <td>{h.note}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </section>
  );
}
