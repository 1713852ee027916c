import { overlaps, type Room } from "./rooms";

// Rooms free at a time (decision 018): pure arithmetic on clinic minutes
// (domain/rooms.ts clinicMinutes). Every free start time, for staff and
// patients alike, is found by domain/free-times.ts (decision 063). The
// database has the last word (migration 0016): a time shown free may be taken
// before it is booked.

/** Start times offered to staff are on this grid, in minutes from opening. */
export const SLOT_STEP_MINUTES = 15;

export interface Booked {
  room: string | null;
  starts_at: number | null;
  ends_at: number | null;
}

/** The rooms among `rooms` free for the whole of [start, start + minutes), in order. */
export function freeRoomsAt(rooms: readonly Room[], booked: readonly Booked[], start: number, minutes: number): Room[] {
  return rooms.filter(
    (room) =>
      !booked.some(
        (b) =>
          b.room === room.id &&
          b.starts_at !== null &&
          b.ends_at !== null &&
          overlaps(start, start + minutes, b.starts_at, b.ends_at),
      ),
  );
}

/** "HH:MM" of clinic minutes. */
export function timeOfDay(clinicMinutes: number): string {
  const m = ((clinicMinutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}

// --- The console's day and week views (decision 022): where each appointment sits ---

/** An appointment placed in time: its column (a room id, "" for no room) and clinic minutes [starts_at, ends_at). */
export interface Slotted {
  column: string;
  starts_at: number;
  ends_at: number;
}

/** A cell of the day grid: the appointments that start in its row (and any that overlap them), spanning `span` rows. */
export interface GridCell<T> {
  span: number;
  items: T[];
}

/** One row of the day grid: its start (clinic minutes) and, per column, a cell, null (empty) or "covered" (spanned from above). */
export interface GridRow<T> {
  start: number;
  cells: (GridCell<T> | null | "covered")[];
}

/**
 * The day grid: rows every `step` minutes from `opens` to `closes` (widened to
 * hold any appointment outside them), one column per entry of `columns`. An
 * appointment starts in the row holding its start and spans the rows it
 * lasts; appointments that overlap in one column (which the database
 * refuses for confirmed rows, but an attended or no-show row may still hold
 * its old time) share one cell, so nothing is hidden.
 */
export function dayGrid<T extends Slotted>(
  columns: readonly string[],
  items: readonly T[],
  opens: number,
  closes: number,
  step = SLOT_STEP_MINUTES,
): GridRow<T>[] {
  const first = Math.min(opens, ...items.map((a) => a.starts_at));
  const from = opens - Math.ceil((opens - first) / step) * step;
  const to = Math.max(closes, ...items.map((a) => a.ends_at));
  const count = Math.max(1, Math.ceil((to - from) / step));
  const rows: GridRow<T>[] = Array.from({ length: count }, (_, i) => ({
    start: from + i * step,
    cells: columns.map(() => null),
  }));
  const rowOf = (minute: number) => Math.min(count - 1, Math.max(0, Math.floor((minute - from) / step)));
  columns.forEach((column, c) => {
    const mine = items.filter((a) => a.column === column).sort((a, b) => a.starts_at - b.starts_at);
    let open: { row: number; end: number; cell: GridCell<T> } | undefined;
    for (const a of mine) {
      const row = rowOf(a.starts_at);
      const lastRow = Math.max(row, rowOf(Math.max(a.starts_at, a.ends_at - 1)));
      if (open && row <= open.end) {
        open.cell.items.push(a);
        open.end = Math.max(open.end, lastRow);
        open.cell.span = open.end - open.row + 1;
        continue;
      }
      open = { row, end: lastRow, cell: { span: lastRow - row + 1, items: [a] } };
      rows[row]!.cells[c] = open.cell;
    }
  });
  // Mark the rows each cell spans.
  columns.forEach((_, c) => {
    rows.forEach((r, i) => {
      const cell = r.cells[c];
      if (cell && cell !== "covered") for (let k = 1; k < cell.span; k++) rows[i + k]!.cells[c] = "covered";
    });
  });
  return rows;
}

/**
 * The hours (clinic minutes of each whole hour's start, in a day) that the
 * week view's rows show: every hour any of the days is open, widened to hold
 * any appointment outside them.
 */
export function weekHours(periods: readonly { opens: number; closes: number }[], starts: readonly number[]): number[] {
  const dayMinute = (m: number) => ((m % 1440) + 1440) % 1440;
  const firsts = [...periods.map((p) => p.opens), ...starts.map(dayMinute)];
  const lasts = [...periods.map((p) => p.closes), ...starts.map((s) => dayMinute(s) + 1)];
  if (firsts.length === 0) return [];
  const from = Math.floor(Math.min(...firsts) / 60) * 60;
  const to = Math.ceil(Math.max(...lasts) / 60) * 60;
  const hours: number[] = [];
  for (let h = from; h < to; h += 60) hours.push(h);
  return hours;
}
