import type { Kysely } from "kysely";
import { addDays, clinicToday } from "../../domain/dates";
import { clinicMinutesAt } from "../../domain/free-times";
import { clinicMinutes, ROOMS } from "../../domain/rooms";
import type { Database, FreedCause } from "../db/schema";
import type { AppointmentRow } from "./appointment-rows";

/**
 * The ground floor of earlier times (decision 070): a room's time given back
 * is written down, in the transaction that gives it back, so the offers
 * (server/appointments/earlier/) reach the patients who asked for an earlier
 * time; and a patient's place on that list. Every path that frees a booked
 * time calls recordFreedTime: the patient's cancellation, change of date or
 * move (which includes taking an offer: the time given up is offered in turn),
 * and staff's cancellation and move; a closure lifted or a room back in
 * service frees its days (freeClosedDays).
 */

/** How far ahead the days of a closure lifted are offered: beyond it, no patient's own time is likely. */
export const FREED_CLOSURE_DAYS = 62;

/**
 * Writes down the time a confirmed appointment held, given back now, in the
 * caller's transaction: nothing for one without a room or a time, or whose
 * time has begun. Its first batch of offers is due at once.
 */
export async function recordFreedTime(
  held: Pick<AppointmentRow, "id" | "status" | "room" | "confirmed_date" | "starts_at" | "ends_at">,
  cause: Extract<FreedCause, "cancelled" | "moved">,
  now: Date,
  trx: Kysely<Database>,
): Promise<void> {
  if (held.status !== "confirmed" || !held.room || !held.confirmed_date) return;
  if (held.starts_at === null || held.ends_at === null || held.starts_at <= clinicMinutesAt(now)) return;
  const stamp = now.toISOString();
  await trx
    .insertInto("freed_times")
    .values({
      room: held.room,
      date: held.confirmed_date,
      starts_at: held.starts_at,
      ends_at: held.ends_at,
      cause,
      from_appointment_id: held.id,
      created_at: stamp,
      next_batch_at: stamp,
    })
    .execute();
}

/**
 * A closure lifted (or a room back in service): each of its days from
 * tomorrow, up to FREED_CLOSURE_DAYS ahead, is freed whole, in each room it
 * closed, in the transaction that removes the closure; the offers find each
 * patient's first free start in it.
 */
export async function freeClosedDays(
  closure: { firstDate: string; lastDate: string; room: string | null },
  now: Date,
  trx: Kysely<Database>,
): Promise<number> {
  const today = clinicToday(now);
  const first = closure.firstDate > today ? closure.firstDate : addDays(today, 1);
  const limit = addDays(today, FREED_CLOSURE_DAYS);
  const last = closure.lastDate < limit ? closure.lastDate : limit;
  const rooms = closure.room ? [closure.room] : ROOMS.map((r) => r.id as string);
  const stamp = now.toISOString();
  const rows = [];
  for (let day = first; day <= last; day = addDays(day, 1)) {
    for (const room of rooms) {
      rows.push({
        room,
        date: day,
        starts_at: clinicMinutes(day, "00:00"),
        ends_at: clinicMinutes(addDays(day, 1), "00:00"),
        cause: closure.room ? ("room-back" as const) : ("closure-lifted" as const),
        from_appointment_id: null,
        created_at: stamp,
        next_batch_at: stamp,
      });
    }
  }
  if (rows.length) await trx.insertInto("freed_times").values(rows).execute();
  return rows.length;
}

/** Puts the appointment on the list for an earlier time, or takes it off; the appointment's version is not changed. */
export async function setEarlierWanted(db: Kysely<Database>, id: number, wanted: boolean, now: Date): Promise<void> {
  await db
    .updateTable("appointments")
    .set({ earlier_wanted_at: wanted ? now.toISOString() : null })
    .where("id", "=", id)
    .execute();
}
