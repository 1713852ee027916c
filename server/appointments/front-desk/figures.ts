import { sql } from "kysely";
import { examinationName, serviceTitle } from "../../../domain/catalogue";
import { clinicDate, daysInMonth } from "../../../domain/dates";
import { MISSED_STATUSES, type AppointmentStatus } from "../../../domain/statuses";
import type { Db } from "../../db/index";
import type { FreedCause } from "../../db/schema";
import { csvDocument } from "./csv";

/**
 * The manager's figures (issue 37, decision 070), by month of the appointment's
 * day (Gaborone): visits missed (no-show and not prepared, which count alike)
 * by examination; the share of reminded appointments whose patient confirmed
 * from the reminder's link (decision 069); and freed times filled from the list
 * of patients who asked for an earlier time, with the days they gained. Each
 * figure is a table the page shows and a CSV file gives, from the same rows.
 */

/** The months asked for, "YYYY-MM", first and last, at most FIGURES_MAX_MONTHS. */
export interface MonthRange {
  from: string;
  to: string;
}

export const FIGURES_MAX_MONTHS = 24;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

const monthOf = (date: string) => date.slice(0, 7);
function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const n = y * 12 + (m - 1) + by;
  return `${Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, "0")}`;
}
const lastDay = (month: string) => {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return `${month}-${String(daysInMonth(y, m)).padStart(2, "0")}`;
};

/**
 * The months of `?from=YYYY-MM&to=YYYY-MM`: by default the twelve months up to
 * this one; an error by field for a month that is not one, a range backwards
 * or longer than FIGURES_MAX_MONTHS.
 */
export function figuresRange(
  from: string | undefined,
  to: string | undefined,
  now: Date,
): { ok: true; range: MonthRange } | { ok: false; errors: Partial<Record<keyof MonthRange, string>> } {
  const errors: Partial<Record<keyof MonthRange, string>> = {};
  const last = to?.trim() || monthOf(clinicDate(now));
  const first = from?.trim() || shiftMonth(last, -11);
  if (!MONTH.test(first)) errors.from = "Give the first month as YYYY-MM, for example 2026-01.";
  if (!MONTH.test(last)) errors.to = "Give the last month as YYYY-MM, for example 2026-12.";
  if (!errors.from && !errors.to) {
    if (first > last) errors.to = "The last month must be on or after the first month.";
    else if (shiftMonth(first, FIGURES_MAX_MONTHS - 1) < last)
      errors.to = `Ask for at most ${FIGURES_MAX_MONTHS} months at a time.`;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, range: { from: first, to: last } };
}

/** Missed visits of one examination in one month: how many visits had an outcome, and how each went. */
export interface MissedRow {
  month: string;
  examination: string;
  visits: number;
  attended: number;
  noShow: number;
  notPrepared: number;
  /** no-show plus not prepared */
  missed: number;
  /** missed out of visits, whole per cent, rounded */
  missedShare: number;
}

/** Reminders of one month: appointments reminded for the time they held, and how many patients confirmed from it. */
export interface ReminderRow {
  month: string;
  reminded: number;
  confirmed: number;
  /** Whole per cent, rounded; null with none reminded. */
  share: number | null;
}

/**
 * Freed times of one month (by the freed time's day): the times given back (cancelled or moved)
 * and those taken in a day a closure lifted or a room back in service reopened (such a day is
 * written down whole, so only a time a patient took in it counts as one freed); how many were
 * filled from the list, and the days filled ones gained.
 */
export interface FilledRow {
  month: string;
  freed: number;
  filled: number;
  daysGained: number;
}

export interface Figures {
  range: MonthRange;
  missed: MissedRow[];
  reminders: ReminderRow[];
  filled: FilledRow[];
}

const OUTCOME_STATUSES: readonly AppointmentStatus[] = ["attended", ...MISSED_STATUSES];
/** The freed times that are each one time given back (a reopened day is written down whole). */
const GIVEN_BACK: readonly FreedCause[] = ["cancelled", "moved"];

