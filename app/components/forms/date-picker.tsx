import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { closedDaysWords, OPENING_HOURS } from "@domain/clinic";
import {
  addDays,
  addMonths,
  availability,
  calendarNames,
  formatLongDate,
  formatMonth,
  formatShortDate,
  monthGrid,
  parseDateInput,
  weekdayIndex,
  type BookingCalendar,
} from "@domain/dates";
import { BASE_LOCALE, type Locale } from "@domain/locale";
import { m } from "@domain/paraglide/messages.js";
import { useLocale } from "~/lib/locale";
import { ErrorMessage } from "./field";

interface DatePickerProps {
  id: string;
  label: string;
  /** What the visitor typed or picked (DD/MM/YYYY or YYYY-MM-DD). */
  text: string;
  onTextChange: (text: string) => void;
  error?: string;
  /** The booking window and closed days; null until loaded (the field works without it). */
  calendar: BookingCalendar | null;
  /** A note under the calendar, e.g. when closures could not be loaded. */
  note?: string;
}

const monthStart = (iso: string) => `${iso.slice(0, 7)}-01`;

/**
 * The calendar's column headings: two letters of the English day names ("Mo"); CLDR's short names
 * in Setswana, whose weekdays share their first letters (Labobedi … Labotlhano).
 */
function weekdayHeadings(locale: Locale): { name: string; short: string }[] {
  const names = calendarNames(locale);
  return names.weekdays.map((name, i) => ({
    name,
    short: locale === BASE_LOCALE ? name.slice(0, 2) : names.weekdaysShort[i]!,
  }));
}

/**
 * A text field for the date, with an inline calendar grid beside it (WAI-ARIA
 * grid: arrow keys move by day and week, Page Up/Down by month, Home/End to
 * the week's ends, Enter or Space picks). Days the clinic is closed, and days
 * outside the booking window, are marked unavailable and cannot be picked.
 * Typing such a day is caught by the page's validation. Day and month names
 * are the page language's, from domain/dates.ts (never Intl: browsers lack Setswana).
 */
export function DatePicker({ id, label, text, onTextChange, error, calendar, note }: DatePickerProps) {
  const locale = useLocale();
  const t = { locale };
  const selected = parseDateInput(text);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const chosenId = `${id}-chosen`;

  return (
    <div className={error ? "field field--error date-picker" : "field date-picker"}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div id={hintId} className="field__hint">
        {calendar
          ? m.form_date_hint_calendar({ example: formatShortDate(calendar.firstDate) }, t)
          : m.form_date_hint_plain({ days: closedDaysWords(OPENING_HOURS, true, locale) }, t)}
      </div>
      {error && <ErrorMessage id={errorId}>{error}</ErrorMessage>}
      <input
        id={id}
        name={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        className="field__input field__input--date"
        value={text}
        onChange={(e) => onTextChange(e.target.value)}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error ? errorId : null, selected ? chosenId : null].filter(Boolean).join(" ")}
      />
      {selected && !error && (
        <p id={chosenId} className="date-picker__chosen">
          {formatLongDate(selected, locale)}
        </p>
      )}
      {calendar && (
        <CalendarGrid
          id={id}
          calendar={calendar}
          selected={selected}
          onPick={(iso) => onTextChange(formatShortDate(iso))}
        />
      )}
      {note && <p className="calendar__note">{note}</p>}
    </div>
  );
}

/**
 * The calendar beside the date field, once the clinic's calendar is loaded
 * (the field works without it, and without JavaScript).
 */
