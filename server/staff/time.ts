/**
 * Botswana keeps Central Africa Time (UTC+2) all year, with no daylight
 * saving, so the clinic's wall clock is a fixed offset from UTC.
 */
export const CLINIC_TIME_ZONE = "Africa/Gaborone";
const OFFSET_MS = 2 * 60 * 60 * 1000;

/** The clinic's calendar date (YYYY-MM-DD) at an instant. */
export function clinicDate(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The clinic's wall-clock time (HH:mm) at an instant. */
export function clinicTime(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(11, 16);
}

/** The instant of a clinic date and time (HH:mm). */
export function clinicInstant(date: string, time: string): Date {
  return new Date(`${date}T${time}:00+02:00`);
}

/** Adds whole days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Subtracts whole calendar months from an instant, clamping the day (31 March - 1 month = 28/29 Feb). */
export function subtractMonths(at: Date, months: number): Date {
  const d = new Date(at.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(s: string): boolean {
  if (!ISO_DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}

const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTH_NAMES = [
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
];

/** Formats YYYY-MM-DD as e.g. "Wednesday 25 November 2026" (locale-independent). */
export function longDate(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  return `${DAY_NAMES[d.getUTCDay()]} ${d.getUTCDate()} ${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}
