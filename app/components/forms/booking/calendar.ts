import { useEffect, useState } from "react";
import { CALENDAR_PATH } from "@domain/api-paths";
import { closedWeekdayNames, listWords, OPENING_HOURS } from "@domain/clinic";
import { isIsoDate, localToday } from "@domain/dates";
import { BASE_LOCALE, type Locale } from "@domain/locale";
import { m } from "@domain/paraglide/messages.js";
import type { OfferedChannels } from "@domain/contact-preference";
import { weekdaysOnlyCalendar, type BookingCalendar, type BookingFormFacts } from "@domain/opening-days";
import { getJson } from "~/lib/api-client";

/** The note under the calendar when the holidays could not be loaded, in `locale`: only the weekdays the clinic never opens are marked. */
export function calendarFallbackNote(locale: Locale): string {
  const neverOpen = listWords(closedWeekdayNames(OPENING_HOURS, true, locale), locale);
  return neverOpen
    ? m.booking_calendar_fallback({ days: neverOpen }, { locale })
    : m.booking_calendar_fallback_none({}, { locale });
}

export const CALENDAR_FALLBACK_NOTE = calendarFallbackNote(BASE_LOCALE);

/** Used only if the calendar cannot be loaded: the weekdays the clinic never opens (Sundays) closed; the server still checks holidays. */
function fallbackCalendar(horizonDays = 90): BookingCalendar {
  return weekdaysOnlyCalendar(localToday(), horizonDays);
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
 * clinic never opens (Sundays), with a note saying so in `locale`. The same
 * answer says whether the clinic sends WhatsApp messages: the form offers
 * WhatsApp only once it says so. The page as sent (prerendered at build time,
 * which cannot know the running server's settings) never offers it
 * (decision 046).
 */
export function useBookingCalendar(locale: Locale): {
  calendar: BookingCalendar | null;
  note?: string;
  offered: OfferedChannels;
} {
  const [calendar, setCalendar] = useState<BookingCalendar | null>(null);
  const [note, setNote] = useState<string>();
  const [whatsapp, setWhatsapp] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    void getJson<unknown>(CALENDAR_PATH, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      if (result.ok && isCalendar(result.data)) {
        const { whatsapp: offered, ...served } = result.data as BookingCalendar & Partial<BookingFormFacts>;
        setCalendar(served);
        // An answer without the flag (a server from before it, mid-deploy) still gives its calendar, and no WhatsApp.
        setWhatsapp(offered === true);
      } else {
        setCalendar(fallbackCalendar());
        setNote(calendarFallbackNote(locale));
      }
    });
    return () => controller.abort();
  }, [locale]);
  return { calendar, note, offered: { whatsapp } };
}
