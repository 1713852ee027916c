import type { Kysely } from "kysely";
import { appointmentMinutes, examinationsFor, serviceTitle } from "../../../domain/catalogue";
import { clinicMinutes, findRoom, roomNeed, type Room } from "../../../domain/rooms";
import { freeRoomsAt, SLOT_STEP_MINUTES } from "../../../domain/schedule";
import { findFreeTimes, type FreeTimeQuery } from "../../../domain/free-times";
import { appointmentRepository, type AppointmentRow } from "../appointment-repository";
import type { Db } from "../../db/index";
import type { Database } from "../../db/schema";
import { confirmationProblem, confirmationProblems, openingFor } from "../../../domain/opening-days";
import { invalid, refused, type Refusal } from "../../db/outcome";

/**
 * Rooms and times of confirmed appointments (decision 018): the
 * free start times offered when staff confirm or move an appointment, and the
 * checks on a chosen or typed time. The database refuses an overlap in one
 * room in the end (migration 0016); isTimeTaken recognises that refusal.
 */

export const TIME_TAKEN = "That time was just taken. Choose another.";
export const TIME_MISSING = "Choose a free time or type one.";

/** The fields of a placement that can be wrong, as staff choose them. */
export type PlacementField = "date" | "time" | "examination" | "room";
export type PlacementErrors = Partial<Record<PlacementField, string>>;

/** A placement refused (./outcome.ts): a service the clinic does not book is refused, every other problem is by field. */
export type PlacementOutcome = { kind: "placed"; columns: PlacementColumns } | Refusal<PlacementField>;

/**
 * Why an appointment for a stored service cannot be placed: the clinic does
 * not book it (a value the catalogue does not know, or a service with a page
 * but no booking), so no room is decided for it (domain/rooms.ts roomNeed).
 */
export function notBookedProblem(stored: string): string {
  return `“${serviceTitle(stored)}” is not a service the clinic books, so it has no room and cannot be confirmed or moved. Cancel it and ask the patient to book one of the clinic's services.`;
}

/**
 * What a day's placements are checked against: the closed dates and their
 * reasons (confirmationProblem), and the rooms out of service that day
 * (room id → the reason; server/closures/closed-dates.ts roomsOutBetween).
 */
export type DayRules = Parameters<typeof confirmationProblem>[0] & {
  roomsOut?: Readonly<Record<string, string>>;
};

/** The rooms that serve a service and are in service that day, in ROOMS order. */
function roomsInService(rooms: readonly Room[], rules: DayRules): Room[] {
  return rooms.filter((r) => !rules.roomsOut?.[r.id]);
}

/** Why no room can hold the appointment that day: every room that serves it is out of service. */
export function roomsOutProblem(rooms: readonly Room[], rules: DayRules): string {
  const reasons = [...new Set(rooms.map((r) => rules.roomsOut?.[r.id]).filter(Boolean))].join("; ");
  const names = rooms.map((r) => r.name).join(" and ");
  return `${names} ${rooms.length === 1 ? "is" : "are"} out of service on that day (${reasons}). Choose another day.`;
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
  config: DayRules,
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
  // The one way free times are found (domain/free-times.ts), as the console has them: that day, later than
  // now, on the 15-minute grid, no changeover; the day's problems above are said in the console's words.
  const find = (rooms: readonly Room[], booked: FreeTimeQuery["booked"]) =>
    findFreeTimes({
      from: date,
      to: date,
      now,
      rooms,
      booked,
      closedDates: config.closedDates,
      lengthMinutes: minutes,
      changeoverMinutes: 0,
      stepMinutes: SLOT_STEP_MINUTES,
      noticeMinutes: 0,
    }).flatMap((day) => day.starts);
  if (need.kind === "room-free") {
    const offers = find([{ id: "", name: "" }], []).map((o) => ({ time: o.time, rooms: [] }));
    return { minutes, offers, problem: null };
  }
  const rooms = roomsInService(need.rooms, config);
  if (rooms.length === 0) return { minutes, offers: [], problem: roomsOutProblem(need.rooms, config) };
  const booked = (await appointmentRepository(db).confirmedBetween(opens, closes)).filter((b) => b.id !== appt.id);
  const offers = find(rooms, booked).map((o) => ({
    time: o.time,
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
  /** The room staff chose (a room id), or empty for the first free room that serves the service. */
  room?: string | null;
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
 * of the service's (none: the catalogue's default length), and the room:
 * the one staff chose, if it serves the service, is in service that day and
 * is free for the whole appointment, else the first free one that does
 * (none for a room-free service). Every field's problem is given at once
 * (an invalid outcome's errors); whether a room is free is checked only once the
 * fields are right. Call inside the transaction that writes them; the
 * database still refuses an overlap written meanwhile (isTimeTaken).
 */
export async function placeAppointment(
  db: Db,
  config: DayRules,
  appt: Pick<AppointmentRow, "id" | "service_name">,
  placement: Placement,
  now: Date,
  trx: Kysely<Database>,
): Promise<PlacementOutcome> {
  const need = roomNeed(appt.service_name);
  if (need.kind === "not-booked") return refused(notBookedProblem(appt.service_name));
  // What each field alone, or with the date, can say is wrong: all at once.
  const errors: PlacementErrors = {};
  const examination = placement.examination?.trim() || null;
  if (examination && !examinationsFor(appt.service_name).some((e) => e.name === examination))
    errors.examination = "Choose an examination from the list.";
  const minutes = appointmentMinutes(appt.service_name, errors.examination ? null : examination);
  Object.assign(errors, confirmationProblems(config, placement.date, placement.time, minutes, now));
  if (!placement.time) errors.time = TIME_MISSING;
  const chosen = need.kind === "rooms" ? placement.room?.trim() || null : null;
  const rooms = need.kind === "rooms" ? roomsInService(need.rooms, config) : [];
  if (need.kind === "rooms") {
    if (chosen && !need.rooms.some((r) => r.id === chosen))
      errors.room = "Choose one of the rooms that serve this service.";
    else if (!errors.date && rooms.length === 0) errors.date = roomsOutProblem(need.rooms, config);
    else if (!errors.date && chosen && !rooms.some((r) => r.id === chosen))
      errors.room = roomsOutProblem(
        need.rooms.filter((r) => r.id === chosen),
        config,
      );
  }
  if (Object.keys(errors).length > 0) return invalid(errors);
  const starts = clinicMinutes(placement.date, placement.time);
  const ends = starts + minutes;
  const base = {
    confirmed_date: placement.date,
    confirmed_time: placement.time,
    starts_at: starts,
    ends_at: ends,
    examination,
  };
  if (need.kind === "room-free") return { kind: "placed", columns: { ...base, room: null } };
  // Then whether a room is free for the whole appointment, which needs the date and time.
  const booked = (await appointmentRepository(db).confirmedBetween(starts, ends, trx)).filter((b) => b.id !== appt.id);
  const free = freeRoomsAt(rooms, booked, starts, minutes);
  if (chosen && !free.some((r) => r.id === chosen))
    return invalid<PlacementField>({
      room: `${findRoom(chosen)?.name ?? chosen} is not free at ${placement.time} for ${minutes} minutes. Choose another room or time.`,
    });
  const [first] = free;
  if (!first)
    return invalid<PlacementField>({
      time: `No room is free at ${placement.time} for ${minutes} minutes. Choose another time.`,
    });
  return { kind: "placed", columns: { ...base, room: chosen ?? first.id } };
}

export { isTimeTaken } from "../room-overlap";
