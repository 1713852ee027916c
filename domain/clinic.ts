import { WEEKDAYS } from "./dates";

/**
 * Who the clinic is and when it is open. The identity's values come from the
 * environment (server/config.ts validates them); the hours are the clinic's
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
  siteCredit: string;
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

/** The names of closedWeekdays: ["Sundays"], or ["Sunday"] for a heading beside the hours' labels. */
export function closedWeekdayNames(periods: readonly OpeningPeriod[] = OPENING_HOURS, plural = true): string[] {
  return closedWeekdays(periods).map((day) => `${WEEKDAYS[day - 1]}${plural ? "s" : ""}`);
}

/** "A", "A and B", "A, B and C". */
export function listWords(words: readonly string[]): string {
  return words.length < 2 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/**
 * The days the clinic is closed, in words, from the opening hours: the
 * weekdays they leave out, then public holidays. "Sundays and public
 * holidays"; with `plural` false, "Sunday and public holidays" (the home
 * page's hours, beside "Saturday").
 */
export function closedDaysWords(periods: readonly OpeningPeriod[] = OPENING_HOURS, plural = true): string {
  return listWords([...closedWeekdayNames(periods, plural), "public holidays"]);
}

/** The days the clinic is closed, said once for every page and message: "Sundays and public holidays". */
export const CLOSED_DAYS = closedDaysWords();

/** "Closed on Sundays and public holidays": the line under the opening hours. */
export const CLOSED_NOTE = `Closed on ${CLOSED_DAYS}`;

/** The hours in one sentence: "Open Monday to Friday 08:00 to 20:00 and Saturday 09:00 to 13:00; closed on Sundays and public holidays." */
export function openingHoursSentence(periods: readonly OpeningPeriod[] = OPENING_HOURS): string {
  const open = periods.map((p) => `${p.label} ${p.opens} to ${p.closes}`).join(" and ");
  return `Open ${open}; closed on ${closedDaysWords(periods)}.`;
}
