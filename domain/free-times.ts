import { OPENING_HOURS, type OpeningPeriod } from "./clinic";
import { addDays, clinicDate, clinicTime, isIsoDate, isoWeekday } from "./dates";
import { closedThoughOpenWeekday } from "./opening-days";
import { clinicMinutes, type Room } from "./rooms";
import { timeOfDay, type Booked } from "./schedule";

/**
 * The one way free times are found (decision 063), for the staff console
 * (server/appointments/front-desk/schedule.ts: one day, no notice, no
 * changeover) and for patients (the slots API and the online booking: a
 * service's booking rule, domain/booking-rules.ts). Pure: what the day holds
 * is given to it.
 *
 * A start is free when the clinic is open that day (the weekdays the opening
 * hours leave out, Botswana's public holidays and the closed dates given:
 * isOpenDay), it is on the step grid from opening time, the examination ends
 * by closing time, it is later than now and at least the notice ahead, its day
 * is within the horizon, and one of the service's rooms that is in service
 * that day holds nothing for the whole of [start, start + length + changeover).
 * Times are the clinic's wall clock (Africa/Gaborone, no daylight saving), as
 * clinic minutes (domain/rooms.ts clinicMinutes). The database still has the
 * last word on a room (migration 0016): a time found free may be taken before
 * it is booked.
 */

export interface FreeTimeQuery {
  /** The first and last day asked for, YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  now: Date;
  /** The rooms that serve the service, in the order the first free one is chosen. */
  rooms: readonly Room[];
  /** What the rooms already hold: confirmed appointments, [starts_at, ends_at) in clinic minutes. */
  booked: readonly Booked[];
  /** Days the whole clinic is closed (closures and CLOSED_DATES); weekdays and public holidays are computed. */
  closedDates: readonly string[];
  /** The rooms out of service on a day (date → room id → reason). */
  roomsOut?: ReadonlyMap<string, ReadonlyMap<string, unknown>>;
  /** How long the examination takes: it must end by closing time. */
  lengthMinutes: number;
  /** How long the room stays held after it (cleaning, the next patient's set-up); 0 for none. */
  changeoverMinutes: number;
  /** Starts are every `stepMinutes` from opening time. */
  stepMinutes: number;
  /** A start is at least this many minutes after `now` (and always later than now). */
  noticeMinutes: number;
  /** The last day offered is today + horizonDays; none: no limit. */
  horizonDays?: number;
  /** The opening hours (OPENING_HOURS). */
  hours?: readonly OpeningPeriod[];
}

export interface FreeStart {
  /** Clinic minutes. */
  start: number;
  /** "HH:MM". */
  time: string;
  /** The rooms free for the whole hold, in the order given (starts may share one list: never change it). */
  rooms: readonly Room[];
}

export interface FreeDay {
  date: string;
  starts: FreeStart[];
}

/** The clinic's clock at an instant, in clinic minutes with the seconds as a fraction. */
export function clinicMinutesAt(at: Date): number {
  return clinicMinutes(clinicDate(at), clinicTime(at)) + (((at.getTime() % 60_000) + 60_000) % 60_000) / 60_000;
}

/**
 * What each of `rooms` holds, as disjoint ranges in time order (a room's overlapping or touching
 * holds merged), flat: [start, end, start, end, …]. The starts are checked in time order across
 * the whole range, so one forward pass through each room's list answers them all.
 */
function holdsOfRooms(rooms: readonly Room[], booked: readonly Booked[]): number[][] {
  const index = new Map(rooms.map((room, r) => [room.id, r]));
  const byRoom: Booked[][] = rooms.map(() => []);
  for (const b of booked) {
    if (b.room === null || b.starts_at === null || b.ends_at === null || b.ends_at <= b.starts_at) continue;
    const r = index.get(b.room);
    if (r !== undefined) byRoom[r]!.push(b);
  }
  return byRoom.map((list) => {
    list.sort((x, y) => x.starts_at! - y.starts_at!);
    const merged: number[] = [];
    for (const b of list) {
      const last = merged.length - 1;
      if (last > 0 && b.starts_at! <= merged[last]!) merged[last] = Math.max(merged[last]!, b.ends_at!);
      else merged.push(b.starts_at!, b.ends_at!);
    }
    return merged;
  });
}

/** "HH:MM" of each minute of a day, made once. */
const TIMES_OF_DAY: readonly string[] = Array.from({ length: 1440 }, (_, minute) => timeOfDay(minute));

/** The opening period of an ISO weekday (1 = Monday) in `hours`, if the clinic opens that weekday. */
function periodOf(weekday: number, hours: readonly OpeningPeriod[]): OpeningPeriod | undefined {
  return hours.find((p) => p.days.includes(weekday));
}

const hhmm = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));

