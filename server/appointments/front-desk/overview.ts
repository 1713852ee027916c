import type { Db } from "../../db/index";
import { appointmentRepository } from "../appointment-repository";
import { enquiryRepository } from "../../enquiries/enquiry-repository";
import { addDays, clinicDate, clinicInstant } from "../../../domain/dates";
import { OPEN_DAY_LOOKBACK_DAYS, overdueIfMadeBefore } from "../../../domain/opening-days";
import { closedDatesBetween } from "../../closures/closed-dates";
import type { Config } from "../../base/config";
import { FAILING_LOOKBACK_DAYS, failingMessageReferences, failingMessages } from "../../texts/index";

export const CHART_DAYS = 30;
/** At most this many upcoming confirmed appointments are listed. */
const UPCOMING_LIMIT = 50;
/** At most this many overdue requests and open enquiries are listed on the overview. */
export const PANEL_LIMIT = 50;

/** The overview page: today's and upcoming confirmed appointments, counts, and requests per day. */
export async function overview(db: Db, now: Date) {
  const today = clinicDate(now);
  const firstDay = addDays(today, -(CHART_DAYS - 1));
  // created_at is UTC; the clinic's day starts at 22:00 UTC the day before.
  const since = clinicInstant(firstDay, "00:00").toISOString();
  const appointments = appointmentRepository(db);
  const [confirmed, newRequests, newEnquiries, created] = await Promise.all([
    appointments.confirmedFrom(today, UPCOMING_LIMIT),
    appointments.countByStatus("requested"),
    enquiryRepository(db).count("new"),
    appointments.createdSince(since),
  ]);
  const perDay = new Map<string, number>();
  for (let i = 0; i < CHART_DAYS; i++) perDay.set(addDays(firstDay, i), 0);
  for (const row of created) {
    const day = clinicDate(new Date(row.created_at));
    if (perDay.has(day)) perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  return {
    today,
    todays: confirmed.filter((a) => a.confirmed_date === today),
    upcoming: confirmed.filter((a) => a.confirmed_date !== today),
    newRequests,
    newEnquiries,
    requestsPerDay: [...perDay].map(([date, count]) => ({ date, count })),
  };
}

/**
 * Requests still unconfirmed after one working day (domain/opening-days.ts
 * overdueIfMadeBefore, with the closed dates from the database), oldest first.
 */
export async function overdueRequests(db: Db, config: Pick<Config, "closedDates">, now: Date, limit = PANEL_LIMIT) {
  const today = clinicDate(now);
  const closed = await closedDatesBetween(db, config, addDays(today, -OPEN_DAY_LOOKBACK_DAYS), today);
  const before = overdueIfMadeBefore(today, [...closed.keys()]);
  if (!before) return [];
  // created_at is UTC; the clinic's day starts at 22:00 UTC the day before.
  return appointmentRepository(db).requestedBefore(clinicInstant(before, "00:00").toISOString(), limit);
}

/** Enquiries not yet handled (status "new"), oldest first. */
export async function openEnquiries(db: Db, limit = PANEL_LIMIT) {
  return enquiryRepository(db).oldest("new", limit);
}

/**
 * Text messages to patients that failed or went unknown lately and were not
 * sent again (decision 030): how many, and the appointments they are about
 * (at most PANEL_LIMIT), so reception can open each one and resend or phone.
 */
export async function failingTexts(db: Db, now: Date) {
  const [count, references] = await Promise.all([
    failingMessages(db, now),
    failingMessageReferences(db, now, PANEL_LIMIT),
  ]);
  // In the order the references came (most recent failure first).
  const ids = new Map((await appointmentRepository(db).idsOf(references)).map((a) => [a.reference, a.id]));
  const about = references.flatMap((reference) => {
    const id = ids.get(reference);
    return id === undefined ? [] : [{ id, reference }];
  });
  return { count, about, lookbackDays: FAILING_LOOKBACK_DAYS };
}
