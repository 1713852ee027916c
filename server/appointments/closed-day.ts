import { roomNeed } from "../../domain/rooms";
import { closedDatesBetween, roomsOutBetween } from "../closures/closed-dates";
import type { Db } from "../db/index";
import { appointmentRepository, type AppointmentRow } from "./appointment-repository";

/**
 * What a closure means for one appointment's day (decisions 034 and 044),
 * read by both sides: the front desk's closure effects, which write it
 * (front-desk/closure-effects.ts), and the patient's private page, which
 * shows it (private-link/manage.ts). Here rather than in either folder, so
 * that the private link does not build on the front desk.
 */

/** The day an active appointment is dated: its confirmed date, else the requested one. */
export const datedOn = (a: AppointmentRow) => (a.status === "confirmed" ? a.confirmed_date! : a.requested_date);

/**
 * What the patient's private page says when their day cannot go ahead
 * (decision 044): the clinic is closed that day, or the equipment for their
 * examination is out of service; the reason the manager typed (null for a
 * configured closed date, which has none); and whether a confirmed time was
 * given up for it (the page then says that time is no longer held).
 */
export interface ClosedDay {
  kind: "clinic" | "room";
  reason: string | null;
  released: boolean;
}

/**
 * Whether an active appointment's day, still ahead, is closed to it, as the
 * closure that told the patient decided (rowsReached): the whole clinic
 * closed that day (closures and CLOSED_DATES); or a room out of service that
 * holds it (a confirmed appointment in that room), or that serves its service
 * when every room that does is out, or when the closure put it back to a
 * request (its last history line is a staff member's, to "requested", which
 * only a closure writes) and that day a room it needs is still out. A closure
 * removed since leaves the day open again. Undefined when the day goes ahead.
 */
export async function closedDayOf(
  db: Db,
  config: Parameters<typeof closedDatesBetween>[1],
  appt: AppointmentRow,
  today: string,
): Promise<ClosedDay | undefined> {
  if (appt.status !== "requested" && appt.status !== "confirmed") return undefined;
  const date = datedOn(appt);
  if (date < today) return undefined;
  const lastChange = async () => (await appointmentRepository(db).statusHistoryOf([appt.id])).at(-1);
  const clinic = await closedDatesBetween(db, config, date, date);
  let closed: Omit<ClosedDay, "released"> | undefined;
  let last: Awaited<ReturnType<typeof lastChange>> | undefined;
  if (clinic.has(date)) {
    closed = { kind: "clinic", reason: clinic.get(date) ?? null };
  } else {
    const out = (await roomsOutBetween(db, date, date)).get(date);
    const need = roomNeed(appt.service_name);
    if (!out || need.kind !== "rooms") return undefined;
    if (appt.status === "confirmed") {
      if (!appt.room || !out.has(appt.room)) return undefined;
      closed = { kind: "room", reason: out.get(appt.room) ?? null };
    } else {
      const serving = need.rooms.filter((r) => out.has(r.id));
      if (serving.length === 0) return undefined;
      if (serving.length < need.rooms.length) {
        last = await lastChange();
        if (!last || last.staff_id === null || last.to_status !== "requested") return undefined;
      }
      closed = { kind: "room", reason: out.get(serving[0]!.id) ?? null };
    }
  }
  if (appt.status !== "requested") return { ...closed, released: false };
  last ??= await lastChange();
  const released = last?.from_status === "confirmed" && last.to_status === "requested" && last.staff_id !== null;
  return { ...closed, released };
}
