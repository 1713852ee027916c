/**
 * The one home for dates and the clinic's clock.
 *
 * Calendar dates are YYYY-MM-DD strings, computed in UTC so a date never
 * shifts with the visitor's or the server's time zone. The clinic keeps
 * Africa/Gaborone time: Central Africa Time, UTC+2 all year with no daylight
 * saving, so its wall clock is a fixed offset from UTC.
 */

import type { Locale } from "./locale";

const CLINIC_OFFSET_MS = 2 * 60 * 60 * 1000;
const CLINIC_OFFSET = "+02:00";

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

/**
 * Day and month names in each language, long and short. Setswana's are CLDR's `tn` names, as Node's ICU
 * formats them (tests/unit/dates-setswana.test.ts compares them): kept here rather than asked of `Intl`,
 * because Chromium and most phone browsers have no Setswana and would fall back to English.
 */
const NAMES: Readonly<
  Record<
    Locale,
    {
      weekdays: readonly string[];
      /** CLDR's short names: for the calendar's column headings only, beside the full name. */
      weekdaysShort: readonly string[];
      /**
       * The day names a compact date ("Wed 30 Sep") and the opening-hours line use: English's three
       * letters; Setswana's in full, since its short forms cut its letters ("Labt" for Labotlhano:
       * messages/glossary.json, rule `days`).
       */
      weekdaysInText: readonly string[];
      months: readonly string[];
      monthsShort: readonly string[];
    }
  >
> = {
  en: {
    weekdays: WEEKDAYS,
    weekdaysShort: WEEKDAYS.map((d) => d.slice(0, 3)),
    weekdaysInText: WEEKDAYS.map((d) => d.slice(0, 3)),
    months: MONTHS,
    monthsShort: MONTHS.map((m) => m.slice(0, 3)),
  },
  tn: {
    weekdays: ["Mosupologo", "Labobedi", "Laboraro", "Labone", "Labotlhano", "Matlhatso", "Tshipi"],
    weekdaysShort: ["Mos", "Labb", "Labr", "Labn", "Labt", "Mat", "Tsh"],
    weekdaysInText: ["Mosupologo", "Labobedi", "Laboraro", "Labone", "Labotlhano", "Matlhatso", "Tshipi"],
    months: [
      "Ferikgong",
      "Tlhakole",
      "Mopitlo",
      "Moranang",
      "Motsheganang",
      "Seetebosigo",
      "Phukwi",
      "Phatwe",
      "Lwetse",
      "Diphalane",
      "Ngwanatsele",
      "Sedimonthole",
    ],
    monthsShort: ["Fer", "Tlh", "Mop", "Mor", "Mot", "See", "Phu", "Pha", "Lwe", "Dip", "Ngw", "Sed"],
  },
};

/** The names of the days (Monday first) and months in `locale`, long and short. */
export function calendarNames(locale: Locale): (typeof NAMES)[Locale] {
  return NAMES[locale];
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

// --- Calendar dates (YYYY-MM-DD) ---

/** Parses YYYY-MM-DD to a UTC-midnight Date, or null when it is not a real date. */
export function parseIsoDate(date: string): Date | null {
  const m = DATE_RE.exec(date);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]) - 1;
  const day = Number(m[3]);
  const d = new Date(Date.UTC(year, month, day));
  // Not rolled over (31 April is no 1 May), and not a year 0–99, which Date.UTC reads as 1900–1999.
  return d.getUTCFullYear() === year && d.getUTCMonth() === month && d.getUTCDate() === day ? d : null;
}

const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The calendar date (UTC) of a Date, as YYYY-MM-DD (as toISOString writes it, at a fifth of its cost). */
export function formatIsoDate(d: Date): string {
  const year = d.getUTCFullYear();
  // Outside four-digit years (and an invalid Date, which toISOString refuses) as toISOString writes them.
  if (!(year >= 1000 && year <= 9999)) return d.toISOString().slice(0, 10);
  return `${year}-${twoDigits(d.getUTCMonth() + 1)}-${twoDigits(d.getUTCDate())}`;
}

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  return parseIsoDate(value) !== null;
}

function toDate(iso: string): Date {
  const d = parseIsoDate(iso);
  if (!d) throw new Error(`not a date: ${iso}`);
  return d;
}

/** Adds (or, negative, subtracts) whole days. */
export function addDays(iso: string, days: number): string {
  const d = toDate(iso);
  d.setUTCDate(d.getUTCDate() + days);
  return formatIsoDate(d);
}

