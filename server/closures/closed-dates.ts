import { addDays, clinicDate, clinicToday } from "../../domain/dates";
import { bookingCalendar, nextOpenDay, OPEN_DAY_LOOKBACK_DAYS, type BookingCalendar } from "../../domain/opening-days";
import type { Config } from "../base/config";
import type { Kysely } from "kysely";
import type { Db } from "../db/index";
import type { Database } from "../db/schema";
import { closureRepository } from "./closure-repository";

/**
 * The one place the clinic's closed dates come from (decision
 * 017): the configured seed list (CLOSED_DATES, merged at read time) and the
 * closures managers add in the console (clinic_closures), read from the
 * database on every call: one indexed query, no process cache, so every
 * instance obeys a new closure at once. Sundays and public holidays stay
 * computed in domain/opening-days.ts.
 *
 * Everything that decides whether a day is open goes through here: the
 * calendar endpoint, the booking rules (server/appointments/booking/validate.ts) and
 * staff confirmations (domain/opening-days.ts). A closure of one room
 * (decision 034) leaves the clinic open: it is read by roomsOutBetween, for
 * the free times staff are offered, never by the booking rules.
 */

/** Closed dates (YYYY-MM-DD) → the reason patients see, or null for a configured date with no reason. */
export type ClosedDays = ReadonlyMap<string, string | null>;

type ClosureConfig = Pick<Config, "closedDates">;

/** Configured and database closures of the whole clinic with a day in from … to (inclusive). */
export async function closedDatesBetween(
  db: Db,
  config: ClosureConfig,
  from: string,
  to: string,
  trx: Kysely<Database> = db,
): Promise<ClosedDays> {
  const days = new Map<string, string | null>();
  for (const d of config.closedDates) if (d >= from && d <= to) days.set(d, null);
  for (const c of await closureRepository(db).overlapping(from, to, { kind: "clinic" }, trx)) {
    const first = c.firstDate < from ? from : c.firstDate;
    const last = c.lastDate > to ? to : c.lastDate;
    for (let d = first; d <= last; d = addDays(d, 1)) if (!days.get(d)) days.set(d, c.reason);
  }
  return days;
}

/** Date → room id → the reason that room is out of service that day. */
export type RoomsOut = ReadonlyMap<string, ReadonlyMap<string, string>>;

/** The rooms out of service (closures of one room) on each day in from … to (inclusive). */
export async function roomsOutBetween(db: Db, from: string, to: string, trx: Kysely<Database> = db): Promise<RoomsOut> {
  const days = new Map<string, Map<string, string>>();
  for (const c of await closureRepository(db).overlapping(from, to, { kind: "all" }, trx)) {
    if (!c.room) continue;
    const first = c.firstDate < from ? from : c.firstDate;
    const last = c.lastDate > to ? to : c.lastDate;
    for (let d = first; d <= last; d = addDays(d, 1)) {
      const rooms = days.get(d) ?? new Map<string, string>();
      if (!rooms.has(c.room)) rooms.set(c.room, c.reason);
      days.set(d, rooms);
    }
  }
  return days;
}

/** What the booking rules need: the window's length, every closed date and the reasons patients see. */
export interface BookingRules {
  bookingHorizonDays: number;
  closedDates: readonly string[];
  /** Date → the reason for a closure a manager added; absent for configured dates. */
  closureReasons?: Readonly<Record<string, string>>;
  /**
   * The day by whose end a request made now is answered, as requestAnswerBy
   * reckons it, from the same read (bookingRulesNow's); absent when no open
   * day is in reach.
   */
  answerBy?: string;
}

/** The rules of the booking window today … lastDate, from closed days read at least that far. */
function windowRules(config: Pick<Config, "bookingHorizonDays">, days: ClosedDays, lastDate: string): BookingRules {
  const closedDates = [...days.keys()].filter((d) => d <= lastDate);
  const closureReasons: Record<string, string> = {};
  for (const d of closedDates) {
    const reason = days.get(d);
    if (reason) closureReasons[d] = reason;
  }
  return { bookingHorizonDays: config.bookingHorizonDays, closedDates, closureReasons };
}

/**
 * The booking rules as they stand now, from the database (today … today +
 * horizon), with the day by whose end a request made now is answered: one
 * read of the closures for both (a booking needs them both).
 */
export async function bookingRulesNow(
  db: Db,
  config: Pick<Config, "bookingHorizonDays" | "closedDates">,
  now: Date,
): Promise<BookingRules> {
  const today = clinicToday(now);
  // Far enough for requestAnswerBy's look ahead too.
  const reach = addDays(today, Math.max(config.bookingHorizonDays, OPEN_DAY_LOOKBACK_DAYS));
  const days = await closedDatesBetween(db, config, today, reach);
  const answerBy = nextOpenDay(today, [...days.keys()]);
  return { ...windowRules(config, days, addDays(today, config.bookingHorizonDays)), answerBy };
}

/**
 * The booking rules of the window alone (today … today + horizon), without
 * the answer-by day: what a calendar or a change of date needs, read no
 * further than the window.
 */
export async function bookingWindowNow(
  db: Db,
  config: Pick<Config, "bookingHorizonDays" | "closedDates">,
  now: Date,
): Promise<BookingRules> {
  const today = clinicToday(now);
  const lastDate = addDays(today, config.bookingHorizonDays);
  return windowRules(config, await closedDatesBetween(db, config, today, lastDate), lastDate);
}

/** The booking calendar (the calendar endpoint's answer) as it stands now. */
export async function bookingCalendarNow(
  db: Db,
  config: Pick<Config, "bookingHorizonDays" | "closedDates">,
  now: Date,
): Promise<BookingCalendar> {
  const rules = await bookingWindowNow(db, config, now);
  return bookingCalendar(now, rules.bookingHorizonDays, rules.closedDates);
}

/**
 * The day by whose end the clinic answers a request made at `madeAt`: the
 * first open day after it (nextOpenDay), with the closures as they stand now.
 * The booking's confirmation, its e-mail and the JSON API's message say it
 * (domain/request-words.ts); undefined when no open day is in reach.
 */
export async function requestAnswerBy(db: Db, config: ClosureConfig, madeAt: Date): Promise<string | undefined> {
  const day = clinicDate(madeAt);
  const closed = await closedDatesBetween(db, config, addDays(day, 1), addDays(day, OPEN_DAY_LOOKBACK_DAYS));
  return nextOpenDay(day, [...closed.keys()]);
}
