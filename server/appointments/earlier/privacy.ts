import type { Db } from "../../db/index";
import { earlierRepository } from "./earlier-repository";

/**
 * What a patient's export holds of earlier times (decision 070): each time offered to one of their
 * appointments, with their own time then, and whether they took it or it ended. Never the link's
 * token (only its hash is stored, and that is left out too). Erasure and the purge remove these
 * rows with the appointment (appointment-writes.ts deleteWithHistory).
 */
export async function earlierOffersTo(db: Db, appointmentIds: readonly number[]) {
  const offers = await earlierRepository(db).offersTo(appointmentIds);
  return offers.map((o) => ({
    appointment_id: o.appointment_id,
    offered_date: o.offered_date,
    offered_time: o.offered_time,
    own_date: o.own_date,
    own_time: o.own_time,
    offered_at: o.created_at,
    expires_at: o.expires_at,
    taken_at: o.taken_at,
    ended_at: o.ended_at,
  }));
}
