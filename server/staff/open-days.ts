import { OPENING_HOURS } from "../../domain/clinic";
import { clinicDate, clinicTime, isIsoDate, isoWeekday, WEEKDAYS, weekdayIndex } from "../../domain/dates";
import { closedReason } from "../../domain/opening-days";
import type { Config } from "../config";

/**
 * When a confirmed appointment may take place: an open day by the same rules
 * as public bookings (domain/opening-days.ts: not a weekday the opening
 * hours leave out, not a
 * Botswana public holiday as observed, not a closed date: pass the rules from
 * server/closures/closed-dates.ts, bookingRulesNow, so database closures
 * count) and
 * within that day's opening hours (OPENING_HOURS in domain/clinic.ts), with
 * the whole appointment ending by closing time.
 */

/** The opening hours of a date's weekday; undefined on a day the clinic never opens (or not a date). */
export function openingFor(date: string) {
  if (!isIsoDate(date)) return undefined;
  return OPENING_HOURS.find((p) => p.days.includes(isoWeekday(date)));
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Why a date and time cannot be confirmed, or null when they can. */
export function confirmationProblem(
  config: Pick<Config, "closedDates"> & { closureReasons?: Readonly<Record<string, string>> },
  date: string,
  time: string,
  durationMinutes: number,
  now: Date,
): string | null {
  if (!isIsoDate(date)) return "Enter the date as YYYY-MM-DD.";
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return "Enter the time as HH:MM (24-hour clock).";
  const today = clinicDate(now);
  if (date < today || (date === today && time <= clinicTime(now))) return "Choose a date and time in the future.";
  const closed = closedReason(date, config.closedDates);
  const opening = openingFor(date);
  if (!opening) return `The clinic is closed on ${WEEKDAYS[weekdayIndex(date)]}s. Choose another day.`;
  if (closed.reason === "holiday")
    return `The clinic is closed on that day (${closed.holiday ?? "public holiday"}). Choose another day.`;
  const reason = config.closureReasons?.[date];
  if (closed.closed)
    return reason
      ? `The clinic is closed on that day (${reason}). Choose another day.`
      : "The clinic is closed on that day. Choose another day.";
  const start = minutes(time);
  if (start < minutes(opening.opens) || start + durationMinutes > minutes(opening.closes)) {
    return `On ${opening.label} the clinic is open ${opening.opens} to ${opening.closes}; the appointment must start and end within those hours.`;
  }
  return null;
}
