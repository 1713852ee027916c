import { appointmentMinutes, serviceTitle } from "../../../domain/catalogue";
import { formatPhone } from "../../../domain/contact-links";
import { addDays, clinicTime, formatShortDate, parseDateInput, WEEKDAYS, weekdayIndex } from "../../../domain/dates";
import { duplicatesAmong } from "../../../domain/duplicate-requests";
import { closedReason } from "../../../domain/opening-days";
import { paymentLabel } from "../../../domain/payments";
import { clinicMinutes, NO_ROOM_NAME, ROOMS, roomName } from "../../../domain/rooms";
import { timeOfDay } from "../../../domain/schedule";
import { safetySummary } from "../../../domain/safety-questions";
import { SCHEDULED_STATUSES } from "../../../domain/statuses";
import { appointmentRepository } from "../appointment-repository";
import { mayMarkArrived } from "./staff-changes";
import { closedDatesBetween, roomsOutBetween } from "../../closures/closed-dates";
import type { Config } from "../../base/config";
import { uploadRepository } from "../../uploads/upload-repository";
import type { Db } from "../../db/index";
import { openingFor } from "../../../domain/opening-days";

/**
 * The console's schedule (decision 022): the day view (rooms as
 * columns, time down the page), the week view (days as columns, hours down
 * the page) and reception's printable day list. Appointments on the schedule
 * are those with a status in SCHEDULED_STATUSES, dated that day; where they
 * sit is worked out by domain/schedule.ts (dayGrid, weekHours) in the page.
 * Beside them, the requests waiting for a time on their requested day.
 */

type ClosureConfig = Pick<Config, "closedDates">;

/** One appointment on the schedule, as the views show it. */
export interface ScheduleEntry {
  id: number;
  reference: string;
  patient: string;
  service: string;
  status: string;
  /** The room id, "" for none (the "No room" column). */
  column: string;
  date: string;
  time: string;
  endTime: string;
  /** When reception marked the patient arrived, HH:MM in Gaborone, or null. */
  arrivedAt: string | null;
  /** When the images reached Orthanc, HH:MM in Gaborone, or null (decision 066). */
  imagesAt: string | null;
  /** Clinic minutes, half-open [starts_at, ends_at). */
  starts_at: number;
  ends_at: number;
}

/**
 * A request waiting for a time (status requested), shown on its requested
 * day beside the rooms so reception can plan the day (decision 034).
 */
export interface WaitingRequest {
  id: number;
  reference: string;
  patient: string;
  service: string;
  /** The requested date, YYYY-MM-DD. */
  date: string;
  /** Another open request from the same patient for the same service and day (decision 049). */
  duplicate: boolean;
}

/** The requests (status requested) for the days from … to, by date then id. */
async function waitingBetween(db: Db, from: string, to: string): Promise<WaitingRequest[]> {
  const rows = await appointmentRepository(db).activeBetween(from, to);
  const requested = rows.filter((r) => r.status === "requested");
  // Possible duplicates (decision 049): the open requests of the same days, one indexed read.
  const twins = duplicatesAmong(await appointmentRepository(db).openRequestsOn(requested.map((r) => r.requested_date)));
  return requested.map((r) => ({
    id: r.id,
    reference: r.reference,
    patient: `${r.name} ${r.surname}`,
    service: serviceTitle(r.service_name),
    date: r.requested_date,
    duplicate: twins.has(r.id),
  }));
}

/** A day's opening as clinic minutes, and why it is closed if it is. */
export interface ScheduleDay {
  date: string;
  /** Clinic minutes of opening and closing on that date; null on a weekday the clinic never opens (Sunday). */
  opens: number | null;
  closes: number | null;
  /** Why the clinic is closed that day (a weekday it never opens, "Sunday"; a holiday's name; a closure's reason), or null when open. */
  closed: string | null;
}

/** The date asked for in `?date=`, or today when it is missing or not a real date. */
export function scheduleDate(value: string | null, today: string): string {
  return (value && parseDateInput(value)) || today;
}

/** The Monday of the week holding `date`. */
export function weekStart(date: string): string {
  return addDays(date, -weekdayIndex(date));
}

type ScheduledRow = Awaited<ReturnType<ReturnType<typeof appointmentRepository>["scheduledOn"]>>[number];

function entry(row: ScheduledRow): ScheduleEntry {
  const date = row.confirmed_date ?? "";
  // Rows confirmed before migration 0016 have a date and time but no minutes: work them out the same way.
  const starts = row.starts_at ?? clinicMinutes(date, row.confirmed_time ?? "00:00");
  const ends = row.ends_at ?? starts + appointmentMinutes(row.service_name, row.examination);
  return {
    id: row.id,
    reference: row.reference,
    patient: `${row.name} ${row.surname}`,
    service: serviceTitle(row.service_name),
    status: row.status,
    column: row.room ?? "",
    date,
    time: row.confirmed_time ?? timeOfDay(starts),
    endTime: timeOfDay(ends),
    arrivedAt: row.arrived_at ? clinicTime(new Date(row.arrived_at)) : null,
    imagesAt: row.images_received_at ? clinicTime(new Date(row.images_received_at)) : null,
    starts_at: starts,
    ends_at: ends,
  };
}

