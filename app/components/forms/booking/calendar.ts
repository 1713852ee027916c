import { useEffect, useState } from "react";
import { CALENDAR_PATH } from "@domain/api-paths";
import { closedWeekdayNames, closedWeekdays, listWords } from "@domain/clinic";
import { addDays, isIsoDate, isoWeekday, localToday, type BookingCalendar } from "@domain/dates";
import { getJson } from "~/lib/api-client";

const neverOpen = listWords(closedWeekdayNames());

export const CALENDAR_FALLBACK_NOTE = `We could not load the clinic's holiday dates, so ${neverOpen ? `only ${neverOpen} are` : "no days are"} marked closed. The clinic will confirm your date.`;

/** Used only if the calendar cannot be loaded: the weekdays the clinic never opens (Sundays) closed; the server still checks holidays. */
function fallbackCalendar(horizonDays = 90): BookingCalendar {
  const today = localToday();
  const closedDates: string[] = [];
  for (let i = 0; i <= horizonDays; i++) {
    const day = addDays(today, i);
    if (closedWeekdays().includes(isoWeekday(day))) closedDates.push(day);
  }
  return { today, firstDate: today, lastDate: addDays(today, horizonDays), closedDates };
}

function isCalendar(value: unknown): value is BookingCalendar {
  const c = value as Partial<BookingCalendar> | null;
  return (
    !!c &&
    typeof c.today === "string" &&
    isIsoDate(c.firstDate ?? "") &&
    isIsoDate(c.lastDate ?? "") &&
    Array.isArray(c.closedDates) &&
    c.closedDates.every((d) => typeof d === "string")
  );
}

/**
 * The booking window and the days the clinic is closed in it, from the
 * server; null while loading. If it cannot be loaded, only the weekdays the
 * clinic never opens (Sundays), with a note saying so.
 */
export function useBookingCalendar(): { calendar: BookingCalendar | null; note?: string } {
  const [calendar, setCalendar] = useState<BookingCalendar | null>(null);
  const [note, setNote] = useState<string>();
  useEffect(() => {
    const controller = new AbortController();
    void getJson<unknown>(CALENDAR_PATH, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      if (result.ok && isCalendar(result.data)) {
        setCalendar(result.data);
      } else {
        setCalendar(fallbackCalendar());
        setNote(CALENDAR_FALLBACK_NOTE);
      }
    });
    return () => controller.abort();
  }, []);
  return { calendar, note };
}