/** The examination a figure is counted under: the service, and the ultrasound examination staff chose. */
function examinationOf(service: string, examination: string | null): string {
  const title = serviceTitle(service);
  return examination ? `${title}: ${examinationName(examination)}` : title;
}

/** The months of a range, in order. */
function monthsOf(range: MonthRange): string[] {
  const months: string[] = [];
  for (let m = range.from; m <= range.to; m = shiftMonth(m, 1)) months.push(m);
  return months;
}

/** The first and last day of a range's months. */
const daysOf = (range: MonthRange) => ({ first: `${range.from}-01`, last: lastDay(range.to) });

const percent = (part: number, whole: number) => Math.round((part * 100) / whole);

/** Visits with an outcome by month and examination, missed ones counted (no-show and not prepared alike). */
async function missedFigure(db: Db, range: MonthRange): Promise<MissedRow[]> {
  const { first, last } = daysOf(range);
  const outcomes = await db
    .selectFrom("appointments")
    .select(["confirmed_date", "service_name", "examination", "status"])
    .where("status", "in", OUTCOME_STATUSES)
    .where("confirmed_date", ">=", first)
    .where("confirmed_date", "<=", last)
    .execute();
  const missed = new Map<string, Omit<MissedRow, "missedShare">>();
  for (const row of outcomes) {
    const month = monthOf(row.confirmed_date!);
    const examination = examinationOf(row.service_name, row.examination);
    const key = `${month}\u0000${examination}`;
    const entry = missed.get(key) ?? {
      month,
      examination,
      visits: 0,
      attended: 0,
      noShow: 0,
      notPrepared: 0,
      missed: 0,
    };
    entry.visits++;
    if (row.status === "attended") entry.attended++;
    if (row.status === "no_show") entry.noShow++;
    if (row.status === "not_prepared") entry.notPrepared++;
    if ((MISSED_STATUSES as readonly string[]).includes(row.status)) entry.missed++;
    missed.set(key, entry);
  }
  return [...missed.values()]
    .map((r) => ({ ...r, missedShare: percent(r.missed, r.visits) }))
    .sort((a, b) => (a.month !== b.month ? (a.month < b.month ? -1 : 1) : a.examination.localeCompare(b.examination)));
}

/** Appointments reminded for the time they hold, by month, and the share confirmed from the reminder. */
async function remindersFigure(db: Db, range: MonthRange): Promise<ReminderRow[]> {
  const { first, last } = daysOf(range);
  const reminded = await db
    .selectFrom("appointments")
    .select(["confirmed_date", "reminder_sent_for", "coming_confirmed_for"])
    .where("reminder_sent_for", "is not", null)
    .where("confirmed_date", ">=", first)
    .where("confirmed_date", "<=", last)
    // The reminder of the time it holds (a moved appointment's reminder for its old time is not counted).
    .where("reminder_sent_for", "=", sql<string>`confirmed_date || ' ' || confirmed_time`)
    .execute();
  return monthsOf(range).map((month): ReminderRow => {
    const those = reminded.filter((r) => monthOf(r.confirmed_date!) === month);
    const confirmed = those.filter((r) => r.coming_confirmed_for === r.reminder_sent_for).length;
    return { month, reminded: those.length, confirmed, share: those.length ? percent(confirmed, those.length) : null };
  });
}

/** Freed times by month of their day (FilledRow says which count), filled ones and the days they gained. */
async function filledFigure(db: Db, range: MonthRange): Promise<FilledRow[]> {
  const { first, last } = daysOf(range);
  const freed = await db
    .selectFrom("freed_times")
    .select(["date", "filled_at", "days_gained"])
    .where("date", ">=", first)
    .where("date", "<=", last)
    .where((eb) => eb.or([eb("cause", "in", GIVEN_BACK), eb("filled_at", "is not", null)]))
    .execute();
  return monthsOf(range).map((month): FilledRow => {
    const those = freed.filter((f) => monthOf(f.date) === month);
    const done = those.filter((f) => f.filled_at !== null);
    return {
      month,
      freed: those.length,
      filled: done.length,
      daysGained: done.reduce((sum, f) => sum + (f.days_gained ?? 0), 0),
    };
  });
}

