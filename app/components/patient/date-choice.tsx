import {
  addMonths,
  availability,
  calendarNames,
  formatLongDate,
  formatMonth,
  monthGrid,
  type BookingCalendar,
} from "@domain/dates";
import { BASE_LOCALE } from "@domain/locale";
import { m } from "@domain/paraglide/messages.js";
import { closedDaysWords } from "@domain/clinic";
import { ErrorMessage } from "~/components/forms/field";
import { useLocale } from "~/lib/locale";

interface DateChoiceProps {
  /** The field's name; also the id of the first day offered (the error summary's target). */
  name: string;
  legend: string;
  /** The booking window and its closed days (server/closures/closed-dates.ts). */
  calendar: BookingCalendar;
  /** The appointment's date now, marked so the patient sees where they stand. */
  current: string;
  /** The date last posted, chosen again when the page answers a refusal. */
  chosen?: string;
  error?: string;
}

const monthStart = (iso: string) => `${iso.slice(0, 7)}-01`;

/**
 * "Change the date" on the patient's private page, which has no script
 * (decision 026): the booking window as month calendars, rendered
 * by the server. Each day the clinic is open is a radio button; the days it
 * is closed (Sundays, public holidays, closures) and the days outside the
 * window are greyed and struck through, as in the booking form's calendar,
 * and are not offered at all, so they cannot be chosen with or without
 * JavaScript. Each month is a <details>: the first with an open day (and
 * the one with the day last posted) open, the others one tap away, so the
 * form stays short on a phone. The server still checks the date. Month and
 * day names are the page's language's (calendarNames), never the browser's.
 */
export function DateChoice({ name, legend, calendar, current, chosen, error }: DateChoiceProps) {
  const closed = new Set(calendar.closedDates);
  const months: string[] = [];
  for (let m = monthStart(calendar.firstDate); m <= calendar.lastDate; m = addMonths(m, 1)) months.push(m);
  const isOpen = (iso: string) => availability(calendar, closed, iso) === "open";
  const firstOpen = months.flatMap((m) => monthGrid(m).flat()).find((iso): iso is string => !!iso && isOpen(iso));
  const shown = new Set([firstOpen && monthStart(firstOpen), chosen && monthStart(chosen)]);
  const hintId = `${name}-hint`;
  const errorId = `${name}-error`;
  const locale = useLocale();
  const options = { locale };
  const names = calendarNames(locale);

  return (
    <div className={error ? "field field--error date-choice" : "field date-choice"}>
      <fieldset className="fieldset" aria-describedby={error ? `${hintId} ${errorId}` : hintId}>
        <legend className="field__label">{legend}</legend>
        <div id={hintId} className="field__hint">
          {m.private_date_hint({ closed: closedDaysWords(undefined, true, locale) }, options)}
        </div>
        {error && <ErrorMessage id={errorId}>{error}</ErrorMessage>}
        {months.map((month) => (
          <details key={month} className="calendar date-choice__month" open={shown.has(month)}>
            <summary className="date-choice__summary">{formatMonth(month, locale)}</summary>
            <table className="calendar__grid">
              <thead>
                <tr>
                  {/* English shows two letters ("Mo"); Setswana's days share their first letters (Labobedi, Laboraro…), so its short names ("Labb"). */}
                  {names.weekdays.map((day, i) => (
                    <th key={day} scope="col" abbr={day}>
                      <span aria-hidden="true">
                        {locale === BASE_LOCALE ? day.slice(0, 2) : names.weekdaysShort[i]}
                      </span>
                      <span className="visually-hidden">{day}</span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {monthGrid(month).map((week, w) => (
                  <tr key={w}>
                    {week.map((iso, d) => {
                      if (!iso) return <td key={d} className="calendar__pad" />;
                      const day = <span aria-hidden="true">{Number(iso.slice(8))}</span>;
                      const state = availability(calendar, closed, iso);
                      const marks = `${iso === current ? " calendar__day--current" : ""}${iso === calendar.today ? " calendar__day--today" : ""}`;
                      const long = formatLongDate(iso, locale);
                      if (state !== "open") {
                        const words =
                          state === "closed"
                            ? m.private_date_closed_day({ date: long }, options)
                            : m.private_date_unavailable_day({ date: long }, options);
                        return (
                          <td key={iso}>
                            <span className={`calendar__day calendar__day--${state}${marks}`}>
                              {day}
                              <span className="visually-hidden">{words}</span>
                            </span>
                          </td>
                        );
                      }
                      const id = iso === firstOpen ? name : `${name}-${iso}`;
                      const words = iso === current ? m.private_date_current({ date: long }, options) : long;
                      return (
                        <td key={iso}>
                          <input
                            className="date-choice__input"
                            type="radio"
                            id={id}
                            name={name}
                            value={iso}
                            defaultChecked={iso === chosen}
                          />
                          <label htmlFor={id} className={`calendar__day calendar__day--open${marks}`}>
                            {day}
                            <span className="visually-hidden">{words}</span>
                          </label>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        ))}
        <p className="calendar__legend">
          <span className="date-choice__key">
            <span className="calendar__key calendar__key--closed" aria-hidden="true" />{" "}
            {m.private_date_key_closed({}, options)}
          </span>
          <span className="date-choice__key">
            <span className="calendar__key calendar__key--current" aria-hidden="true" />{" "}
            {m.private_date_key_current({}, options)}
          </span>
          <span className="date-choice__key">
            <span className="calendar__key calendar__key--selected" aria-hidden="true" />{" "}
            {m.private_date_key_choice({}, options)}
          </span>
        </p>
      </fieldset>
    </div>
  );
}
