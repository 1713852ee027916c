import type { Kysely } from "kysely";
import type { SelfBookingRule } from "../../../domain/booking-rules";
import type { BookableSlug } from "../../../domain/catalogue";
import { addDays, clinicToday } from "../../../domain/dates";
import { findFreeTimes, type FreeDay } from "../../../domain/free-times";
import { clinicMinutes, roomsForService } from "../../../domain/rooms";
import type { Config } from "../../base/config";
import { closedDatesBetween, roomsOutBetween } from "../../closures/closed-dates";
import type { Db } from "../../db/index";
import type { Database } from "../../db/schema";
import { appointmentRepository } from "../appointment-repository";

/** The longest range of days the slots API answers for at once. */
export const SLOTS_MAX_DAYS = 62;

/**
 * The free times of a self-bookable service from `from` to `to` (YYYY-MM-DD,
 * inclusive) under its booking rule, as the database holds them now: the
 * closures of the clinic (closures and CLOSED_DATES), the rooms out of
 * service, and what the service's rooms hold, read once for the whole range,
 * then found by the one function (domain/free-times.ts). The horizon is the
 * rule's, and never past the request window (BOOKING_HORIZON_DAYS). Inside a
 * transaction (the booking's), pass it last.
 */
export async function serviceFreeTimes(
  db: Db,
  config: Pick<Config, "closedDates" | "bookingHorizonDays">,
  slug: BookableSlug,
  rule: SelfBookingRule,
  range: { from: string; to: string },
  now: Date,
  trx: Kysely<Database> = db,
): Promise<FreeDay[]> {
  const rooms = roomsForService(slug);
  const today = clinicToday(now);
  const horizonDays = Math.min(rule.horizonDays, config.bookingHorizonDays);
  const lastDay = addDays(today, horizonDays);
  const first = range.from < today ? today : range.from;
  const last = range.to > lastDay ? lastDay : range.to;
  if (first > last || rooms.length === 0) return [];
  // One after the other: inside a transaction its statements run in turn.
  const closed = await closedDatesBetween(db, config, first, last, trx);
  const roomsOut = await roomsOutBetween(db, first, last, trx);
  const booked = await appointmentRepository(db).heldBetween(
    rooms.map((r) => r.id),
    clinicMinutes(first, "00:00"),
    clinicMinutes(addDays(last, 1), "00:00"),
    trx,
  );
  return findFreeTimes({
    from: first,
    to: last,
    now,
    rooms,
    booked,
    closedDates: [...closed.keys()],
    roomsOut,
    lengthMinutes: rule.lengthMinutes,
    changeoverMinutes: rule.changeoverMinutes,
    stepMinutes: rule.stepMinutes,
    noticeMinutes: rule.noticeMinutes,
    horizonDays,
  });
}