/** Every figure for the months of `range`. */
export async function figures(db: Db, range: MonthRange): Promise<Figures> {
  const [missed, reminders, filled] = await Promise.all([
    missedFigure(db, range),
    remindersFigure(db, range),
    filledFigure(db, range),
  ]);
  return { range, missed, reminders, filled };
}

/** This month's freed times (the figures' row of this month, Gaborone): for the overview. */
export async function freedThisMonth(db: Db, now: Date): Promise<FilledRow> {
  const month = monthOf(clinicDate(now));
  const [row] = await filledFigure(db, { from: month, to: month });
  return row!;
}

/** Which figure a CSV file holds. */
export const FIGURE_NAMES = ["missed", "reminders", "filled"] as const;
export type FigureName = (typeof FIGURE_NAMES)[number];

export function isFigureName(value: unknown): value is FigureName {
  return (FIGURE_NAMES as readonly unknown[]).includes(value);
}

/** How a figure's column is shown: the month, words, a count, or a whole per cent (null: none to count). */
export type FigureCell = "month" | "text" | "count" | "percent";

/** A figure as a table: its columns (label and kind) and rows of values, the month "YYYY-MM" first. */
export interface FigureTable {
  columns: readonly { label: string; kind: FigureCell }[];
  rows: (string | number | null)[][];
}

/** One figure's table, the same for the page and its CSV file. */
export function figureTable(all: Omit<Figures, "range">, name: FigureName): FigureTable {
  switch (name) {
    case "missed":
      return {
        columns: [
          { label: "Month", kind: "month" },
          { label: "Examination", kind: "text" },
          { label: "Visits", kind: "count" },
          { label: "Attended", kind: "count" },
          { label: "No-show", kind: "count" },
          { label: "Not prepared", kind: "count" },
          { label: "Missed", kind: "count" },
          { label: "Missed (%)", kind: "percent" },
        ],
        rows: all.missed.map((r) => [
          r.month,
          r.examination,
          r.visits,
          r.attended,
          r.noShow,
          r.notPrepared,
          r.missed,
          r.missedShare,
        ]),
      };
    case "reminders":
      return {
        columns: [
          { label: "Month", kind: "month" },
          { label: "Reminded", kind: "count" },
          { label: "Confirmed from the reminder", kind: "count" },
          { label: "Share confirmed (%)", kind: "percent" },
        ],
        rows: all.reminders.map((r) => [r.month, r.reminded, r.confirmed, r.share]),
      };
    case "filled":
      return {
        columns: [
          { label: "Month", kind: "month" },
          { label: "Freed times", kind: "count" },
          { label: "Filled from the list", kind: "count" },
          { label: "Days gained", kind: "count" },
        ],
        rows: all.filled.map((r) => [r.month, r.freed, r.filled, r.daysGained]),
      };
  }
}

/** Every figure's table for the months of `range`, in the page's order. */
export async function figureTables(db: Db, range: MonthRange): Promise<{ name: FigureName; table: FigureTable }[]> {
  const all = await figures(db, range);
  return FIGURE_NAMES.map((name) => ({ name, table: figureTable(all, name) }));
}

const READERS = { missed: missedFigure, reminders: remindersFigure, filled: filledFigure } as const;

/** One figure as a CSV document (the rows the page shows), and how many rows it has: only that figure is counted. */
export async function figureCsv(db: Db, range: MonthRange, name: FigureName): Promise<{ csv: string; count: number }> {
  const empty = { missed: [], reminders: [], filled: [] };
  const table = figureTable({ ...empty, [name]: await READERS[name](db, range) }, name);
  return {
    csv: csvDocument(
      table.columns.map((c) => c.label),
      table.rows.map((r) => r.map((v) => v ?? "")),
    ),
    count: table.rows.length,
  };
}
