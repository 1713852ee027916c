import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { AppointmentRow } from "../appointment-repository";
import { setEarlierWanted } from "../freed-times";
import { moveRuleOf, withinNotice } from "../private-link/index";

/**
 * Asking for an earlier time (decision 070), the JSON API's side of it (the private page's is its
 * own intent, server/appointments/private-link/manage.ts): a time booked online that the patient
 * may still move (more than NOTICE_HOURS ahead) may join the list; any appointment may leave it.
 */

/** Whether this appointment may be put on the list now: the private page's move would be offered. */
export function mayAskEarlier(appt: AppointmentRow, now: Date): boolean {
  return moveRuleOf(appt, withinNotice(appt, now)) !== undefined;
}

/** Joins or leaves the list; false when joining is not allowed now (nothing changed). */
export async function askEarlier(
  db: Kysely<Database>,
  appt: AppointmentRow,
  wanted: boolean,
  now: Date,
): Promise<boolean> {
  if (wanted && !mayAskEarlier(appt, now)) return false;
  if (wanted === (appt.earlier_wanted_at !== null)) return true;
  await setEarlierWanted(db, appt.id, wanted, now);
  return true;
}
