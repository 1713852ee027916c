import Holidays from "date-holidays";
import { addDays, type BookingCalendar, clinicToday, isoWeekday } from "./dates";

/**
 * Pure date rules for bookings: which calendar days (Africa/Gaborone) the
 * clinic is open. A date is a "YYYY-MM-DD" string throughout.
 *
 * Botswana public holidays come from date-holidays ("BW", type "public"),
 * corrected where it differs from the Public Holidays Act:
 * - it lacks the Botswana Day Holiday on 1 October (next to Botswana Day,
 *   30 September): added every year;
 * - it moves only Sir Seretse Khama Day (Sunday) and Botswana Day (Saturday or
 *   Sunday) to a Monday; the Act moves every public holiday that falls on a
 *   Sunday to the next day that is not already a holiday. So its own
 *   substitute days are dropped and one general rule is applied instead
 *   (e.g. Family Day, Sunday 26 December 2027, is observed on Monday 27th).
 */

const hd = new Holidays("BW");
const cache = new Map<number, Map<string, string>>();

/** Public holidays named in the calendar of one year, before the Sunday rule. */
function statutoryHolidays(year: number): Map<string, string> {
  const base = new Map<string, string>();
  for (const h of hd.getHolidays(year)) {
    if (h.type !== "public") continue;
    if (/substitutes/.test(h.rule ?? "")) continue; // replaced by the general Sunday rule below
    base.set(h.date.slice(0, 10), h.name);
  }
  base.set(`${year}-10-01`, "Botswana Day Holiday");
  return base;
}

/** Botswana public holidays observed in a year, date → name, sorted by date. */
export function botswanaPublicHolidays(year: number): Map<string, string> {
  const cached = cache.get(year);
  if (cached) return cached;
  // The previous year is included so a Sunday late in December can move into January.
  const base = new Map([...statutoryHolidays(year - 1), ...statutoryHolidays(year)]);
  const all = new Map(base);
  for (const [date, name] of [...base].sort(([a], [b]) => a.localeCompare(b))) {
    if (isoWeekday(date) !== 7) continue;
    let next = addDays(date, 1);
    while (all.has(next) || isoWeekday(next) === 7) next = addDays(next, 1);
    all.set(next, `${name} (observed)`);
  }
  const result = new Map([...all].filter(([d]) => d.startsWith(`${year}-`)).sort(([a], [b]) => a.localeCompare(b)));
  cache.set(year, result);
  return result;
}

export interface ClosedReason {
  closed: boolean;
  reason?: "sunday" | "holiday" | "closed";
  holiday?: string;
}

/** Why a date is closed, if it is. */
export function closedReason(date: string, closedDates: readonly string[]): ClosedReason {
  if (isoWeekday(date) === 7) return { closed: true, reason: "sunday" };
  const holiday = botswanaPublicHolidays(Number(date.slice(0, 4))).get(date);
  if (holiday) return { closed: true, reason: "holiday", holiday };
  if (closedDates.includes(date)) return { closed: true, reason: "closed" };
  return { closed: false };
}

export function isOpenDay(date: string, closedDates: readonly string[]): boolean {
  return !closedReason(date, closedDates).closed;
}

/** The booking window (today … today + horizon) and every closed date in it. */
export function bookingCalendar(now: Date, horizonDays: number, closedDates: readonly string[]): BookingCalendar {
  const today = clinicToday(now);
  const lastDate = addDays(today, horizonDays);
  const closed: string[] = [];
  for (let d = today; d <= lastDate; d = addDays(d, 1)) {
    if (!isOpenDay(d, closedDates)) closed.push(d);
  }
  return { today, firstDate: today, lastDate, closedDates: closed };
}