/** Every free start from `from` to `to`, day by day (days with none are left out), under the query's rules. */
export function findFreeTimes(q: FreeTimeQuery): FreeDay[] {
  if (!isIsoDate(q.from) || !isIsoDate(q.to) || q.stepMinutes <= 0 || q.lengthMinutes <= 0) return [];
  const hours = q.hours ?? OPENING_HOURS;
  const now = clinicMinutesAt(q.now);
  const earliest = Math.max(now + q.noticeMinutes, Math.floor(now) + 1);
  const today = clinicDate(q.now);
  const first = q.from < today ? today : q.from;
  const horizonEnd = q.horizonDays === undefined ? q.to : addDays(today, q.horizonDays);
  const last = q.to < horizonEnd ? q.to : horizonEnd;
  const holds = holdsOfRooms(q.rooms, q.booked);
  // Per room, the first of its holds not ended by the last start checked: starts only grow, day
  // after day, so a hold that ended by one start has ended for every later one.
  const next = q.rooms.map(() => 0);
  // Whether each room in service is free for the start being checked.
  const isFree = q.rooms.map(() => false);
  const hold = q.lengthMinutes + Math.max(0, q.changeoverMinutes);
  const days: FreeDay[] = [];
  // Clinic minutes run on the UTC calendar (no daylight saving): each day's midnight is 1440 after the last.
  let midnight = clinicMinutes(first, "00:00");
  // The weekday (1 = Monday … 7 = Sunday) is counted along with the date, not read from it: each
  // day's date was parsed three times, a fifth of the free times' CPU (decision 085).
  for (
    let date = first, weekday = isoWeekday(first);
    date <= last;
    date = addDays(date, 1), weekday = (weekday % 7) + 1, midnight += 1440
  ) {
    // A weekday with opening hours is closed only by a holiday or a closure (closedReason's other reasons).
    const period = periodOf(weekday, hours);
    if (!period || closedThoughOpenWeekday(date, q.closedDates).closed) continue;
    const out = q.roomsOut?.get(date);
    // The rooms in service that day, by their place in q.rooms.
    const open: number[] = [];
    for (let r = 0; r < q.rooms.length; r++) if (!out?.has(q.rooms[r]!.id)) open.push(r);
    if (open.length === 0) continue;
    const all = out ? open.map((r) => q.rooms[r]!) : q.rooms;
    const opens = midnight + hhmm(period.opens);
    const closes = midnight + hhmm(period.closes);
    const starts: FreeStart[] = [];
    for (let start = opens; start + q.lengthMinutes <= closes; start += q.stepMinutes) {
      if (start < earliest) continue;
      let count = 0;
      for (let k = 0; k < open.length; k++) {
        const r = open[k]!;
        const list = holds[r]!;
        let i = next[r]!;
        while (i < list.length && list[i + 1]! <= start) i += 2;
        next[r] = i;
        const free = i >= list.length || list[i]! >= start + hold;
        isFree[k] = free;
        if (free) count++;
      }
      if (count === 0) continue;
      // Every room in service free (the usual case): the day's one list, shared by its starts.
      const rooms = count === open.length ? all : all.filter((_, k) => isFree[k]);
      starts.push({ start, time: TIMES_OF_DAY[start - midnight]!, rooms });
    }
    if (starts.length > 0) days.push({ date, starts });
  }
  return days;
}

/**
 * Up to `count` free starts nearest to `wanted` (clinic minutes), the earlier
 * first of two equally near, given back in time order: what a patient whose
 * time was taken meanwhile is offered instead.
 */
export function nearestFree(days: readonly FreeDay[], wanted: number, count = 6): { date: string; time: string }[] {
  return days
    .flatMap((d) => d.starts.map((s) => ({ date: d.date, time: s.time, start: s.start })))
    .sort((a, b) => Math.abs(a.start - wanted) - Math.abs(b.start - wanted) || a.start - b.start)
    .slice(0, count)
    .sort((a, b) => a.start - b.start)
    .map(({ date, time }) => ({ date, time }));
}

/** How many days a window of the day step holds (the booking page's and the private page's). */
export const WINDOW_DAYS = 14;

/** Whole days from `a` to `b` (YYYY-MM-DD). */
const daysFrom = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/**
 * The window of WINDOW_DAYS days that holds `day`, counted from `today` (so the day step's
 * windows are always the same ones), ending no later than `last`; and the first days of its
 * neighbours within [today, last].
 */
export function windowOf(
  day: string,
  today: string,
  last: string,
): { from: string; to: string; earlier?: string; later?: string } {
  const asked = day < today ? today : day > last ? last : day;
  const start = addDays(today, Math.floor(daysFrom(today, asked) / WINDOW_DAYS) * WINDOW_DAYS);
  const end = addDays(start, WINDOW_DAYS - 1);
  const to = end > last ? last : end;
  return {
    from: start,
    to,
    ...(start > today ? { earlier: addDays(start, -WINDOW_DAYS) } : {}),
    ...(to < last ? { later: addDays(to, 1) } : {}),
  };
}
