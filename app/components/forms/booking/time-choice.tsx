import { formatLongDate } from "@domain/dates";
import { m } from "@domain/paraglide/messages.js";
import { BOOKING_PATH, BOOKING_SERVICE_PARAM } from "@domain/paths";
import { ErrorMessage } from "../field";
import { useLocale, usePagePath } from "~/lib/locale";

/**
 * Choosing a free time on the booking page (decision 064), in two steps that
 * work as plain forms: a day (a GET form: each day is a button, the page's
 * loader reads that day's free times on the server), then a time (radio
 * buttons inside the booking form, which posts the day with them). With
 * JavaScript the island renders the same markup and answers the day buttons
 * itself, from the slots API. Every time is the clinic's wall clock, and the
 * group's legend says so.
 */

/** One day's free start times ("HH:MM", Gaborone time), as the slots API gives them. */
export interface FreeDayTimes {
  date: string;
  times: readonly string[];
}

/** The free times of a window of days, and the windows either side of it (their first day), if any. */
export interface FreeTimesWindow {
  /** The first and last day of the window, inclusive. */
  from: string;
  to: string;
  /** The days of the window with at least one free time, in order. */
  days: readonly FreeDayTimes[];
  earlier?: string;
  later?: string;
}

/** The query parameters of the day step (GET): the service, the window's first day, the chosen day. */
export const DAY_PARAM = "day";
export const FROM_PARAM = "from";

// The windows of the day step (WINDOW_DAYS days, counted from today) are the domain's, shared with the private page.
export { windowOf, WINDOW_DAYS } from "@domain/free-times";

/** The day the page shows the times of: the one asked for if it has free times, else the first that has. */
export function shownDay(window: FreeTimesWindow | null, asked?: string): FreeDayTimes | undefined {
  return window?.days.find((d) => d.date === asked) ?? window?.days[0];
}

/** "Tuesday 8 December" over two lines on a day button: the weekday, then the day and month. */
function dayLabel(iso: string, locale: ReturnType<typeof useLocale>) {
  const [weekday, day, month] = formatLongDate(iso, locale).split(" ");
  return (
    <>
      <span className="day-choice__weekday">{weekday}</span>{" "}
      <span className="day-choice__date">{`${day} ${month}`}</span>
    </>
  );
}

interface DayChoiceProps {
  /** The service's slug (the booking page's ?service=); none on the private page, whose address names the appointment. */
  service?: string;
  /** Where the day buttons lead: the booking page, or the private page's move section. */
  action?: string;
  window: FreeTimesWindow;
  chosen?: string;
  /** With JavaScript: the island shows a day, or another window, without a page load. */
  onDay?: (date: string) => void;
  onWindow?: (from: string) => void;
  /** The id of the heading above it ("Choose a day"). */
  labelledBy: string;
}

/**
 * The day step: a GET form to the booking page (or `action`), one button per day with free
 * times; the chosen day is pressed. Earlier and later windows are a button
 * each. Without JavaScript each button loads the page for that day.
 */
export function DayChoice({ service, action, window, chosen, onDay, onWindow, labelledBy }: DayChoiceProps) {
  const locale = useLocale();
  const t = { locale };
  const pagePath = usePagePath();
  const intercept = (handler: ((value: string) => void) | undefined, value: string) =>
    handler
      ? {
          onClick: (event: { preventDefault: () => void }) => {
            event.preventDefault();
            handler(value);
          },
        }
      : {};
  return (
    <form method="get" action={action ?? pagePath(BOOKING_PATH)} className="day-choice" aria-labelledby={labelledBy}>
      {service && <input type="hidden" name={BOOKING_SERVICE_PARAM} value={service} />}
      <input type="hidden" name={FROM_PARAM} value={window.from} />
      {window.days.length > 0 ? (
        <ul className="day-choice__days">
          {window.days.map((d) => (
            <li key={d.date}>
              <button
                type="submit"
                name={DAY_PARAM}
                value={d.date}
                className="day-choice__day"
                aria-pressed={d.date === chosen}
                {...intercept(onDay, d.date)}
              >
                {dayLabel(d.date, locale)}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="notice">
          {m.book_time_none({ from: formatLongDate(window.from, locale), to: formatLongDate(window.to, locale) }, t)}{" "}
          {m.book_time_none_action({}, t)}
        </p>
      )}
      {(window.earlier || window.later) && (
        <p className="day-choice__windows">
          {(
            [
              [window.earlier, m.book_time_earlier({}, t)],
              [window.later, m.book_time_later({}, t)],
            ] as const
          ).map(([from, label]) =>
            from ? (
              <button
                key={label}
                type="submit"
                name={FROM_PARAM}
                value={from}
                className="button button--outline"
                {...intercept(onWindow, from)}
              >
                {label}
              </button>
            ) : null,
          )}
        </p>
      )}
    </form>
  );
}

/** The id of a time's radio button; the first one's is the error summary's target. */
export const TIME_FIELD = "appointmentTime";
export const timeId = (time: string) => `${TIME_FIELD}-${time.replace(":", "")}`;

interface TimeChoiceProps {
  day: FreeDayTimes;
  /** The time chosen ("HH:MM"), if any. */
  value?: string;
  onChange?: (time: string) => void;
  error?: string;
}

/**
 * The time step, inside the booking form: one radio button per free time of
 * the day, in a fieldset whose legend names the day and says the times are
 * Gaborone time. The day goes with them as a hidden field.
 */
export function TimeChoice({ day, value, onChange, error }: TimeChoiceProps) {
  const locale = useLocale();
  const t = { locale };
  const errorId = `${TIME_FIELD}-error`;
  return (
    <div className={error ? "field field--error time-choice" : "field time-choice"} id="time-choice">
      <input type="hidden" name="appointmentDate" value={day.date} />
      <fieldset className="fieldset" aria-describedby={error ? `${TIME_FIELD}-hint ${errorId}` : `${TIME_FIELD}-hint`}>
        <legend className="field__label time-choice__legend">
          {m.book_time_times({ date: formatLongDate(day.date, locale) }, t)}
        </legend>
        <div id={`${TIME_FIELD}-hint`} className="field__hint">
          {m.book_time_zone({}, t)}
        </div>
        {error && <ErrorMessage id={errorId}>{error}</ErrorMessage>}
        <div className="time-choice__times">
          {day.times.map((time, i) => (
            <div key={time} className="time-choice__time">
              <input
                className="time-choice__input"
                type="radio"
                id={i === 0 ? TIME_FIELD : timeId(time)}
                name={TIME_FIELD}
                value={time}
                {...(onChange
                  ? { checked: value === time, onChange: () => onChange(time) }
                  : { defaultChecked: value === time })}
                aria-invalid={error ? true : undefined}
              />
              <label className="time-choice__label" htmlFor={i === 0 ? TIME_FIELD : timeId(time)}>
                {time}
              </label>
            </div>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
