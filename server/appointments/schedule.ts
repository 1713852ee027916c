import type { Kysely } from "kysely";
import { appointmentMinutes, examinationsFor, serviceTitle } from "../../domain/catalogue";
import { clinicDate, clinicTime } from "../../domain/dates";
import { clinicMinutes, roomNeed } from "../../domain/rooms";
import { freeRoomsAt, freeStarts, timeOfDay } from "../../domain/schedule";
import { appointmentRepository, type AppointmentRow } from "./appointment-repository";
import type { Db } from "../db/index";
import type { Database } from "../db/schema";
import { confirmationProblem, openingFor } from "../../domain/opening-days";

/**
 * Rooms and times of confirmed appointments (decision 018): the
 * free start times offered when staff confirm or move an appointment, and the
 * checks on a chosen or typed time. The database refuses an overlap in one
 * room in the end (migration 0016); isTimeTaken recognises that refusal.
 */

export const TIME_TAKEN = "That time was just taken. Choose another.";

export class PlacementError extends Error {
  override name = "PlacementError";
}

/**
 * Why an appointment for a stored service cannot be placed: the clinic does
 * not book it (a value the catalogue does not know, or a service with a page
 * but no booking), so no room is decided for it (domain/rooms.ts roomNeed).
 */
export function notBookedProblem(stored: string): string {
  return `“${serviceTitle(stored)}” is not a service the clinic books, so it has no room and cannot be confirmed or moved. Cancel it and ask the patient to book one of the clinic's services.`;
}

export interface FreeTimes {
  minutes: number;
  /** Free starts ("HH:MM") with the rooms free for the whole appointment; empty on a closed day. */
  offers: { time: string; rooms: { id: string; name: string }[] }[];
  /** Why no time can be offered that day, if so. */
  problem: string | null;
}

/**
 * The start times free on `date` for an appointment (leaving out the
 * appointment itself, when it is being moved), on the step grid, inside
 * opening hours, later than now.
 */
export async function freeTimes(
  db: Db,
  config: Parameters<typeof confirmationProblem>[0],
  appt: Pick<AppointmentRow, "id" | "service_name">,
  date: string,
  examination: string | null,
  now: Date,
): Promise<FreeTimes> {
  const minutes = appointmentMinutes(appt.service_name, examination);
  const need = roomNeed(appt.service_name);
  if (need.kind === "not-booked") return { minutes, offers: [], problem: notBookedProblem(appt.service_name) };
  const opening = openingFor(date);
  const problem = opening
    ? confirmationProblem(config, date, opening.opens, 0, new Date(0))
    : confirmationProblem(config, date, "08:00", 0, new Date(0));
  if (problem || !opening) return { minutes, offers: [], problem: problem ?? "The clinic is closed on that day." };
  const opens = clinicMinutes(date, opening.opens);
  const closes = clinicMinutes(date, opening.closes);
  const notBefore = clinicMinutes(clinicDate(now), clinicTime(now));
  if (need.kind === "room-free") {
    const offers = freeStarts([{ id: "", name: "" }], [], opens, closes, minutes, notBefore).map((o) => ({
      time: timeOfDay(o.start),
      rooms: [],
    }));
    return { minutes, offers, problem: null };
  }
  const { rooms } = need;
  const booked = (await appointmentRepository(db).confirmedBetween(opens, closes)).filter((b) => b.id !== appt.id);
  const offers = freeStarts(rooms, booked, opens, closes, minutes, notBefore).map((o) => ({
    time: timeOfDay(o.start),
    rooms: o.rooms.map((r) => ({ id: r.id, name: r.name })),
  }));
  return {
    minutes,
    offers,
    problem: offers.length ? null : "No time is free that day for this appointment. Choose another day.",
  };
}

export interface Placement {
  date: string;
  time: string;
  examination?: string | null;
}

/** The columns a placement sets on the appointment. */
export interface PlacementColumns {
  confirmed_date: string;
  confirmed_time: string;
  room: string | null;
  starts_at: number;
  ends_at: number;
  examination: string | null;
}

/**
 * Checks a date, time and examination for an appointment and works out the
 * columns to write: the service one the clinic books (notBookedProblem), the
 * time within opening hours on an open day, the examination (when given) one
 * of the service's (none: the catalogue's default length), and the room the
 * first free one that serves the service (none for a room-free service):
 * staff choose the time, never the room. Call inside the transaction that
 * writes them; the database still refuses an overlap written meanwhile
 * (isTimeTaken).
 */
export async function placeAppointment(
  db: Db,
  config: Parameters<typeof confirmationProblem>[0],
  appt: Pick<AppointmentRow, "id" | "service_name">,
  placement: Placement,
  now: Date,
  trx: Kysely<Database>,
): Promise<PlacementColumns> {
  const need = roomNeed(appt.service_name);
  if (need.kind === "not-booked") throw new PlacementError(notBookedProblem(appt.service_name));
  const examinations = examinationsFor(appt.service_name);
  const examination = placement.examination?.trim() || null;
  if (examination && !examinations.some((e) => e.name === examination))
    throw new PlacementError("Choose an examination from the list.");
  const minutes = appointmentMinutes(appt.service_name, examination);
  const problem = confirmationProblem(config, placement.date, placement.time, minutes, now);
  if (problem) throw new PlacementError(problem);
  const starts = clinicMinutes(placement.date, placement.time);
  const ends = starts + minutes;
  const base = {
    confirmed_date: placement.date,
    confirmed_time: placement.time,
    starts_at: starts,
    ends_at: ends,
    examination,
  };
  if (need.kind === "room-free") return { ...base, room: null };
  const booked = (await appointmentRepository(db).confirmedBetween(starts, ends, trx)).filter((b) => b.id !== appt.id);
  const [first] = freeRoomsAt(need.rooms, booked, starts, minutes);
  if (!first)
    throw new PlacementError(`No room is free at ${placement.time} for ${minutes} minutes. Choose another time.`);
  return { ...base, room: first.id };
}

/** Whether an error is the database refusing two confirmed appointments in one room at once (migration 0016). */
export function isTimeTaken(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e.code === "23P01") return true;
  return typeof e.message === "string" && e.message.includes("appointment_room_overlap");
}
