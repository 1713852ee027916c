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

export const DOB_MESSAGE = "Enter a real date of birth in the past.";

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
  const earliest = addDays(today, -Math.round(120 * 365.2425));
  return dob >= today || dob < earliest ? DOB_MESSAGE : undefined;
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
