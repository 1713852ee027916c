import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { openingHoursSentence } from "@domain/clinic";
import { formatAbbreviatedDate, formatClinicDateTime } from "@domain/dates";
import { paymentLabel } from "@domain/payments";
import { formatBytes, staffMeta } from "~/components/staff/staff-format";
import { StatusBadge } from "~/components/staff/status-badge";
import { serviceGuidance, serviceTitle } from "@domain/catalogue";
import {
  allowedNext,
  changeStatus,
  getAppointment,
  idParam,
  openingFor,
  recordAudit,
  requireStaff,
  StatusChangeError,
  type StatusChange,
} from "~/lib/staff.server";
import type { Route } from "./+types/appointment";

export const meta = ({ data: d }: Route.MetaArgs) =>
  staffMeta(d ? `Appointment ${d.appointment.reference}` : "Appointment");

const DONE_MESSAGES: Record<string, string> = {
  confirmed: "Appointment confirmed. The patient's confirmation e-mail, with a calendar file, is on its way.",
  attended: "Marked as attended.",
  no_show: "Marked as no-show.",
  cancelled: "Appointment cancelled.",
};

export async function loader(args: Route.LoaderArgs) {
  const { staff, rt } = await requireStaff(args);
  const id = idParam(args.params.id);
  const found = await getAppointment(rt.db, id);
  if (!found) throw new Response("Not found", { status: 404 });
  await recordAudit(
    rt.db,
    {
      staffId: staff.id,
      staffEmail: staff.email,
      action: "appointment_view",
      targetType: "appointment",
      targetId: id,
    },
    rt.now(),
  );
  const a = found.appointment;
  const done = new URL(args.request.url).searchParams.get("done");
  return {
    ...found,
    next: allowedNext(a.status),
    preparation: serviceGuidance(a.service_name),
    opening: openingFor(a.requested_date) ?? null,
    done: done && DONE_MESSAGES[done] ? DONE_MESSAGES[done] : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const { staff, rt } = await requireStaff(args);
  const id = idParam(args.params.id);
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  let change: StatusChange;
  if (intent === "confirm")
    change = {
      to: "confirmed",
      date: String(form.get("date") ?? ""),
      time: String(form.get("time") ?? ""),
    };
  else if (intent === "attended") change = { to: "attended" };
  else if (intent === "no_show") change = { to: "no_show" };
  else if (intent === "cancel") change = { to: "cancelled", reason: String(form.get("reason") ?? "") };
  else return data({ error: "Unknown action.", intent }, { status: 400 });
  try {
    await changeStatus(rt, staff, id, change);
  } catch (error) {
    if (error instanceof StatusChangeError) return data({ error: error.message, intent }, { status: 422 });
    throw error;
  }
  return redirect(`/staff/appointments/${id}?done=${change.to}`);
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="staff-dl__row">
      <dt>{label}</dt>
      <dd>{children || <span className="staff-muted">Not given</span>}</dd>
    </div>
  );
}

