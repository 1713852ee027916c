import { clinicInstant } from "../../../domain/dates";
import type { Db } from "../../db/index";
import { appointmentRepository, type AppointmentRow } from "../appointment-repository";

/**
 * The patient says they are coming, from the reminder's link (decision 069):
 * recorded against the confirmed date and time (coming_confirmed_for,
 * migration 0035), so a moved appointment asks again and the desk's figures
 * count the share of reminded appointments confirmed. The other answer, "I
 * cannot come", is the page's cancellation, which frees the time.
 */

/** Whether the patient may say they are coming, and whether they have, for the time the appointment holds now. */
export function comingOf(appt: AppointmentRow, now: Date): { canConfirm: boolean; confirmed: boolean } {
  if (appt.status !== "confirmed" || !appt.confirmed_date || !appt.confirmed_time) {
    return { canConfirm: false, confirmed: false };
  }
  const confirmed = appt.coming_confirmed_for === `${appt.confirmed_date} ${appt.confirmed_time}`;
  const ahead = now.getTime() < clinicInstant(appt.confirmed_date, appt.confirmed_time).getTime();
  return { canConfirm: ahead && !confirmed, confirmed };
}

/** Records it; false when the appointment no longer holds a time ahead (cancelled, moved, past). */
export async function confirmComing(db: Db, appt: AppointmentRow, now: Date): Promise<boolean> {
  const coming = comingOf(appt, now);
  if (coming.confirmed) return true;
  if (!coming.canConfirm) return false;
  return appointmentRepository(db).markComing(appt.id, appt.confirmed_date!, appt.confirmed_time!);
}
