import { overlaps, type Room } from "./rooms";

// Free start times for a confirmed appointment (issue 12): pure arithmetic on
// clinic minutes (domain/rooms.ts clinicMinutes). The database has the last
// word (migration 0016): a time shown free may be taken before staff confirm.

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

/**
 * Every start on the step grid from `opens` (clinic minutes) such that the
 * appointment ends by `closes` and is later than `notBefore`, with the rooms
 * free for the whole appointment; starts with no free room are left out.
 */
export function freeStarts(
  rooms: readonly Room[],
  booked: readonly Booked[],
  opens: number,
  closes: number,
  minutes: number,
  notBefore: number,
  step = SLOT_STEP_MINUTES,
): { start: number; rooms: Room[] }[] {
  const out: { start: number; rooms: Room[] }[] = [];
  for (let start = opens; start + minutes <= closes; start += step) {
    if (start <= notBefore) continue;
    const free = freeRoomsAt(rooms, booked, start, minutes);
    if (free.length > 0) out.push({ start, rooms: free });
  }
  return out;
}

/** "HH:MM" of clinic minutes. */
export function timeOfDay(clinicMinutes: number): string {
  const m = ((clinicMinutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}