export default function StaffAppointment({ loaderData, actionData }: Route.ComponentProps) {
  const { appointment: a, files, history, next, preparation, opening, done } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (actionData?.error || done) alertRef.current?.focus();
  }, [actionData, done]);
  const suggestedTime = opening?.opens && opening.opens > "09:00" ? opening.opens : "09:00";
  return (
    <>
      <p className="staff-back">
        <Link to="/staff/appointments">Back to appointments</Link>
      </p>
      <div className="staff-page-head staff-page-head--row">
        <h1>
          {a.name} {a.surname}
        </h1>
        <StatusBadge status={a.status} />
      </div>
      <p className="staff-muted">
        Reference <span className="staff-mono">{a.reference}</span>, received {formatClinicDateTime(a.created_at)}
      </p>

      {(actionData?.error || done) && (
        <div
          ref={alertRef}
          tabIndex={-1}
          role={actionData?.error ? "alert" : "status"}
          className={`staff-alert ${actionData?.error ? "staff-alert--error" : "staff-alert--success"}`}
        >
          {actionData?.error ?? done}
        </div>
      )}

      <div className="staff-detail">
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
              <Field label="Phone">
                <a href={`tel:${a.phone.replace(/[^\d+]/g, "")}`}>{a.phone}</a>
              </Field>
              <Field label="Alternate phone">
                <a href={`tel:${a.alternate_phone.replace(/[^\d+]/g, "")}`}>{a.alternate_phone}</a>
              </Field>
              <Field label="Email">
                <a href={`mailto:${a.email}`}>{a.email}</a>
              </Field>
            </dl>
          </section>

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
                      {f.mime_type === "application/pdf"
                        ? "PDF"
                        : f.mime_type === "image/png"
                          ? "PNG image"
                          : "JPEG image"}
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
        </div>
        <section className="card staff-card staff-actions staff-detail__actions" aria-labelledby="actions-heading">
          <h2 id="actions-heading">Actions</h2>
          {next.length === 0 && <p>No further status changes are possible.</p>}
          {next.includes("confirmed") && (
            <Form method="post" className="staff-form" id="confirm" aria-labelledby="confirm-heading">
              <h3 id="confirm-heading">Confirm the appointment</h3>
              <p className="staff-muted">
                {openingHoursSentence()} Expected length {preparation.durationMinutes} minutes.
              </p>
              <div className="staff-form__row">
                <div className="staff-field">
                  <label htmlFor="confirm-date">Date</label>
                  <input id="confirm-date" name="date" type="date" required defaultValue={a.requested_date} />
                </div>
                <div className="staff-field">
                  <label htmlFor="confirm-time">Time</label>
                  <input id="confirm-time" name="time" type="time" required step={300} defaultValue={suggestedTime} />
                </div>
              </div>
              <button type="submit" name="intent" value="confirm" className="button button--primary" disabled={busy}>
                Confirm appointment
              </button>
            </Form>
          )}
          {(next.includes("attended") || next.includes("no_show")) && (
            <Form method="post" className="staff-form staff-form--inline">
              <h3>After the appointment</h3>
              <div className="staff-button-row">
                <button type="submit" name="intent" value="attended" className="button button--primary" disabled={busy}>
                  Mark attended
                </button>
                <button type="submit" name="intent" value="no_show" className="button button--outline" disabled={busy}>
                  Mark no-show
                </button>
              </div>
            </Form>
          )}
          {next.includes("cancelled") && (
            <Form method="post" className="staff-form">
              <h3>Cancel</h3>
              <div className="staff-field">
                <label htmlFor="cancel-reason">Reason for cancelling</label>
                <textarea id="cancel-reason" name="reason" rows={2} required maxLength={500} />
              </div>
              <button
                type="submit"
                name="intent"
                value="cancel"
                className="button staff-button--danger"
                disabled={busy}
              >
                Cancel appointment
              </button>
            </Form>
          )}
          <details className="staff-details">
            <summary>Preparation notes sent with the confirmation</summary>
            <ul>
              {preparation.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          </details>
        </section>
      </div>

      <section className="staff-section" aria-labelledby="history-heading">
        <h2 id="history-heading">Status history</h2>
        {history.length === 0 ? (
          <p>No changes yet.</p>
        ) : (
          <div className="staff-table-wrap" tabIndex={0} role="region" aria-label="Status history">
            <table className="staff-table">
              <caption className="visually-hidden">Status changes, oldest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">By</th>
                  <th scope="col">From</th>
                  <th scope="col">To</th>
                  <th scope="col">Details</th>
                </tr>
              </thead>
              <tbody>
                {history.map((h) => (
                  <tr key={h.id}>
                    <td className="staff-nowrap">{formatClinicDateTime(h.created_at)}</td>
                    <td>{h.staff_name ?? "The patient"}</td>
                    <td>{h.from_status ? <StatusBadge status={h.from_status} /> : null}</td>
                    <td>
                      <StatusBadge status={h.to_status} />
                    </td>
                    <td>{h.note}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