function CalendarGrid({
  id,
  calendar,
  selected,
  onPick,
}: {
  id: string;
  calendar: BookingCalendar;
  selected: string | null;
  onPick: (iso: string) => void;
}) {
  const locale = useLocale();
  const t = { locale };
  const closed = useMemo(() => new Set(calendar.closedDates), [calendar.closedDates]);
  const firstMonth = monthStart(calendar.firstDate);
  const lastMonth = monthStart(calendar.lastDate);
  const clampToRange = (iso: string) =>
    iso < calendar.firstDate ? calendar.firstDate : iso > calendar.lastDate ? calendar.lastDate : iso;

  const [active, setActive] = useState(() => clampToRange(selected ?? calendar.firstDate));
  const moveFocus = useRef(false);
  const gridRef = useRef<HTMLTableElement>(null);

  // A typed date within the window brings its month into view (state adjusted while rendering, not in an effect).
  const [shown, setShown] = useState(selected);
  if (selected !== shown) {
    setShown(selected);
    if (selected && selected >= calendar.firstDate && selected <= calendar.lastDate) setActive(selected);
  }

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`button[data-date="${active}"]`)?.focus();
  }, [active]);

  const view = monthStart(active);
  const weeks = monthGrid(view);
  const headingId = `${id}-month`;

  function pick(iso: string) {
    if (availability(calendar, closed, iso) !== "open") return;
    setActive(iso);
    onPick(iso);
  }

  function onGridKey(event: KeyboardEvent<HTMLTableElement>) {
    const steps: Record<string, () => string> = {
      ArrowLeft: () => addDays(active, -1),
      ArrowRight: () => addDays(active, 1),
      ArrowUp: () => addDays(active, -7),
      ArrowDown: () => addDays(active, 7),
      Home: () => addDays(active, -weekdayIndex(active)),
      End: () => addDays(active, 6 - weekdayIndex(active)),
      PageUp: () => addMonths(active, -1),
      PageDown: () => addMonths(active, 1),
    };
    const step = steps[event.key];
    if (!step) return;
    event.preventDefault();
    moveFocus.current = true;
    setActive(clampToRange(step()));
  }

  function showMonth(delta: number) {
    const next = clampToRange(addMonths(view, delta));
    setActive(next);
  }

  return (
    <div className="calendar" role="group" aria-labelledby={headingId}>
      <div className="calendar__header">
        <button
          type="button"
          className="calendar__nav"
          onClick={() => showMonth(-1)}
          disabled={view <= firstMonth}
          aria-label={m.form_date_previous_month({}, t)}
        >
          <ChevronLeft aria-hidden="true" />
        </button>
        <h3 id={headingId} className="calendar__month" aria-live="polite">
          {formatMonth(view, locale)}
        </h3>
        <button
          type="button"
          className="calendar__nav"
          onClick={() => showMonth(1)}
          disabled={view >= lastMonth}
          aria-label={m.form_date_next_month({}, t)}
        >
          <ChevronRight aria-hidden="true" />
        </button>
      </div>
      <table ref={gridRef} role="grid" className="calendar__grid" aria-labelledby={headingId} onKeyDown={onGridKey}>
        <thead>
          <tr>
            {weekdayHeadings(locale).map((day) => (
              <th key={day.name} scope="col" abbr={day.name}>
                <span aria-hidden="true">{day.short}</span>
                <span className="visually-hidden">{day.name}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            <tr key={w}>
              {week.map((iso, d) => {
                if (!iso) return <td key={d} className="calendar__pad" />;
                const state = availability(calendar, closed, iso);
                const isSelected = iso === selected;
                const isToday = iso === calendar.today;
                const notes = [
                  isToday ? m.form_date_today({}, t) : null,
                  state === "closed" ? m.form_date_closed({}, t) : null,
                  state === "out-of-range" ? m.form_date_unavailable({}, t) : null,
                ];
                return (
                  <td key={iso} aria-selected={isSelected}>
                    <button
                      type="button"
                      data-date={iso}
                      className={`calendar__day calendar__day--${state}${isSelected ? " calendar__day--selected" : ""}${isToday ? " calendar__day--today" : ""}`}
                      tabIndex={iso === active ? 0 : -1}
                      aria-disabled={state !== "open" ? true : undefined}
                      aria-label={[formatLongDate(iso, locale), ...notes].filter(Boolean).join(", ")}
                      onClick={() => pick(iso)}
                    >
                      {Number(iso.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="calendar__legend">
        {/* Each key stays beside its words when the legend wraps (longer in Setswana). */}
        <span className="nowrap">
          <span className="calendar__key calendar__key--closed" aria-hidden="true" /> {m.form_date_key_closed({}, t)}
        </span>
        <span className="nowrap">
          <span className="calendar__key calendar__key--selected" aria-hidden="true" /> {m.form_date_key_chosen({}, t)}
        </span>
      </p>
    </div>
  );
}
