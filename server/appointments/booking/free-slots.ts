import type { Kysely } from "kysely";
import type { SelfBookingRule, TimeProblem } from "../../../domain/booking-rules";
import type { BookableSlug } from "../../../domain/catalogue";
import { addDays, clinicToday } from "../../../domain/dates";
import { clinicMinutesAt, findFreeTimes, nearestFree, type FreeDay } from "../../../domain/free-times";
import { clinicMinutes, roomsForService, type Room } from "../../../domain/rooms";
import type { Config } from "../../base/config";
import { closedDatesBetween, roomsOutBetween } from "../../closures/closed-dates";
import type { Db } from "../../db/index";
import type { Database } from "../../db/schema";
import { appointmentRepository } from "../appointment-repository";

/** The longest range of days the slots API answers for at once. */
export const SLOTS_MAX_DAYS = 62;

/** How many days ahead a time may be booked: the rule's horizon, never past the request window (BOOKING_HORIZON_DAYS). */
export function horizonDaysOf(rule: SelfBookingRule, config: Pick<Config, "bookingHorizonDays">): number {
  return Math.min(rule.horizonDays, config.bookingHorizonDays);
}

/**
 * What some days hold for the rooms a free time is found in, read once: the closures of the
 * clinic (closures and CLOSED_DATES), the rooms out of service, and the confirmed appointments
 * the rooms hold (with their ids, so an appointment being moved can leave its own hold out).
 */
export interface DaysHeld {
  from: string;
  to: string;
  closedDates: string[];
  roomsOut: Awaited<ReturnType<typeof roomsOutBetween>>;
  booked: { id: number; room: string | null; starts_at: number | null; ends_at: number | null }[];
}

/** Reads what the days from `from` to `to` hold in `rooms`, in one go (`except`: an appointment whose hold is left out). */
export async function readDaysHeld(
  db: Db,
  config: Pick<Config, "closedDates">,
  rooms: readonly string[],
  range: { from: string; to: string; except?: number },
  trx: Kysely<Database> = db,
): Promise<DaysHeld> {
  const { from, to } = range;
  const reads = [
    () => closedDatesBetween(db, config, from, to, trx),
    () => roomsOutBetween(db, from, to, trx),
    () =>
      appointmentRepository(db).heldBetween(
        rooms,
        clinicMinutes(from, "00:00"),
        clinicMinutes(addDays(to, 1), "00:00"),
        range.except,
        trx,
      ),
  ] as const;
  // Outside a transaction the three reads ask for the connection together: on SQLite's one connection a
  // busy server then answers them in one pass of its queue, not one pass each (the nearest free times of
  // a time taken meanwhile waited three passes behind every booking in line). Inside a transaction its
  // statements run in turn.
  const [closed, roomsOut, booked] =
    trx === db
      ? await Promise.all([reads[0](), reads[1](), reads[2]()])
      : [await reads[0](), await reads[1](), await reads[2]()];
  return { from, to, closedDates: [...closed.keys()], roomsOut, booked };
}

/**
 * The free times of a self-bookable service under its booking rule in days already read
 * (readDaysHeld), found by the one function (domain/free-times.ts), with no further read:
 * `except`, an appointment being moved, whose own hold does not count. The horizon is the
 * rule's, and never past the request window (BOOKING_HORIZON_DAYS).
 */
export function freeTimesIn(
  held: DaysHeld,
  config: Pick<Config, "bookingHorizonDays">,
  slug: BookableSlug,
  rule: SelfBookingRule,
  now: Date,
  except?: number,
): FreeDay[] {
  const rooms = roomsForService(slug);
  if (rooms.length === 0) return [];
  return findFreeTimes({
    from: held.from,
    to: held.to,
    now,
    rooms,
    booked: except === undefined ? held.booked : held.booked.filter((b) => b.id !== except),
    closedDates: held.closedDates,
    roomsOut: held.roomsOut,
    lengthMinutes: rule.lengthMinutes,
    changeoverMinutes: rule.changeoverMinutes,
    stepMinutes: rule.stepMinutes,
    noticeMinutes: rule.noticeMinutes,
    horizonDays: horizonDaysOf(rule, config),
  });
}

/**
 * The free times of a self-bookable service from `from` to `to` (YYYY-MM-DD,
 * inclusive) under its booking rule, as the database holds them now: what
 * the service's rooms hold, read once for the whole range (readDaysHeld),
 * then found in memory (freeTimesIn). The horizon is the rule's, and never
 * past the request window (BOOKING_HORIZON_DAYS). Inside a
 * transaction (the booking's), pass it. `range.except`: an appointment
 * being moved (decision 067), whose own hold does not count.
 */
