/**
 * Calendar-date helpers on YYYY-MM-DD strings, computed in UTC so a date
 * never shifts with the visitor's time zone.
 */

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

export { MONTHS, WEEKDAYS };

function toDate(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

function toIso(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = toDate(value);
  return !Number.isNaN(d.getTime()) && toIso(d) === value;
}

export function addDays(iso: string, days: number): string {
  const d = toDate(iso);
  d.setUTCDate(d.getUTCDate() + days);
  return toIso(d);
}

/** The same day of the month `months` later, clamped to the month's last day. */
export function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = daysInMonth(first.getUTCFullYear(), first.getUTCMonth() + 1);
  first.setUTCDate(Math.min(d, last));
  return toIso(first);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** 0 = Monday … 6 = Sunday. */
export function weekdayIndex(iso: string): number {
  return (toDate(iso).getUTCDay() + 6) % 7;
}

/** "Monday 7 December 2026". */
export function formatLongDate(iso: string): string {
  if (!isIsoDate(iso)) return iso;
  const d = toDate(iso);
  return `${WEEKDAYS[weekdayIndex(iso)]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** "December 2026" for the month containing `iso`. */
export function formatMonth(iso: string): string {
  const d = toDate(iso);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** DD/MM/YYYY, the way dates are usually written in Botswana. */
export function formatShortDate(iso: string): string {
  const [y, m, d] = iso.split("-");
  return `${d}/${m}/${y}`;
}

/**
 * Reads a typed date: DD/MM/YYYY (also with - or . or spaces, one-digit day
 * and month allowed) or YYYY-MM-DD. Returns YYYY-MM-DD, or null when it is
 * not a real date.
 */
export function parseDateInput(text: string): string | null {
  const value = text.trim();
  let y: string, m: string, d: string;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  const dmy = /^(\d{1,2})[/.\-\s]+(\d{1,2})[/.\-\s]+(\d{4})$/.exec(value);
  if (iso) [, y, m, d] = iso as unknown as [string, string, string, string];
  else if (dmy) [, d, m, y] = dmy as unknown as [string, string, string, string];
  else return null;
  const candidate = `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`;
  return isIsoDate(candidate) ? candidate : null;
}

/** Today's date where the browser is, as YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, "0");
  const d = String(now.getDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}

/** The current time where the browser is, as HH:mm. */
export function localTime(now = new Date()): string {
  return `${String(now.getHours()).padStart(2, "0")}:${String(now.getMinutes()).padStart(2, "0")}`;
}

/** The weeks of the month containing `iso`, Monday first; null for padding cells. */
export function monthGrid(iso: string): (string | null)[][] {
  const [y, m] = iso.split("-").map(Number) as [number, number];
  const first = `${y}-${String(m).padStart(2, "0")}-01`;
  const count = daysInMonth(y, m);
  const cells: (string | null)[] = Array.from({ length: weekdayIndex(first) }, () => null);
  for (let day = 0; day < count; day++) cells.push(addDays(first, day));
  while (cells.length % 7) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The booking calendar, as the server describes it. */
export interface BookingCalendar {
  today: string;
  firstDate: string;
  lastDate: string;
  closedDates: string[];
}

export type DayAvailability = "open" | "closed" | "out-of-range";

export function availability(calendar: BookingCalendar, closed: ReadonlySet<string>, iso: string): DayAvailability {
  if (iso < calendar.firstDate || iso > calendar.lastDate) return "out-of-range";
  return closed.has(iso) ? "closed" : "open";
}