async function days(db: Db, config: ClosureConfig, dates: string[]): Promise<ScheduleDay[]> {
  const closures = await closedDatesBetween(db, config, dates[0]!, dates.at(-1)!);
  const closedDates = [...closures.keys()];
  return dates.map((date) => {
    const opening = openingFor(date);
    const why = closedReason(date, closedDates);
    const closed = !why.closed
      ? null
      : why.reason === "holiday"
        ? (why.holiday ?? "Public holiday")
        : why.reason === "closed"
          ? (closures.get(date) ?? "Closure")
          : WEEKDAYS[weekdayIndex(date)]!;
    return {
      date,
      opens: opening ? clinicMinutes(date, opening.opens) : null,
      closes: opening ? clinicMinutes(date, opening.closes) : null,
      closed,
    };
  });
}

/** The columns of the day view: every room, then "No room" when an appointment holds none. */
function columnsFor(entries: readonly ScheduleEntry[]): { id: string; name: string }[] {
  const rooms = ROOMS.map((r) => ({ id: r.id, name: r.name }));
  const unknown = [...new Set(entries.map((e) => e.column))].filter((c) => c && !rooms.some((r) => r.id === c));
  return [
    ...rooms,
    ...unknown.map((id) => ({ id, name: roomName(id) })),
    ...(entries.some((e) => e.column === "") ? [{ id: "", name: NO_ROOM_NAME }] : []),
  ];
}

/** The day view: the day's opening, the columns (each room with why it is out of service that day, if it is), the appointments and the requests waiting. */
export async function daySchedule(db: Db, config: ClosureConfig, date: string) {
  const rows = await appointmentRepository(db).scheduledOn(date, date, SCHEDULED_STATUSES);
  const entries = rows.map(entry);
  const [day] = await days(db, config, [date]);
  const out = (await roomsOutBetween(db, date, date)).get(date);
  const columns = columnsFor(entries).map((c) => ({ ...c, out: out?.get(c.id) ?? null }));
  return { day: day!, columns, entries, waiting: await waitingBetween(db, date, date) };
}

/**
 * The week view of the week holding `date`: the days the clinic opens
 * (Monday to Saturday), and a day it never opens (Sunday) too when an
 * appointment or a request is dated then, with each day's opening; and the
 * requests waiting on each day.
 */
export async function weekSchedule(db: Db, config: ClosureConfig, date: string) {
  const monday = weekStart(date);
  const rows = await appointmentRepository(db).scheduledOn(monday, addDays(monday, 6), SCHEDULED_STATUSES);
  const entries = rows.map(entry);
  const waiting = await waitingBetween(db, monday, addDays(monday, 6));
  const dates = Array.from({ length: 7 }, (_, i) => addDays(monday, i)).filter(
    (d) => !!openingFor(d) || entries.some((e) => e.date === d) || waiting.some((w) => w.date === d),
  );
  return { monday, days: await days(db, config, dates), entries, waiting };
}

/** One line of reception's printable day list. */
export interface DayListRow {
  id: number;
  time: string;
  room: string;
  patient: string;
  /** For the ID check at the desk, as dates are written in Botswana (DD/MM/YYYY). */
  dob: string;
  phone: string;
  /** The service, with the examination staff chose on confirming when there is one. */
  examination: string;
  payment: string;
  medicalAid: string;
  /** Whether a referral form was uploaded with the request. */
  referral: boolean;
  /** The safety answers in a word for reception: how many to check, answered, or not (ask on the day). */
  safety: string;
  /** Whether the patient booked this time online (decision 063). */
  bookedOnline: boolean;
  /** When reception marked the patient arrived, HH:MM in Gaborone, or null. */
  arrivedAt: string | null;
  /** Whether reception may mark the patient arrived from the list now (mayMarkArrived). */
  canArrive: boolean;
  /** When the images reached Orthanc, HH:MM in Gaborone, or null (decision 066). */
  imagesAt: string | null;
}

/** "Ultrasound Imaging: Thyroid", or the service alone when no examination was chosen. */
export function examinationWords(serviceName: string, examination: string | null): string {
  const service = serviceTitle(serviceName);
  return examination ? `${service}: ${examination}` : service;
}

/**
 * Reception's day list: who comes when, where, for what, how they pay and what is on file, by time then room,
 * and who may be marked arrived on `today` (Gaborone's date).
 */
export async function dayList(db: Db, date: string, today: string): Promise<DayListRow[]> {
  const rows = await appointmentRepository(db).scheduledOn(date, date, SCHEDULED_STATUSES);
  const ids = rows.map((r) => r.id);
  const files = ids.length ? await uploadRepository(db).findForAppointments(ids) : [];
  const withReferral = new Set(files.map((f) => f.appointment_id));
  return rows.map((row) => ({
    id: row.id,
    time: row.confirmed_time ?? "",
    room: roomName(row.room),
    patient: `${row.name} ${row.surname}`,
    dob: formatShortDate(row.dob),
    phone: formatPhone(row.phone),
    examination: examinationWords(row.service_name, row.examination),
    payment: paymentLabel(row.payment_method),
    medicalAid: row.medical_aid_number ?? "",
    referral: withReferral.has(row.id),
    safety: safetySummary(row.service_name, row.safety_answers),
    bookedOnline: row.booked_online === 1,
    arrivedAt: row.arrived_at ? clinicTime(new Date(row.arrived_at)) : null,
    canArrive: mayMarkArrived(row, today),
    imagesAt: row.images_received_at ? clinicTime(new Date(row.images_received_at)) : null,
  }));
}
