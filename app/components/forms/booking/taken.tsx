import { useEffect, useRef } from "react";
import { formatLongDate } from "@domain/dates";
import { m } from "@domain/paraglide/messages.js";
import { useLocale } from "~/lib/locale";
import type { OfferedTime, TakenTime } from "./submission";
import { TIME_FIELD, timeId } from "./time-choice";

/**
 * "Someone else was faster" (decision 064): at the top of the page, where a
 * phone's first screen shows it, the time that was taken meanwhile and the
 * nearest free times, by day. Each is a link: to that time in the form below
 * (the form shows the day's free times again, read afresh, with what was
 * typed), or for another day to that day's times; with JavaScript a tap
 * chooses it in the form, day and time, without a page load.
 */
export function TakenNotice({
  taken,
  message,
  focusToken,
  onChoose,
  formDay,
  timesShown,
  dayAddress,
  lead,
  autoFocus,
}: {
  taken: TakenTime;
  /** The day whose times the form below shows, and those times. */
  formDay?: string;
  timesShown: readonly string[];
  /** The address of a day's times (the day step's). */
  dayAddress: (date: string) => string;
  /** The server's words, for a plain post's answer, which no longer names the time taken. */
  message?: string;
  focusToken: number;
  onChoose?: (offered: OfferedTime) => void;
  /** What the nearest times are introduced with, instead of the booking form's (the private page's move: decision 067). */
  lead?: string;
  /** Focused as the page loads (a page with no script: the private page). */
  autoFocus?: boolean;
}) {
  const locale = useLocale();
  const t = { locale };
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusToken > 0) ref.current?.focus();
  }, [focusToken]);
  const when = m.mail_when({ date: formatLongDate(taken.date, locale), time: taken.time }, t);
  const days = [...new Set(taken.alternatives.map((a) => a.date))];
  return (
    <div ref={ref} className="error-summary taken" tabIndex={-1} autoFocus={autoFocus}>
      <div role="alert">
        <h2 className="error-summary__title">
          {taken.time ? m.book_time_taken_title({ when }, t) : (message ?? m.self_booking_taken({}, t))}
        </h2>
        <p className="error-summary__description">
          {days.length ? (lead ?? m.book_time_taken_lead({}, t)) : m.book_time_taken_none({}, t)}
        </p>
      </div>
      {days.map((day) => (
        <div key={day} className="taken__day">
          <p className="taken__date">{formatLongDate(day, locale)}</p>
          <ul className="taken__times">
            {taken.alternatives
              .filter((a) => a.date === day)
              .map((a) => (
                <li key={a.time}>
                  <a
                    className="taken__time"
                    href={
                      a.date === formDay && timesShown.includes(a.time)
                        ? `#${timesShown[0] === a.time ? TIME_FIELD : timeId(a.time)}`
                        : dayAddress(a.date)
                    }
                    onClick={(event) => {
                      if (!onChoose) return;
                      event.preventDefault();
                      onChoose(a);
                    }}
                  >
                    {a.time}
                  </a>
                </li>
              ))}
          </ul>
        </div>
      ))}
      <p className="field__hint">{m.book_time_zone({}, t)}</p>
    </div>
  );
}
