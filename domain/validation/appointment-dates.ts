import { listWords } from "../clinic";
import { addDays, daysBetween, formatLongDate } from "../dates";
import type { BookingCalendar } from "../opening-days";
import { BASE_LOCALE, type Locale } from "../locale";
import { m } from "../paraglide/messages.js";

/**
 * The appointment rules that need today's date and the clinic's calendar,
 * which a schema cannot know: a real past date of birth, and an open day in
 * the booking window. The browser runs them with the calendar it fetched, the
 * server with the one it computes (with the holidays and closures), so both
 * give the same message for each rule, in the language the visitor uses.
 *
 * No zod here: the booking page imports this module up front, while the
 * schemas load on demand.
 */

/** How far back a date of birth may be. */
const DOB_MAX_YEARS = 120;

/** The three boxes of the date of birth (./appointment-form.ts), as its messages name them. */
export type DobPart = "day" | "month" | "year";

/**
 * The date of birth's messages in `locale`. The form asks for it in three boxes (day, month, year:
 * ./appointment-form.ts), the API as YYYY-MM-DD.
 */
export function dobMessages(locale: Locale) {
  const options = { locale };
  const partWords: Record<DobPart, string> = {
    day: m.validation_dob_part_day({}, options),
    month: m.validation_dob_part_month({}, options),
    year: m.validation_dob_part_year({}, options),
  };
  return {
    missing: m.validation_dob_missing({}, options),
    /** Some of the three boxes are empty: the ones to fill in ("a month", "a day and a year"). */
    incomplete: (parts: readonly DobPart[]) =>
      m.validation_dob_incomplete(
        {
          parts: listWords(
            parts.map((p) => partWords[p]),
            locale,
          ),
        },
        options,
      ),
    notReal: m.validation_dob_not_real({}, options),
    past: m.validation_dob_past({}, options),
    tooOld: m.validation_dob_too_old({ years: DOB_MAX_YEARS }, options),
  };
}

/** The appointment date's messages in `locale`. */
export function dateMessages(locale: Locale) {
  const options = { locale };
  return {
    /** What the visitor typed is not a date (the browser's text field; the API takes YYYY-MM-DD). */
    format: m.validation_date_format({}, options),
    past: m.validation_date_past({}, options),
    tooFar: (days: number) => m.validation_date_too_far({ days }, options),
    /** With the reason a manager gave for a closure, when there is one ("Closed for staff training"). */
    closed: (date: string, reason?: string) =>
      reason
        ? m.validation_date_closed_reason(
            { date: formatLongDate(date, locale), reason: reason.replace(/[.\s]+$/, "") },
            options,
          )
        : m.validation_date_closed({ date: formatLongDate(date, locale) }, options),
  };
}

/** The messages in English (dobMessages and dateMessages for another language). */
export const DOB_MESSAGES = dobMessages(BASE_LOCALE);
export const DATE_MESSAGES = dateMessages(BASE_LOCALE);

/** A real date of birth (YYYY-MM-DD): before today and at most 120 years ago. */
export function dobProblem(dob: string, today: string, locale: Locale = BASE_LOCALE): string | undefined {
  const messages = dobMessages(locale);
  if (dob >= today) return messages.past;
  return dob < addDays(today, -Math.round(DOB_MAX_YEARS * 365.2425)) ? messages.tooOld : undefined;
}

/** An open day (YYYY-MM-DD) within the booking window: `calendar` is today … today + horizon and its closed days. */
export function bookingDateProblem(
  date: string,
  calendar: BookingCalendar,
  reasons: Readonly<Record<string, string>> = {},
  locale: Locale = BASE_LOCALE,
): string | undefined {
  const messages = dateMessages(locale);
  if (date < calendar.firstDate) return messages.past;
  if (date > calendar.lastDate) return messages.tooFar(daysBetween(calendar.today, calendar.lastDate));
  if (calendar.closedDates.includes(date)) return messages.closed(date, reasons[date]);
  return undefined;
}
