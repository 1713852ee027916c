import { closedWeekdays, OPENING_HOURS, type OpeningPeriod } from "./clinic";
import { addDays, clinicDate, clinicTime, clinicToday, isIsoDate, isoWeekday, WEEKDAYS, weekdayIndex } from "./dates";
import type { OfferedChannels } from "./contact-preference";

/**
 * Which days the clinic is open (Africa/Gaborone), as pure rules: the
 * weekdays the opening hours leave out, Botswana's public holidays, the
 * closed dates it is given (server/closures/closed-dates.ts reads them from
 * the configuration and the database: the other "which days" module, the
 * one with I/O), the next and previous open day, the booking calendar (its
 * shape, how the server builds it and how the browser reads it), and when
 * staff may confirm. A date is a "YYYY-MM-DD" string throughout.
 *
 * Botswana public holidays follow the Public Holidays Act: the fixed days,
 * the Easter days, Ascension Day and President's Day (the third Monday of July)
 * with the day after it, and the Botswana Day Holiday on 1 October next to
 * Botswana Day. Every public holiday that falls on a Sunday moves to the next
 * day that is not already a holiday (e.g. Family Day, Sunday 26 December
 * 2027, is observed on Monday 27th). They are computed here rather than with
 * date-holidays, which loads every country's calendar and moment-timezone
 * (about 25 MB of the server's memory) for these fourteen days; a unit test
 * checks them against date-holidays' Botswana calendar year by year.
 */

const cache = new Map<number, Map<string, string>>();

const pad = (n: number) => String(n).padStart(2, "0");