export async function serviceFreeTimes(
  db: Db,
  config: Pick<Config, "closedDates" | "bookingHorizonDays">,
  slug: BookableSlug,
  rule: SelfBookingRule,
  range: { from: string; to: string; except?: number },
  now: Date,
  trx: Kysely<Database> = db,
): Promise<FreeDay[]> {
  const days = bookableDays(config, slug, rule, range, now);
  if (!days) return [];
  const held = await readDaysHeld(db, config, days.rooms, { ...range, ...days }, trx);
  return freeTimesIn(held, config, slug, rule, now);
}

/**
 * The days from `from` to `to` on which the rule may offer a time (from today to its horizon), and the
 * service's rooms: nothing when none (no read is then needed).
 */
function bookableDays(
  config: Pick<Config, "bookingHorizonDays">,
  slug: BookableSlug,
  rule: SelfBookingRule,
  { from, to }: { from: string; to: string },
  now: Date,
): { from: string; to: string; rooms: string[] } | undefined {
  const rooms = roomsForService(slug).map((r) => r.id as string);
  const today = clinicToday(now);
  const lastDay = addDays(today, horizonDaysOf(rule, config));
  const first = from < today ? today : from;
  const last = to > lastDay ? lastDay : to;
  return first > last || rooms.length === 0 ? undefined : { from: first, to: last, rooms };
}

/** Whether a time can be booked now: free (with its start and free rooms), taken meanwhile, or against the rule. */
export type TimeCheck =
  | { kind: "free"; start: number; rooms: readonly Room[] }
  | { kind: "taken"; start: number }
  | { kind: "problem"; problem: TimeProblem };

/**
 * Checks one date and time against a self-bookable service's rule and what
 * its rooms hold now: free; taken (the rule allows it, but no room is free
 * for it any more); or against the rule: too soon (the notice), too far (the
 * horizon), a day the clinic is closed, a day every room of the examination
 * is out of service, or off the grid (not a start the rule offers: not on
 * the step, outside the opening hours). `except`: the appointment being
 * moved, whose own hold does not count. The day is read once
 * (readDaysHeld); each answer is found in it, with and without its holds.
 */
export async function checkTime(
  db: Db,
  config: Pick<Config, "closedDates" | "bookingHorizonDays">,
  slug: BookableSlug,
  rule: SelfBookingRule,
  { date, time, except }: { date: string; time: string; except?: number },
  now: Date,
  trx: Kysely<Database> = db,
): Promise<TimeCheck> {
  const start = clinicMinutes(date, time);
  const day = bookableDays(config, slug, rule, { from: date, to: date }, now);
  const held = day && (await readDaysHeld(db, config, day.rooms, { from: date, to: date, except }, trx));
  const unheld = held && { ...held, booked: [] };
  const startsIn = (days: DaysHeld | undefined, r: SelfBookingRule) =>
    days ? (freeTimesIn(days, config, slug, r, now)[0]?.starts ?? []) : [];
  const free = startsIn(held, rule).find((s) => s.time === time);
  if (free) return { kind: "free", start, rooms: free.rooms };
  if (startsIn(unheld, rule).some((s) => s.time === time)) return { kind: "taken", start };
  if (start < clinicMinutesAt(now) + rule.noticeMinutes)
    return { kind: "problem", problem: { kind: "too-soon", hours: Math.ceil(rule.noticeMinutes / 60) } };
  const horizonDays = horizonDaysOf(rule, config);
  if (date > addDays(clinicToday(now), horizonDays))
    return { kind: "problem", problem: { kind: "too-far", days: horizonDays } };
  // Any start that day, had it been on the grid: none when the clinic, or every room of the examination, is closed.
  const anyStart = { ...rule, stepMinutes: 1 };
  if (startsIn(unheld, anyStart).length > 0) return { kind: "problem", problem: { kind: "off-grid" } };
  const roomsIn = unheld && { ...unheld, roomsOut: new Map() };
  return { kind: "problem", problem: { kind: startsIn(roomsIn, anyStart).length > 0 ? "room-out" : "closed" } };
}

/**
 * Up to 6 free times nearest to `start` within a fortnight either side of `date`: what a patient who lost a
 * time is offered. `except`: an appointment being moved, whose own hold does not count; `trx`: the
 * transaction to read in.
 */
export async function alternativesTo(
  db: Db,
  config: Pick<Config, "closedDates" | "bookingHorizonDays">,
  slug: BookableSlug,
  rule: SelfBookingRule,
  date: string,
  start: number,
  now: Date,
  { except, trx = db }: { except?: number; trx?: Kysely<Database> } = {},
): Promise<{ date: string; time: string }[]> {
  const range = { from: addDays(date, -14), to: addDays(date, 14), except };
  const days = await serviceFreeTimes(db, config, slug, rule, range, now, trx);
  return nearestFree(days, start, 6);
}
