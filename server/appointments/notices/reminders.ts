import type { FastifyBaseLogger } from "fastify";
import { appointmentGuidance } from "../../../domain/catalogue";
import { addDays, clinicDate, clinicInstant, clinicToday } from "../../../domain/dates";
import { preparationAtShort } from "../../../domain/preparation";
import type { Config } from "../../base/config";
import type { Db } from "../../db/index";
import { enqueueMail } from "../../mail/queue";
import { reminderMail } from "./mails";
import { appointmentRepository, type AppointmentRow } from "../appointment-repository";
import { runEvery } from "../../jobs/periodic";
import { issueManageLink } from "../manage-links";
import { queuePatientText } from "../../texts/index";

/**
 * The reminder e-mail (and text, by the patient's choice) for a confirmed
 * appointment (decisions 019, 069): sent from REMINDER_FROM (Africa/Gaborone)
 * on the evening before, before the texts' quiet hours start; for a time
 * booked (or confirmed, or moved to) on the day before or the day itself, at
 * once instead; never when the appointment is less than REMINDER_MIN_AHEAD_MS
 * away. Sent once per confirmed date and time across instances (a
 * compare-and-set on `reminder_sent_for` in the transaction that queues it),
 * never for an appointment cancelled or moved meanwhile. Each appointment
 * has its e-mail, with its preparation at clock times; one text a day holds
 * all of a patient's appointments that day (the same phone number), with
 * the first one's preparation times and link, which lets the patient
 * confirm they are coming or cancel.
 */

/** When on the evening before the reminder goes: before quiet hours (20:00 by default) hold the texts. */
export const REMINDER_FROM = "17:00";
/** No reminder for an appointment closer than this. */
export const REMINDER_MIN_AHEAD_MS = 3 * 3600_000;

/** What `reminder_sent_for` holds once the reminder for a confirmed date and time is queued. */
function reminderKey(appt: Pick<AppointmentRow, "confirmed_date" | "confirmed_time">): string {
  return `${appt.confirmed_date} ${appt.confirmed_time}`;
}

/**
 * True when the reminder for this appointment's confirmed time is due at
 * `now`. `confirmedAt`: when it got that time (ISO; confirmedAtOf), which
 * makes a time booked for the same or the next day due at once.
 */
export function reminderDue(
  appt: Pick<AppointmentRow, "status" | "confirmed_date" | "confirmed_time" | "reminder_sent_for">,
  now: Date,
  confirmedAt?: string,
): boolean {
  if (appt.status !== "confirmed" || !appt.confirmed_date || !appt.confirmed_time) return false;
  if (appt.reminder_sent_for === reminderKey(appt)) return false;
  const start = clinicInstant(appt.confirmed_date, appt.confirmed_time).getTime();
  if (start - now.getTime() < REMINDER_MIN_AHEAD_MS) return false;
  const dayBefore = addDays(appt.confirmed_date, -1);
  if (now.getTime() >= clinicInstant(dayBefore, REMINDER_FROM).getTime()) return true;
  return confirmedAt !== undefined && clinicDate(new Date(confirmedAt)) >= dayBefore;
}

/** The appointments of today and tomorrow whose reminder is due at `now`. */
async function dueReminders(db: Db, now: Date): Promise<AppointmentRow[]> {
  const appointments = appointmentRepository(db);
  const today = clinicToday(now);
  const candidates = (await appointments.confirmedOn(today, addDays(today, 1))).filter(
    (appt) => appt.reminder_sent_for !== reminderKey(appt),
  );
  const confirmedAt = await appointments.confirmedAtOf(candidates.map((appt) => appt.id));
  return candidates.filter((appt) => reminderDue(appt, now, confirmedAt.get(appt.id)));
}

/** The due appointments by patient and day (the same phone number, the same date), each day's in time order. */
function byPatientDay(due: readonly AppointmentRow[]): AppointmentRow[][] {
  const groups = new Map<string, AppointmentRow[]>();
  for (const appt of due) {
    const key = `${appt.phone} ${appt.confirmed_date}`;
    groups.set(key, [...(groups.get(key) ?? []), appt]);
  }
  return [...groups.values()].map((group) =>
    group.sort((a, b) =>
      a.confirmed_time! < b.confirmed_time! ? -1 : a.confirmed_time! > b.confirmed_time! ? 1 : a.id - b.id,
    ),
  );
}

/** Queues every reminder due at `now`; answers how many appointments this call reminded. */
export async function sendDueReminders(db: Db, config: Config, now: Date): Promise<number> {
  const appointments = appointmentRepository(db);
  let sent = 0;
  for (const group of byPatientDay(await dueReminders(db, now))) {
    sent += await db.transaction().execute(async (trx) => {
      const reminded: { appt: AppointmentRow; manageUrl: string }[] = [];
      for (const appt of group) {
        if (!(await appointments.markReminded(appt.id, appt.confirmed_date!, appt.confirmed_time!, trx))) continue;
        const manageUrl = await issueManageLink(db, config, appt, now, trx);
        await enqueueMail(reminderMail(appt, manageUrl, config), now, trx);
        reminded.push({ appt, manageUrl });
      }
      const first = reminded[0];
      if (first) {
        const { appt } = first;
        const rules = appointmentGuidance(appt.service_name, appt.examination).rules;
        await queuePatientText(
          config,
          {
            reference: appt.reference,
            phone: appt.phone,
            preference: appt.contact_preference ?? null,
            kind: "reminder",
            date: appt.confirmed_date!,
            time: reminded.map((r) => r.appt.confirmed_time!).join(", "),
            prep: preparationAtShort(rules, appt.confirmed_date!, appt.confirmed_time!, appt.language),
            manageUrl: first.manageUrl,
            language: appt.language,
          },
          now,
          trx,
        );
      }
      return reminded.length;
    });
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
    overdue: (await dueReminders(db, now)).length,
  };
}
