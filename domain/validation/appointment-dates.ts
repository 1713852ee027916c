import { addDays, formatLongDate, type BookingCalendar } from "../dates";

/**
 * The appointment rules that need today's date and the clinic's calendar,
 * which a schema cannot know: a real past date of birth, and an open day in
 * the booking window. The browser runs them with the calendar it fetched, the
 * server with the one it computes (with the holidays and closures), so both
 * give the same message for each rule.
 *
 * No zod here: the booking page imports this module up front, while the
 * schemas load on demand.
 */

/**
 * The date of birth's messages. The form asks for it in three boxes (day,
 * month, year: ./appointment-form.ts), the API as YYYY-MM-DD.
 */
export const DOB_MESSAGES = {
  missing: "Enter your date of birth, for example 27 3 1985.",
  /** Some of the three boxes are empty: the ones to fill in ("a month", "a day and a year"). */
  incomplete: (parts: readonly string[]) => `Date of birth must include ${parts.map((p) => `a ${p}`).join(" and ")}.`,
  notReal: "Date of birth must be a real date, for example 27 3 1985.",
  past: "Date of birth must be in the past.",
  tooOld: "Date of birth must be within the last 120 years.",
} as const;

export const DATE_MESSAGES = {
  /** What the visitor typed is not a date (the browser's text field; the API takes YYYY-MM-DD). */
  format: "Enter the appointment date as day/month/year, for example 07/12/2026.",
  past: "Choose today or a later date.",
  tooFar: (days: number) => `Choose a date within the next ${days} days.`,
  /** With the reason a manager gave for a closure, when there is one ("Closed for staff training"). */
  closed: (date: string, reason?: string) =>
    reason
      ? `The clinic is closed on ${formatLongDate(date)}: ${reason.replace(/[.\s]+$/, "")}. Choose another day.`
      : `The clinic is closed on ${formatLongDate(date)}. Choose another day.`,
} as const;

/** A real date of birth (YYYY-MM-DD): before today and at most 120 years ago. */
export function dobProblem(dob: string, today: string): string | undefined {
  if (dob >= today) return DOB_MESSAGES.past;
  return dob < addDays(today, -Math.round(120 * 365.2425)) ? DOB_MESSAGES.tooOld : undefined;
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** An open day (YYYY-MM-DD) within the booking window: `calendar` is today … today + horizon and its closed days. */
export function bookingDateProblem(
  date: string,
  calendar: BookingCalendar,
  reasons: Readonly<Record<string, string>> = {},
): string | undefined {
  if (date < calendar.firstDate) return DATE_MESSAGES.past;
  if (date > calendar.lastDate) return DATE_MESSAGES.tooFar(daysBetween(calendar.today, calendar.lastDate));
  if (calendar.closedDates.includes(date)) return DATE_MESSAGES.closed(date, reasons[date]);
  return undefined;
}
