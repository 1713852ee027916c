import { selfBookingRuleOf } from "../../domain/booking-rules";
import type { BookableSlug } from "../../domain/catalogue";
import { addDays, clinicToday } from "../../domain/dates";
import type { Config } from "../base/config";
import type { Db } from "../db/index";
import { horizonDaysOf, serviceFreeTimes } from "../appointments/booking/index";

/**
 * The booking page's free times (decision 064), read in the page's loader
 * (app/lib/book-time.server.ts) by the same function the slots API answers
 * from, on the app's one clock (server/app.ts): the days a time may be on for a service, and
 * the free start times ("HH:MM", Gaborone time) of a range of days.
 */
export interface PageFreeTimes {
  /** Today and the last day of the service's horizon; undefined for a service not booked online. */
  bounds(slug: BookableSlug): { first: string; last: string } | undefined;
  read(slug: BookableSlug, range: { from: string; to: string }): Promise<{ date: string; times: string[] }[]>;
}

export function pageFreeTimes(
  db: Db,
  config: Pick<Config, "closedDates" | "bookingHorizonDays">,
  now: () => Date,
): PageFreeTimes {
  return {
    bounds(slug) {
      const rule = selfBookingRuleOf(slug);
      if (!rule) return undefined;
      const first = clinicToday(now());
      return { first, last: addDays(first, horizonDaysOf(rule, config)) };
    },
    async read(slug, range) {
      const rule = selfBookingRuleOf(slug);
      if (!rule) return [];
      const days = await serviceFreeTimes(db, config, slug, rule, range, now());
      return days.map((d) => ({ date: d.date, times: d.starts.map((s) => s.time) }));
    },
  };
}