/** Easter Sunday in the Gregorian calendar (the anonymous algorithm, as given by Meeus). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Public holidays named in the Act for one year, before the Sunday rule. */
function statutoryHolidays(year: number): Map<string, string> {
  const easter = easterSunday(year);
  const july1 = `${year}-07-01`;
  const presidentsDay = addDays(july1, ((8 - isoWeekday(july1)) % 7) + 14);
  return new Map([
    [`${year}-01-01`, "New Year's Day"],
    [`${year}-01-02`, "New Year's Holiday"],
    [addDays(easter, -2), "Good Friday"],
    [addDays(easter, -1), "Easter Saturday"],
    [addDays(easter, 1), "Easter Monday"],
    [`${year}-05-01`, "Labour Day"],
    [addDays(easter, 39), "Ascension Day"],
    [july1, "Sir Seretse Khama Day"],
    [presidentsDay, "President’s Day"],
    [addDays(presidentsDay, 1), "President’s Day Holiday"],
    [`${year}-09-30`, "Botswana Day"],
    [`${year}-10-01`, "Botswana Day Holiday"],
    [`${year}-12-25`, "Christmas Day"],
    [`${year}-12-26`, "Family Day"],
  ]);
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

/** A weekday the opening hours leave out, as a reason: "sunday". */
export type ClosedWeekday = Lowercase<(typeof WEEKDAYS)[number]>;

export interface ClosedReason {
  closed: boolean;
  reason?: ClosedWeekday | "holiday" | "closed";
  holiday?: string;
}

/**
 * Why a date is closed, if it is: a weekday the opening hours leave out
 * (OPENING_HOURS in clinic.ts, or `hours`), a public holiday, or a closed date.
 */
export function closedReason(
  date: string,
  closedDates: readonly string[],
  hours: readonly OpeningPeriod[] = OPENING_HOURS,
): ClosedReason {
  const weekday = isoWeekday(date);
  if (closedWeekdays(hours).includes(weekday))
    return { closed: true, reason: WEEKDAYS[weekday - 1]!.toLowerCase() as ClosedWeekday };
  return closedThoughOpenWeekday(date, closedDates);
}

/**
 * Why a date on a weekday the opening hours open is closed, if it is: a public holiday or a
 * closed date (closedReason's last two reasons, for a caller that has the weekday's hours already).
 */
export function closedThoughOpenWeekday(date: string, closedDates: readonly string[]): ClosedReason {
  const holiday = botswanaPublicHolidays(Number(date.slice(0, 4))).get(date);
  if (holiday) return { closed: true, reason: "holiday", holiday };
  if (closedDates.includes(date)) return { closed: true, reason: "closed" };
  return { closed: false };
}

export function isOpenDay(
  date: string,
  closedDates: readonly string[],
  hours: readonly OpeningPeriod[] = OPENING_HOURS,
): boolean {
  return !closedReason(date, closedDates, hours).closed;
}

/** How far back previousOpenDay looks: longer than the longest closure (domain/closures.ts, 366 days). */
export const OPEN_DAY_LOOKBACK_DAYS = 400;

/**
 * The last open day before `date` (not `date` itself), looking back at most
 * `limit` days; undefined when every one of them is closed.
 */
export function previousOpenDay(
  date: string,
  closedDates: readonly string[],
  limit = OPEN_DAY_LOOKBACK_DAYS,
): string | undefined {
  for (let i = 1; i <= limit; i++) {
    const day = addDays(date, -i);
    if (isOpenDay(day, closedDates)) return day;
  }
  return undefined;
}

/**
 * The first open day after `date` (within `limit` days), if any: the day by
 * whose end a request made on `date` is answered (see overdueIfMadeBefore).
 */
export function nextOpenDay(
  date: string,
  closedDates: readonly string[],
  limit = OPEN_DAY_LOOKBACK_DAYS,
): string | undefined {
  for (let i = 1; i <= limit; i++) {
    const day = addDays(date, i);
    if (isOpenDay(day, closedDates)) return day;
  }
  return undefined;
}

/**
 * The day by whose end a request made `now` is answered, as the booking
 * page's script reckons it from the calendar the server gave it (the server
 * reckons the same with requestAnswerBy when it stores the request). The day
 * the request is made is the clinic's date by the device's clock, unless that
 * clock puts it outside the calendar's window (a wrong clock): then the
 * server's today.
 */
export function answerByFromCalendar(calendar: BookingCalendar, now: Date): string | undefined {
  const clock = clinicToday(now);
  const madeOn = clock >= calendar.today && clock <= calendar.lastDate ? clock : calendar.today;
  return nextOpenDay(madeOn, calendar.closedDates);
}

/**
 * A request is answered within one working day: by the end of the first open
 * day after the day it was made (a request made on Saturday afternoon is due
 * by Monday evening; one made on the eve of Easter, by the Tuesday after).
 * Working days are open days (isOpenDay: no weekday the opening hours leave
 * out, no public holiday, no closed date). Returns the date before which a request still unconfirmed
 * `today` was made, if it is overdue: made on a day before the last open day
 * before today. Undefined when no open day is in reach (nothing is overdue).
 */
export function overdueIfMadeBefore(today: string, closedDates: readonly string[]): string | undefined {
  return previousOpenDay(today, closedDates);
}

/** The booking calendar, as the server describes it (bookingCalendar). */
export interface BookingCalendar {
  today: string;
  firstDate: string;
  lastDate: string;
  closedDates: string[];
}

/** What the booking form asks the server for (the calendar endpoint): its calendar, and whether it offers WhatsApp. */
export interface BookingFormFacts extends BookingCalendar, OfferedChannels {}

/** The window today … today + horizon, and the days in it that `isClosed`. */
function calendarOf(today: string, horizonDays: number, isClosed: (date: string) => boolean): BookingCalendar {
  const lastDate = addDays(today, horizonDays);
  const closed: string[] = [];
  for (let d = today; d <= lastDate; d = addDays(d, 1)) {
    if (isClosed(d)) closed.push(d);
  }
  return { today, firstDate: today, lastDate, closedDates: closed };
}

/** The booking window (today … today + horizon) and every closed date in it. */
export function bookingCalendar(now: Date, horizonDays: number, closedDates: readonly string[]): BookingCalendar {
  return calendarOf(clinicToday(now), horizonDays, (d) => !isOpenDay(d, closedDates));
}

/**
 * The calendar the booking page falls back on when it cannot load the
 * server's: from `today`, only the weekdays the clinic never opens are
 * closed (the server still checks the holidays and closed dates).
 */
export function weekdaysOnlyCalendar(today: string, horizonDays: number): BookingCalendar {
  return calendarOf(today, horizonDays, (d) => closedWeekdays().includes(isoWeekday(d)));
}

export type DayAvailability = "open" | "closed" | "out-of-range";

/** How a day of the booking calendar shows: bookable, closed, or outside the booking window. */
export function availability(calendar: BookingCalendar, closed: ReadonlySet<string>, iso: string): DayAvailability {
  if (iso < calendar.firstDate || iso > calendar.lastDate) return "out-of-range";
  return closed.has(iso) ? "closed" : "open";
}

/**
 * The booking calendar as bookingCalendar gives it, but of its closed days
 * only `date`, if it is one: what bookingDateProblem reads to judge that one
 * date, with the same answer, without walking the whole window (the server
 * judges one date per request; decision 036).
 */
export function bookingCalendarFor(
  date: string,
  now: Date,
  horizonDays: number,
  closedDates: readonly string[],
): BookingCalendar {
  const today = clinicToday(now);
  const lastDate = addDays(today, horizonDays);
  const inWindow = isIsoDate(date) && date >= today && date <= lastDate;
  return { today, firstDate: today, lastDate, closedDates: inWindow && !isOpenDay(date, closedDates) ? [date] : [] };
}

/**
 * When staff may confirm an appointment: an open day by the same rules as
 * public bookings (above: not a weekday the opening hours leave out, not a
 * Botswana public holiday as observed, not a closed date; pass the closed
 * dates from server/closures/closed-dates.ts so closures in the database
 * count), within that day's opening hours (OPENING_HOURS in domain/clinic.ts),
 * with the whole appointment ending by closing time.
 */

/** The opening hours of a date's weekday; undefined on a day the clinic never opens (or not a date). */
export function openingFor(date: string) {
  if (!isIsoDate(date)) return undefined;
  return OPENING_HOURS.find((p) => p.days.includes(isoWeekday(date)));
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** What is wrong with a date and a time staff would confirm, by field: each that has a problem. */
export interface ConfirmationProblems {
  date?: string;
  time?: string;
}

type ClosedConfig = { closedDates: readonly string[]; closureReasons?: Readonly<Record<string, string>> };

/** Why staff cannot confirm on a date: not a date, past, or a day the clinic is closed. */
function dateProblem(config: ClosedConfig, date: string, today: string): string | undefined {
  if (!isIsoDate(date)) return "Enter the date as YYYY-MM-DD.";
  if (date < today) return "Choose a date and time in the future.";
  if (!openingFor(date)) return `The clinic is closed on ${WEEKDAYS[weekdayIndex(date)]}s. Choose another day.`;
  const closed = closedReason(date, config.closedDates);
  if (closed.reason === "holiday")
    return `The clinic is closed on that day (${closed.holiday ?? "public holiday"}). Choose another day.`;
  const reason = config.closureReasons?.[date];
  if (closed.closed)
    return reason
      ? `The clinic is closed on that day (${reason}). Choose another day.`
      : "The clinic is closed on that day. Choose another day.";
  return undefined;
}

/**
 * Why a date and time cannot be confirmed, each field's problem at once: the
 * date (its form, the past, a closed day) and the time (its form, earlier
 * today, outside that day's opening hours, which needs a right date).
 */
export function confirmationProblems(
  config: ClosedConfig,
  date: string,
  time: string,
  durationMinutes: number,
  now: Date,
): ConfirmationProblems {
  const today = clinicDate(now);
  const problems: ConfirmationProblems = {};
  const onDate = dateProblem(config, date, today);
  if (onDate) problems.date = onDate;
  const opening = onDate ? undefined : openingFor(date);
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) problems.time = "Enter the time as HH:MM (24-hour clock).";
  else if (date === today && time <= clinicTime(now)) problems.time = "Choose a date and time in the future.";
  else if (opening) {
    const start = minutes(time);
    if (start < minutes(opening.opens) || start + durationMinutes > minutes(opening.closes))
      problems.time = `On ${opening.label} the clinic is open ${opening.opens} to ${opening.closes}; the appointment must start and end within those hours.`;
  }
  return problems;
}

/** Why a date and time cannot be confirmed (the date's problem first), or null when they can. */
export function confirmationProblem(
  config: ClosedConfig,
  date: string,
  time: string,
  durationMinutes: number,
  now: Date,
): string | null {
  const problems = confirmationProblems(config, date, time, durationMinutes, now);
  return problems.date ?? problems.time ?? null;
}
