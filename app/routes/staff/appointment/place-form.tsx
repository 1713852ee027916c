import { useState } from "react";
import { Form } from "react-router";
import { openingHoursSentence } from "@domain/clinic";
import { formatAbbreviatedDate } from "@domain/dates";
import { findRoom } from "@domain/rooms";
import { DATE_FIELD_HINT, DateInput } from "~/components/staff/date-field";
import { StaffField } from "~/components/staff/form-errors";
import type { StatusChangeErrors, StatusChangeField } from "~/lib/staff/appointments.server";
import type { Sent } from "./outcomes";

export type FreeOffer = { time: string; rooms: { id: string; name: string }[] };

/** The ids on the page of a change's fields, for the error summary's links and the inline messages. */
export function fieldIds(intent: "confirm" | "move", timeTarget: string): Record<StatusChangeField, string> {
  return {
    date: `${intent}-day`,
    examination: `${intent}-examination`,
    time: timeTarget,
    room: `${intent}-room`,
    reason: "cancel-reason",
  };
}

/** The fields in the page's order: the summary lists their errors so. */
export const FIELD_ORDER: readonly StatusChangeField[] = ["date", "examination", "time", "room", "reason"];

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

/** The start time's hint, with how many free times there are: the list shows eight and a half before it scrolls. */
function freeTimesHint(count: number): string {
  if (count === 0) return "No free time is left that day: choose another day.";
  if (count === 1) return "Choose the one free time that day, or type a time.";
  return `Choose one of the ${count} free times that day, or type a time.`;
}

/**
 * Confirming or moving: a GET form chooses the date (and the examination,
 * which sets the length), then a POST form offers the free start times that
 * day, or a typed time checked the same way, and the room when more than one
 * serves the service. Works without JavaScript. A refused form shows each
 * field's error by the field (the day form's too) and what was sent.
 */
export function PlaceForm({
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
                {freeTimesHint(free.offers.length)}
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
