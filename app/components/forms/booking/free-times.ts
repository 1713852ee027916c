import { useCallback, useRef, useState } from "react";
import { isIsoDate } from "@domain/dates";
import { getJson } from "~/lib/api-client";
import { windowOf, type FreeDayTimes, type FreeTimesWindow } from "./time-choice";

/** The slots API (decision 063): a service's free times from one day to another, in Gaborone time. */
export const SLOTS_PATH = "/api/appointment/public/slots";

/** The days the first and last free time may be on: today, and today plus the service's horizon. */
export interface FreeTimesBounds {
  first: string;
  last: string;
}

/** The slots API's days, checked: well-formed dates with well-formed times only. */
export function slotDays(value: unknown): FreeDayTimes[] | null {
  const days = (value as { days?: unknown } | null)?.days;
  if (!Array.isArray(days)) return null;
  return days.flatMap((d: { date?: unknown; times?: unknown }) =>
    typeof d?.date === "string" && isIsoDate(d.date) && Array.isArray(d.times)
      ? [{ date: d.date, times: d.times.filter((t): t is string => typeof t === "string" && /^\d{2}:\d{2}$/.test(t)) }]
      : [],
  );
}

/**
 * The free times the page shows, with JavaScript: the window the server
 * rendered at first, then any other window read from the slots API when the
 * patient asks for earlier or later days (null while it loads; `failed` when
 * it could not be read). `refresh` reads the shown window again (after a
 * time was taken meanwhile).
 */
export function useFreeTimes(slug: string, initial: FreeTimesWindow | null, bounds: FreeTimesBounds | undefined) {
  const [window, setWindow] = useState<FreeTimesWindow | null>(initial);
  const [failed, setFailed] = useState(false);
  const latest = useRef(0);
  const lastAsked = useRef(initial?.from ?? bounds?.first);
  const load = useCallback(
    async (from: string) => {
      if (!bounds) return;
      lastAsked.current = from;
      const asked = ++latest.current;
      const range = windowOf(from, bounds.first, bounds.last);
      setWindow(null);
      setFailed(false);
      const query = new URLSearchParams({ service: slug, from: range.from, to: range.to });
      const result = await getJson<{ data?: unknown }>(`${SLOTS_PATH}?${query}`);
      if (asked !== latest.current) return;
      const days = result.ok ? slotDays(result.data.data) : null;
      if (!days) return setFailed(true);
      setWindow({ ...range, days });
    },
    [slug, bounds],
  );
  /** Reads the window last asked for again. */
  const retry = useCallback(() => void load(lastAsked.current ?? bounds?.first ?? ""), [load, bounds]);
  return { window, failed, load, retry };
}