/** Whole days from one YYYY-MM-DD to another (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
}

/** The same day of the month `months` later, clamped to the month's last day. */
export function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = daysInMonth(first.getUTCFullYear(), first.getUTCMonth() + 1);
  first.setUTCDate(Math.min(d, last));
  return formatIsoDate(first);
}

/** Subtracts whole calendar months from an instant, clamping the day (31 March - 1 month = 28/29 Feb). */
export function subtractMonths(at: Date, months: number): Date {
  const d = new Date(at.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  d.setUTCDate(Math.min(day, daysInMonth(d.getUTCFullYear(), d.getUTCMonth() + 1)));
  return d;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** 0 = Monday … 6 = Sunday, of a UTC-midnight Date. */
const mondayFirst = (d: Date) => (d.getUTCDay() + 6) % 7;

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export function isoWeekday(iso: string): number {
  return mondayFirst(toDate(iso)) + 1;
}

/** 0 = Monday … 6 = Sunday (a column of a Monday-first calendar). */
export function weekdayIndex(iso: string): number {
  return mondayFirst(toDate(iso));
}

// --- Dates in words ---

/**
 * "Monday 7 December 2026" ("Mosupologo 7 Sedimonthole 2026" in Setswana: day, month, year, as dates
 * are written in Botswana in both languages); anything that is not a date is returned unchanged.
 */
export function formatLongDate(iso: string, locale: Locale = "en"): string {
  const d = parseIsoDate(iso);
  if (!d) return iso;
  const names = NAMES[locale];
  return `${names.weekdays[mondayFirst(d)]} ${d.getUTCDate()} ${names.months[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/**
 * "Mon 7 Dec 2026" ("Mosupologo 7 Sed 2026": Setswana's days are written in full), for tables and
 * texts; anything that is not a date is returned unchanged.
 */
export function formatAbbreviatedDate(iso: string, locale: Locale = "en"): string {
  const d = parseIsoDate(iso);
  if (!d) return iso;
  const names = NAMES[locale];
  return `${names.weekdaysInText[mondayFirst(d)]} ${d.getUTCDate()} ${names.monthsShort[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** "9 Dec": the day and the month's short name, for a chart's axis (English: the console's). */
export function formatDayMonth(iso: string): string {
  const d = toDate(iso);
  return `${d.getUTCDate()} ${NAMES.en.monthsShort[d.getUTCMonth()]}`;
}

/** "December 2026" ("Sedimonthole 2026") for the month containing `iso`. */
export function formatMonth(iso: string, locale: Locale = "en"): string {
  const d = toDate(iso);
  return `${NAMES[locale].months[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
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

// --- The clinic's clock (Africa/Gaborone) ---

/** The instant as the clinic's wall clock reads it, in a Date's UTC fields. */
const onClinicClock = (at: Date) => new Date(at.getTime() + CLINIC_OFFSET_MS);

/** The clinic's calendar date (YYYY-MM-DD) at an instant. */
export function clinicDate(at: Date): string {
  return formatIsoDate(onClinicClock(at));
}

/** Today in the clinic: its calendar date now (or at `now`). */
export function clinicToday(now: Date = new Date()): string {
  return clinicDate(now);
}

/** The clinic's calendar year at an instant (the footer's copyright year). */
export function clinicYear(at: Date = new Date()): number {
  return onClinicClock(at).getUTCFullYear();
}

/** The clinic's wall-clock time (HH:mm) at an instant. */
export function clinicTime(at: Date): string {
  return onClinicClock(at).toISOString().slice(11, 16);
}

/** The instant of a clinic date and wall-clock time (HH:mm). */
export function clinicInstant(date: string, time: string): Date {
  return new Date(`${date}T${time}:00${CLINIC_OFFSET}`);
}

/** An ISO instant as the clinic's date and wall-clock time, day first, for the console: "Sun 22 Nov 2026 13:40". */
export function formatClinicDateTime(instant: string): string {
  const at = new Date(instant);
  return `${formatAbbreviatedDate(clinicDate(at))} ${clinicTime(at)}`;
}

/** An ISO instant as the clinic's date and wall-clock time in an order that sorts, for a spreadsheet: "2026-11-22 13:40". */
export function sortableClinicDateTime(instant: string): string {
  return onClinicClock(new Date(instant)).toISOString().slice(0, 16).replace("T", " ");
}

/** An instant as the clinic's long date and time, e.g. "Wednesday 25 November 2026 at 10:14". */
export function formatClinicMoment(instant: string): string {
  const at = new Date(instant);
  return `${formatLongDate(clinicDate(at))} at ${clinicTime(at)}`;
}

// --- The browser's clock ---

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

// --- Month calendars ---

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
