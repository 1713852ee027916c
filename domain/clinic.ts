import { WEEKDAYS, calendarNames } from "./dates";
import { BASE_LOCALE, type Locale } from "./locale";
import { m } from "./paraglide/messages.js";

/**
 * Who the clinic is and when it is open. The identity's values come from the
 * environment (server/base/config.ts validates them); the hours are the clinic's
 * own and the same everywhere: pages, e-mails, the referral form, the console.
 */

export interface OpeningPeriod {
  /** ISO weekday numbers, 1 = Monday … 7 = Sunday. */
  days: number[];
  label: string;
  opens: string;
  closes: string;
}

export interface ClinicIdentity {
  name: string;
  shortName: string;
  landline: string;
  whatsapp: string;
  email: string;
  address: { street: string; city: string; country: string };
  geo: { latitude: number; longitude: number };
  openingHours: OpeningPeriod[];
  closedNote: string;
  staffNames: string[];
  /** Who made the website (a name), for the footer's credit; unset, the footer says a placeholder. */
  siteCredit?: string;
  /** The company that carries the clinic's text messages (an SMS aggregator), named on the privacy page as a processor. */
  smsProvider: string;
}

/** When the clinic is open: Monday to Friday 08:00 to 20:00, Saturday 09:00 to 13:00. */
export const OPENING_HOURS: OpeningPeriod[] = [
  { days: [1, 2, 3, 4, 5], label: "Monday to Friday", opens: "08:00", closes: "20:00" },
  { days: [6], label: "Saturday", opens: "09:00", closes: "13:00" },
];

/** The ISO weekdays no opening period covers: the days the clinic never opens ([7], Sunday, today). */
export function closedWeekdays(periods: readonly OpeningPeriod[] = OPENING_HOURS): number[] {
  return [1, 2, 3, 4, 5, 6, 7].filter((day) => !periods.some((p) => p.days.includes(day)));
}

/** The names of closedWeekdays: ["Sundays"], or ["Sunday"] for a heading beside the hours' labels. Setswana names a day the same either way ("Tshipi"). */
export function closedWeekdayNames(
  periods: readonly OpeningPeriod[] = OPENING_HOURS,
  plural = true,
  locale: Locale = BASE_LOCALE,
): string[] {
  if (locale !== BASE_LOCALE) return closedWeekdays(periods).map((day) => calendarNames(locale).weekdays[day - 1]!);
  return closedWeekdays(periods).map((day) => `${WEEKDAYS[day - 1]}${plural ? "s" : ""}`);
}

/** "A", "A and B", "A, B and C" ("A, B le C" in Setswana). */
export function listWords(words: readonly string[], locale: Locale = BASE_LOCALE): string {
  if (words.length < 2) return words[0] ?? "";
  return `${words.slice(0, -1).join(", ")} ${m.clinic_and({}, { locale })} ${words.at(-1)}`;
}

/**
 * The days the clinic is closed, in words, from the opening hours: the
 * weekdays they leave out, then public holidays. "Sundays and public
 * holidays"; with `plural` false, "Sunday and public holidays" (the home
 * page's hours, beside "Saturday"). In Setswana: "Tshipi le malatsi a boikhutso a setšhaba".
 */
export function closedDaysWords(
  periods: readonly OpeningPeriod[] = OPENING_HOURS,
  plural = true,
  locale: Locale = BASE_LOCALE,
): string {
  return listWords([...closedWeekdayNames(periods, plural, locale), m.clinic_public_holidays({}, { locale })], locale);
}

/** The days the clinic is closed, said once for every page and message: "Sundays and public holidays". */
export const CLOSED_DAYS = closedDaysWords();

/** "Closed on Sundays and public holidays": the line under the opening hours, in `locale`. */
export function closedNote(periods: readonly OpeningPeriod[] = OPENING_HOURS, locale: Locale = BASE_LOCALE): string {
  return m.clinic_closed_note({ days: closedDaysWords(periods, true, locale) }, { locale });
}

/** "Closed on Sundays and public holidays": the line under the opening hours. */
export const CLOSED_NOTE = closedNote();

/**
 * An opening period's days in `locale`: its own label in English ("Monday to Friday"); in Setswana,
 * from its days ("Mosupologo go ya go Labotlhano", "Matlhatso").
 */
export function openingPeriodLabel(period: OpeningPeriod, locale: Locale = BASE_LOCALE): string {
  if (locale === BASE_LOCALE) return period.label;
  const days = [...period.days].sort((a, b) => a - b);
  const name = (day: number) => calendarNames(locale).weekdays[day - 1]!;
  const first = days[0];
  const last = days.at(-1);
  if (first === undefined || last === undefined) return "";
  const consecutive = last - first === days.length - 1;
  if (days.length > 2 && consecutive) return m.clinic_day_range({ first: name(first), last: name(last) }, { locale });
  return listWords(days.map(name), locale);
}

/** The hours in one sentence: "Open Monday to Friday 08:00 to 20:00 and Saturday 09:00 to 13:00; closed on Sundays and public holidays." */
export function openingHoursSentence(
  periods: readonly OpeningPeriod[] = OPENING_HOURS,
  locale: Locale = BASE_LOCALE,
): string {
  const open = periods
    .map((p) =>
      m.clinic_period_hours({ days: openingPeriodLabel(p, locale), opens: p.opens, closes: p.closes }, { locale }),
    )
    .join(` ${m.clinic_and({}, { locale })} `);
  return m.clinic_hours_sentence({ open, days: closedDaysWords(periods, true, locale) }, { locale });
}
