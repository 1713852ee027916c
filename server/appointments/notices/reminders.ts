import type { FastifyBaseLogger } from "fastify";
import { addDays, clinicInstant, clinicToday } from "../../../domain/dates";
import type { Config } from "../../base/config";
import type { Db } from "../../db/index";
import { enqueueMail } from "../../mail/queue";
import { reminderMail } from "./mails";
import { appointmentRepository, type AppointmentRow } from "../appointment-repository";
import { runEvery } from "../../jobs/periodic";
import { issueManageLink } from "../manage-links";
import { textPatient } from "./texts";

/**
 * The reminder e-mail (and text, by the patient's choice) for a confirmed appointment: sent from REMINDER_FROM
 * (Africa/Gaborone) on the day before; confirmed after that, it goes at once,
 * unless the appointment is less than REMINDER_MIN_AHEAD_MS away. Sent once
 * per confirmed date and time across instances (a compare-and-set on
 * `reminder_sent_for` in the transaction that queues it), never for an
 * appointment cancelled or moved meanwhile.
 */

/** When on the day before the reminder goes. */
export const REMINDER_FROM = "08:00";
/** No reminder for an appointment closer than this. */
export const REMINDER_MIN_AHEAD_MS = 3 * 3600_000;

/** What `reminder_sent_for` holds once the reminder for a confirmed date and time is queued. */
function reminderKey(appt: Pick<AppointmentRow, "confirmed_date" | "confirmed_time">): string {
  return `${appt.confirmed_date} ${appt.confirmed_time}`;
}

/** True when the reminder for this appointment's confirmed time is due at `now`. */
export function reminderDue(
  appt: Pick<AppointmentRow, "status" | "confirmed_date" | "confirmed_time" | "reminder_sent_for">,
  now: Date,
): boolean {
  if (appt.status !== "confirmed" || !appt.confirmed_date || !appt.confirmed_time) return false;
  if (appt.reminder_sent_for === reminderKey(appt)) return false;
  const start = clinicInstant(appt.confirmed_date, appt.confirmed_time).getTime();
  const from = clinicInstant(addDays(appt.confirmed_date, -1), REMINDER_FROM).getTime();
  return now.getTime() >= from && start - now.getTime() >= REMINDER_MIN_AHEAD_MS;
}

/** Queues every reminder due at `now`; answers how many this call queued. */
export async function sendDueReminders(db: Db, config: Config, now: Date): Promise<number> {
  const appointments = appointmentRepository(db);
  const today = clinicToday(now);
  let sent = 0;
  for (const appt of await appointments.confirmedOn(today, addDays(today, 1))) {
    if (!reminderDue(appt, now)) continue;
    const queued = await db.transaction().execute(async (trx) => {
      if (!(await appointments.markReminded(appt.id, appt.confirmed_date!, appt.confirmed_time!, trx))) return false;
      const manageUrl = await issueManageLink(db, config, appt, now, trx);
      await enqueueMail(reminderMail(appt, manageUrl, config), now, trx);
      await textPatient(config, appt, "reminder", manageUrl, now, undefined, trx);
      return true;
    });
    if (queued) sent += 1;
  }
  return sent;
}

/** Runs sendDueReminders every REMINDER_POLL_MS (config.mail.reminderPollMs) in a listening server; the returned function stops it. */
export function startReminders(db: Db, config: Config, log?: FastifyBaseLogger) {
  return runEvery(
    config.mail.reminderPollMs,
    Math.min(3000, config.mail.reminderPollMs),
    async () => {
      const sent = await sendDueReminders(db, config, new Date());
      if (sent) log?.info({ sent }, "appointment reminders queued");
    },
    (error) => log?.error({ err: { message: (error as Error).message } }, "reminders failed"),
  );
}

/**
 * The reminders for the operator (decision 033), at `now`: queued, for
 * today's and tomorrow's confirmed appointments at their current time (a
 * reminder is never queued earlier than the day before), and overdue: due by
 * the rule above but not queued, which stays above zero while reminders are
 * not going out.
 */
export async function reminderState(db: Db, now: Date): Promise<{ queued: number; overdue: number }> {
  const today = clinicToday(now);
  const confirmed = await appointmentRepository(db).confirmedOn(today, addDays(today, 1));
  return {
    queued: confirmed.filter((appt) => appt.reminder_sent_for === reminderKey(appt)).length,
    overdue: confirmed.filter((appt) => reminderDue(appt, now)).length,
  };
}
