import { useEffect, useMemo, useRef, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { openingHoursSentence } from "@domain/clinic";
import { clinicDate, clinicTime, formatAbbreviatedDate, formatClinicDateTime, parseDateInput } from "@domain/dates";
import { DATE_FIELD_HINT, DateInput } from "~/components/staff/date-field";
import { paymentLabel } from "@domain/payments";
import { LANGUAGE_NAMES } from "@domain/locale";
import { formatBytes, staffMeta } from "~/components/staff/staff-format";
import { formText, parseForm } from "~/lib/form-data";
import { StatusBadge } from "~/components/staff/status-badge";
import { SafetyAnswers } from "~/components/staff/safety-answers";
import { DataTable } from "~/components/staff/data-table";
import { StaffErrorSummary, StaffField, type FieldErrors } from "~/components/staff/form-errors";
import { MessageHistory } from "~/components/staff/message-history";
import { DuplicateNotice } from "~/components/staff/duplicate-flag";
import { appointmentGuidance, examinationsFor, serviceTitle } from "@domain/catalogue";
import { findRoom, roomsForService } from "@domain/rooms";
import { CANCEL_REASON_MAX, isActiveStatus } from "@domain/statuses";
import { openingFor } from "@domain/opening-days";
import { idParam, requireStaff } from "~/lib/staff.server";
import {
  allowedNext,
  changeStatus,
  closeAsDuplicate,
  freeStarts,
  contactChoiceOf,
  messagesFor,
  moveAppointment,
  outcomeFrom,
  textsAction,
  StatusChangeError,
  viewAppointment,
  type StatusChange,
  type StatusChangeErrors,
  type StatusChangeField,
} from "~/lib/staff/appointments.server";
import type { Route } from "./+types/appointment";

export const meta = ({ data: d }: Route.MetaArgs) =>
  staffMeta(d ? `Appointment ${d.appointment.reference}` : "Appointment");

const DONE_MESSAGES: Record<string, string> = {
  confirmed: "Appointment confirmed. The patient's confirmation e-mail, with a calendar file, is on its way.",
  attended: "Marked as attended.",
  no_show: "Marked as no-show.",
  cancelled: "Appointment cancelled.",
  moved: "Appointment moved. The patient's e-mail with the new time is on its way.",
  resent: "The text message is queued to be sent again.",
  channel: "Saved: how the patient gets texts.",
  duplicate: "Closed as a duplicate. The patient was not e-mailed or texted: their other request is still open.",
};

/** The outcomes said beside the messages, where the page comes back (#messages). */
const MESSAGE_DONE = new Set(["resent", "channel"]);

/** What is wrong with the day form (a GET form: the loader reads it). */
const PICK_MESSAGES = {
  date: "Enter the date to see its free times.",
  examination: "Choose the examination to see the free times.",
} as const;

export async function loader(args: Route.LoaderArgs) {
  const { staff, rt } = await requireStaff(args);
  const id = idParam(args.params.id);
  const found = await viewAppointment(rt, staff, id);
  if (!found) throw new Response("Not found", { status: 404 });
  const a = found.appointment;
  const params = new URL(args.request.url).searchParams;
  const done = params.get("done");
  const examinations = examinationsFor(a.service_name);
  const wanted = params.get("examination") ?? a.examination ?? "";
  const examination = examinations.some((e) => e.name === wanted) ? wanted : null;
  const dateParam = params.get("date");
  const sentDate = dateParam === null ? null : parseDateInput(dateParam);
  const placeDate = sentDate ?? a.confirmed_date ?? a.requested_date;
  // The day form, once sent: each of its fields that is wrong, at once (no free times are shown then).
  const pickErrors: StatusChangeErrors = {};
  if (dateParam !== null && !sentDate) pickErrors.date = PICK_MESSAGES.date;
  // The form sends no examination while none is chosen (its placeholder option is disabled).
  if (dateParam !== null && examinations.length > 0 && !examination) pickErrors.examination = PICK_MESSAGES.examination;
  const placing = isActiveStatus(a.status);
  const free = placing ? await freeStarts(rt, a, placeDate, examination) : null;
  const now = rt.now();
  const next = allowedNext(a, now);
  // A confirmed appointment whose time has not come: when attended and no-show open.
  const from = a.status === "confirmed" && !next.includes("attended") ? outcomeFrom(a) : undefined;
  return {
    ...found,
    // Each text as it was sent, number and words too, and how the patient gets them (decision 043).
    texts: await messagesFor(rt.db, a.reference),
    channel: contactChoiceOf(rt.config, a),
    next,
    outcomeFrom: from ? { date: clinicDate(from), time: clinicTime(from) } : null,
    // Staff choose among these when more than one room serves the service.
    rooms: roomsForService(a.service_name).map((r) => ({ id: r.id, name: r.name })),
    // The chosen examination's own preparation, as the confirmation e-mail gives it.
    preparation: appointmentGuidance(a.service_name, a.examination),
    opening: openingFor(a.requested_date) ?? null,
    done: done && DONE_MESSAGES[done] ? DONE_MESSAGES[done] : null,
    examinations,
    examination,
    placeDate,
    free,
    // The day form refused: its errors, and the date as sent, shown again.
    dayRefused: Object.keys(pickErrors).length ? { errors: pickErrors, date: dateParam ?? placeDate } : null,
  };
}

/**
 * One form per intent on the page; the core checks the date, time, room and
 * reason, every field at once (StatusChangeError's errors), so each field is
 * read as sent here.
 */
const appointmentForm = z.object({
  intent: z.enum(["move", "confirm", "attended", "no_show", "cancel", "resend", "channel", "duplicate"]),
  date: formText(),
  time: formText(),
  typed_time: formText(),
  examination: formText(),
  room: formText(),
  reason: formText(),
  messageId: formText(),
  channel: formText(),
});

/** The fields of a refused form as sent, so the page shows them again. */
type Sent = { time: string; typed_time: string; room: string; reason: string };

/**
 * A refusal: each field's problem at once (`errors`, by field: the page knows
 * their ids), or a sentence about none (`error`), with the intent refused and
 * what was sent.
 */
type Refusal = { intent: string; error?: string; errors?: StatusChangeErrors; sent?: Sent };

export async function action(args: Route.ActionArgs) {
  const { staff, rt } = await requireStaff(args);
  const id = idParam(args.params.id);
  const form = parseForm(await args.request.formData(), appointmentForm);
  if (!form.ok) return data<Refusal>({ error: "Unknown action.", intent: form.values.intent ?? "" }, { status: 400 });
  const { intent } = form.value;
  const sent: Sent = {
    time: form.value.time,
    typed_time: form.value.typed_time,
    room: form.value.room,
    reason: form.value.reason,
  };
  const refuse = (error: unknown) => {
    if (!(error instanceof StatusChangeError)) throw error;
    const fields = Object.keys(error.errors).length > 0;
    return data<Refusal>(fields ? { errors: error.errors, intent, sent } : { error: error.message, intent, sent }, {
      status: 422,
    });
  };
  let change: StatusChange;
  const typed = form.value.typed_time.trim();
  const placement = {
    date: form.value.date,
    time: typed || form.value.time,
    examination: form.value.examination || null,
    room: form.value.room || null,
  };
  if (intent === "resend" || intent === "channel") {
    const done = await textsAction(rt, staff, id, intent, form.value);
    if (!done.ok) return data<Refusal>({ error: done.error, intent }, { status: done.status });
    return redirect(`/staff/appointments/${id}?done=${intent === "resend" ? "resent" : "channel"}#messages`);
  }
  if (intent === "duplicate") {
    try {
      await closeAsDuplicate(rt, staff, id);
    } catch (error) {
      return refuse(error);
    }
    return redirect(`/staff/appointments/${id}?done=duplicate`);
  }
  if (intent === "move") {
    try {
      await moveAppointment(rt, staff, id, placement);
    } catch (error) {
      return refuse(error);
    }
    return redirect(`/staff/appointments/${id}?done=moved`);
  }
  if (intent === "confirm") change = { to: "confirmed", ...placement };
  else if (intent === "attended") change = { to: "attended" };
  else if (intent === "no_show") change = { to: "no_show" };
  else change = { to: "cancelled", reason: form.value.reason };
  try {
    await changeStatus(rt, staff, id, change);
  } catch (error) {
    return refuse(error);
  }
  return redirect(`/staff/appointments/${id}?done=${change.to}`);
}

type FreeOffer = { time: string; rooms: { id: string; name: string }[] };

/** The ids on the page of a change's fields, for the error summary's links and the inline messages. */
function fieldIds(intent: "confirm" | "move", timeTarget: string): Record<StatusChangeField, string> {
  return {
    date: `${intent}-day`,
    examination: `${intent}-examination`,
    time: timeTarget,
    room: `${intent}-room`,
    reason: "cancel-reason",
  };
}

/** The fields in the page's order: the summary lists their errors so. */
const FIELD_ORDER: readonly StatusChangeField[] = ["date", "examination", "time", "room", "reason"];

/**
 * The room, when more than one serves the service (decision 034): the first
 * free room at the chosen time is proposed (chosen in the list, with the
 * rooms busy then marked); staff may choose another. Without JavaScript the
 * list proposes "the first free room" and the server picks it.
 */
function RoomChoice({
  intent,
  rooms,
  offers,
  time,
  sent,
  error,
}: {
  intent: "confirm" | "move";
  rooms: { id: string; name: string }[];
  offers: FreeOffer[];
  time: string;
  /** The room sent with a refused form, chosen again. */
  sent?: string;
  error?: string;
}) {
  const freeThen = offers.find((o) => o.time === time)?.rooms;
  const proposed = freeThen?.[0]?.id ?? "";
  const [chosen, setChosen] = useState<{ time: string; room: string } | null>(sent ? { time, room: sent } : null);
  const value = chosen && chosen.time === time ? chosen.room : proposed;
  return (
    <StaffField
      id={`${intent}-room`}
      label="Room"
      hint="The first free room is proposed once you choose a time; choose another if you prefer."
      error={error}
    >
      {(aria) => (
        <select {...aria} name="room" value={value} onChange={(e) => setChosen({ time, room: e.target.value })}>
          <option value="">The first free room at that time</option>
          {rooms.map((r) => {
            const busy = freeThen !== undefined && !freeThen.some((f) => f.id === r.id);
            return (
              <option key={r.id} value={r.id} disabled={busy}>
                {r.name}
                {busy ? ` (not free at ${time})` : r.id === proposed && time ? " (first free, proposed)" : ""}
              </option>
            );
          })}
        </select>
      )}
    </StaffField>
  );
}

/**
 * Confirming or moving: a GET form chooses the date (and the examination,
 * which sets the length), then a POST form offers the free start times that
 * day, or a typed time checked the same way, and the room when more than one
 * serves the service. Works without JavaScript. A refused form shows each
 * field's error by the field (the day form's too) and what was sent.
 */
function PlaceForm({
  intent,
  placeDate,
  examinations,
  examination,
  free,
  busy,
  room,
  rooms,
  errors,
  ids,
  sent,
  daySent,
}: {
  intent: "confirm" | "move";
  placeDate: string;
  examinations: { name: string; minutes: number }[];
  examination: string | null;
  free: { minutes: number; offers: FreeOffer[]; problem: string | null };
  busy: boolean;
  room: string | null;
  rooms: { id: string; name: string }[];
  /** The errors of the day form or of this one, by field. */
  errors: StatusChangeErrors;
  ids: Record<StatusChangeField, string>;
  sent?: Sent;
  /** The day form as sent when it was refused (its date), else null: then no times are shown. */
  daySent: { date: string } | null;
}) {
  const heading = intent === "move" ? "Move the appointment" : "Confirm the appointment";
  const needsExamination = examinations.length > 0 && !examination;
  const [time, setTime] = useState(sent ? sent.typed_time.trim() || sent.time : "");
  const typedId = `${intent}-typed`;
  const timeError = errors.time;
  const timeHint = free.problem ? null : `${intent}-time-hint`;
  return (
    <div className="staff-form" id={intent}>
      <h3 id={`${intent}-heading`}>{heading}</h3>
      {intent === "move" && room && <p className="staff-muted">Now in {findRoom(room)?.name ?? room}.</p>}
      <p className="staff-muted">{openingHoursSentence()}</p>
      <Form method="get" className="staff-form__row" noValidate aria-label={`${heading}: choose the day`}>
        <StaffField id={ids.date} label="Date" hint={DATE_FIELD_HINT} error={errors.date}>
          {(aria) => <DateInput aria={aria} name="date" value={daySent?.date ?? placeDate} required />}
        </StaffField>
        {examinations.length > 0 && (
          <StaffField id={ids.examination} label="Examination (sets the length)" error={errors.examination}>
            {(aria) => (
              <select {...aria} name="examination" defaultValue={examination ?? ""} required>
                <option value="" disabled>
                  Choose the examination
                </option>
                {examinations.map((e) => (
                  <option key={e.name} value={e.name}>
                    {e.name}, {e.minutes} minutes
                  </option>
                ))}
              </select>
            )}
          </StaffField>
        )}
        <button type="submit" className="button button--outline">
          Show free times
        </button>
      </Form>
      {daySent ? null : needsExamination ? (
        <p>Choose the examination to see the free times.</p>
      ) : (
        <Form method="post" className="staff-place" noValidate aria-labelledby={`${intent}-heading`}>
          <input type="hidden" name="date" value={placeDate} />
          {examination && <input type="hidden" name="examination" value={examination} />}
          <p>
            {formatAbbreviatedDate(placeDate)}: length {free.minutes} minutes.
          </p>
          <fieldset
            className={["staff-slots", timeError ? "staff-field--error" : null].filter(Boolean).join(" ")}
            aria-describedby={
              [timeHint, timeError ? `${intent}-time-error` : null].filter(Boolean).join(" ") || undefined
            }
          >
            <legend>Start time</legend>
            {timeHint && (
              <p id={timeHint} className="staff-field__hint">
                Choose one of the free times that day, or type a time.
              </p>
            )}
            {timeError && (
              <p id={`${intent}-time-error`} className="staff-field__error">
                <span className="visually-hidden">Error: </span>
                {timeError}
              </p>
            )}
            {free.problem ? (
              <p className="staff-muted">{free.problem}</p>
            ) : (
              <ul className="staff-slots__list">
                {free.offers.map((o) => (
                  <li key={o.time}>
                    <input
                      type="radio"
                      id={`${intent}-slot-${o.time}`}
                      name="time"
                      value={o.time}
                      defaultChecked={sent?.time === o.time}
                      onChange={() => setTime(o.time)}
                    />
                    <label htmlFor={`${intent}-slot-${o.time}`}>
                      {o.time}
                      {o.rooms.length > 0 && (
                        <span className="staff-muted"> {o.rooms.map((r) => r.name).join(", ")}</span>
                      )}
                    </label>
                  </li>
                ))}
              </ul>
            )}
            <div className="staff-field">
              <label htmlFor={typedId}>Or type a time (HH:MM)</label>
              <input
                id={typedId}
                aria-invalid={timeError ? true : undefined}
                aria-describedby={timeError ? `${intent}-time-error` : undefined}
                name="typed_time"
                type="time"
                step={300}
                defaultValue={sent?.typed_time}
                onChange={(e) => e.target.value && setTime(e.target.value)}
              />
            </div>
          </fieldset>
          {rooms.length > 1 && !free.problem && (
            <RoomChoice
              intent={intent}
              rooms={rooms}
              offers={free.offers}
              time={time}
              sent={sent?.room || undefined}
              error={errors.room}
            />
          )}
          <button type="submit" name="intent" value={intent} className="button button--primary" disabled={busy}>
            {intent === "move" ? "Move appointment" : "Confirm appointment"}
          </button>
        </Form>
      )}
    </div>
  );
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
  const {
    appointment: a,
    files,
    history,
    next,
    preparation,
    done,
    examinations,
    examination,
    placeDate,
    free,
    rooms,
    outcomeFrom: outcomeOpens,
    dayRefused,
    duplicates,
  } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const placeIntent = a.status === "confirmed" ? "move" : "confirm";
  // The time's link goes to the first free time, or to the typed time when none is offered.
  const firstOffer = free && !free.problem ? free.offers[0]?.time : undefined;
  const timeTarget = firstOffer ? `${placeIntent}-slot-${firstOffer}` : `${placeIntent}-typed`;
  const ids = useMemo(() => fieldIds(placeIntent, timeTarget), [placeIntent, timeTarget]);
  // Each field's error of the form just refused, or else of the day form (read by the loader): by field, and by id for the summary.
  const errors: StatusChangeErrors = useMemo(
    () => (actionData ? (actionData.errors ?? {}) : (dayRefused?.errors ?? {})),
    [dayRefused, actionData],
  );
  const summary: FieldErrors | undefined = useMemo(() => {
    const listed = FIELD_ORDER.filter((f) => errors[f]);
    return listed.length ? Object.fromEntries(listed.map((f) => [ids[f], errors[f]])) : undefined;
  }, [errors, ids]);
  const sent = (intent: string) => (actionData?.intent === intent ? actionData.sent : undefined);
  const refusal = actionData?.error;
  const doneRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (done && !actionData) doneRef.current?.focus();
  }, [actionData, done]);
  const doneAlert = done && !actionData && (
    <div ref={doneRef} tabIndex={-1} role="status" className="staff-alert staff-alert--success">
      {done}
    </div>
  );
  // A message sent again, the channel saved: said beside the messages, where the page comes back (#messages).
  const resent = [...MESSAGE_DONE].some((key) => done === DONE_MESSAGES[key]);
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

      {(summary || refusal) && <StaffErrorSummary errors={summary} description={refusal} />}
      {!resent && doneAlert}
      <DuplicateNotice of={duplicates} canClose={a.status === "requested"} busy={busy} />

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
          {free && (
            <PlaceForm
              // A change saved, or another day or examination, starts the time and room choice afresh.
              key={`${a.updated_at}-${placeDate}-${examination ?? ""}`}
              intent={placeIntent}
              placeDate={placeDate}
              examinations={examinations}
              examination={examination}
              free={free}
              busy={busy}
              room={a.room}
              rooms={rooms}
              errors={errors}
              ids={ids}
              sent={sent(placeIntent)}
              daySent={dayRefused ? { date: dayRefused.date } : null}
            />
          )}
          {a.status === "confirmed" && (
            <Form method="post" className="staff-form staff-form--inline" noValidate>
              <h3>After the appointment</h3>
              {outcomeOpens ? (
                <p className="staff-muted">
                  {`Attended and no-show can be recorded from the appointment's time, ${formatAbbreviatedDate(outcomeOpens.date)} at ${outcomeOpens.time}.`}
                </p>
              ) : (
                <div className="staff-button-row">
                  <button
                    type="submit"
                    name="intent"
                    value="attended"
                    className="button button--primary"
                    disabled={busy}
                  >
                    Mark attended
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="no_show"
                    className="button button--outline"
                    disabled={busy}
                  >
                    Mark no-show
                  </button>
                </div>
              )}
            </Form>
          )}
          {next.includes("cancelled") && (
            <Form method="post" className="staff-form" noValidate>
              <h3>Cancel</h3>
              <StaffField id={ids.reason} label="Reason for cancelling" error={errors.reason}>
                {(aria) => (
                  <textarea
                    {...aria}
                    name="reason"
                    rows={2}
                    required
                    maxLength={CANCEL_REASON_MAX}
                    defaultValue={sent("cancel")?.reason}
                  />
                )}
              </StaffField>
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
            <summary>
              Preparation notes sent with the confirmation
              {preparation.examination && ` (${preparation.examination})`}
            </summary>
            <ul>
              {preparation.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          </details>
        </section>
      </div>

      <MessageHistory
        messages={loaderData.texts}
        channel={loaderData.channel}
        notice={resent && doneAlert}
        busy={busy}
      />

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
                  <td>{h.staff_name ?? "The patient"}</td>
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
    </>
  );
}
