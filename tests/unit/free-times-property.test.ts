import fc from "fast-check";
import { describe, it } from "vitest";
import { OPENING_HOURS } from "../../domain/clinic";
import { addDays, clinicDate, isoWeekday } from "../../domain/dates";
import { clinicMinutesAt, findFreeTimes, type FreeTimeQuery } from "../../domain/free-times";
import { botswanaPublicHolidays } from "../../domain/opening-days";
import { clinicMinutes, type Room } from "../../domain/rooms";

// Decision 063: over 10,000 random schedules, the free times found are exactly those a patient can
// book: every offered time fits in an offered room without overlapping anything that room holds
// (the database's rule, migration 0016), and every start the rules allow that some room could hold
// is offered. The oracle below is written apart from domain/free-times.ts: minute by minute, with
// no index.

const ROOM_IDS = ["r1", "r2", "r3"] as const;
const BASE = "2027-03-01";

interface Hold {
  room: string;
  starts_at: number;
  ends_at: number;
}

const scheduleArb = fc
  .record({
    firstOffset: fc.integer({ min: 0, max: 40 }),
    days: fc.integer({ min: 1, max: 3 }),
    roomCount: fc.integer({ min: 1, max: 3 }),
    holds: fc.array(
      fc.record({
        room: fc.constantFrom(...ROOM_IDS),
        dayOffset: fc.integer({ min: -1, max: 3 }),
        minute: fc.integer({ min: 7 * 60, max: 20 * 60 }),
        length: fc.integer({ min: 5, max: 120 }),
      }),
      { maxLength: 25 },
    ),
    closedOffsets: fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 2 }),
    roomsOut: fc.array(fc.record({ dayOffset: fc.integer({ min: 0, max: 3 }), room: fc.constantFrom(...ROOM_IDS) }), {
      maxLength: 2,
    }),
    lengthMinutes: fc.integer({ min: 10, max: 60 }),
    changeoverMinutes: fc.integer({ min: 0, max: 15 }),
    stepMinutes: fc.constantFrom(5, 10, 15, 20, 30),
    noticeMinutes: fc.integer({ min: 0, max: 26 * 60 }),
    horizonDays: fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }),
    // Now: from two days before the range to its second day, to the second.
    nowOffsetSeconds: fc.integer({ min: -2 * 86_400, max: 2 * 86_400 }),
  })
  .map((s): FreeTimeQuery => {
    const from = addDays(BASE, s.firstOffset);
    const day = (offset: number) => addDays(from, offset);
    const rooms: Room[] = ROOM_IDS.slice(0, s.roomCount).map((id) => ({ id, name: id }));
    const holds: Hold[] = s.holds.map((h) => {
      const starts = clinicMinutes(day(h.dayOffset), "00:00") + h.minute;
      return { room: h.room, starts_at: starts, ends_at: starts + h.length };
    });
    const roomsOut = new Map<string, Map<string, string>>();
    for (const o of s.roomsOut) {
      const date = day(o.dayOffset);
      roomsOut.set(date, (roomsOut.get(date) ?? new Map()).set(o.room, "out"));
    }
    const now = new Date(Date.parse(`${from}T08:00:00+02:00`) + s.nowOffsetSeconds * 1000);
    return {
      from,
      to: day(s.days - 1),
      now,
      rooms,
      booked: holds,
      closedDates: s.closedOffsets.map(day),
      roomsOut,
      lengthMinutes: s.lengthMinutes,
      changeoverMinutes: s.changeoverMinutes,
      stepMinutes: s.stepMinutes,
      noticeMinutes: s.noticeMinutes,
      horizonDays: s.horizonDays,
    };
  });

const hhmm = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));

/** Every start the rules allow, with the rooms that could hold it: minute by minute, holds compared one by one. */
function oracle(q: FreeTimeQuery): string[] {
  const out: string[] = [];
  const now = clinicMinutesAt(q.now);
  const today = clinicDate(q.now);
  for (let date = q.from; date <= q.to; date = addDays(date, 1)) {
    if (date < today) continue;
    if (q.horizonDays !== undefined && date > addDays(today, q.horizonDays)) continue;
    const period = OPENING_HOURS.find((p) => p.days.includes(isoWeekday(date)));
    if (!period || botswanaPublicHolidays(Number(date.slice(0, 4))).has(date) || q.closedDates.includes(date)) continue;
    const midnight = clinicMinutes(date, "00:00");
    const opens = midnight + hhmm(period.opens);
    const closes = midnight + hhmm(period.closes);
    for (let m = opens; m < closes; m++) {
      if ((m - opens) % q.stepMinutes !== 0 || m + q.lengthMinutes > closes) continue;
      if (m < now + q.noticeMinutes || m <= Math.floor(now)) continue;
      const end = m + q.lengthMinutes + q.changeoverMinutes;
      const rooms = q.rooms.filter(
        (r) =>
          !q.roomsOut?.get(date)?.has(r.id) &&
          !q.booked.some((b) => b.room === r.id && b.starts_at! < end && m < b.ends_at!),
      );
      if (rooms.length)
        out.push(
          `${date} ${String(Math.floor((m - midnight) / 60)).padStart(2, "0")}:${String((m - midnight) % 60).padStart(2, "0")} ${rooms.map((r) => r.id).join(",")}`,
        );
    }
  }
  return out;
}

describe("findFreeTimes over random schedules", () => {
  it("offers exactly the times that can be booked: none that cannot, and none hidden (10,000 schedules)", () => {
    fc.assert(
      fc.property(scheduleArb, (q) => {
        const days = findFreeTimes(q);
        // Every offered time can be booked: in its first free room it overlaps nothing that room holds.
        const bookable = days.every((d) =>
          d.starts.every((s) => {
            const end = s.start + q.lengthMinutes + q.changeoverMinutes;
            const room = s.rooms[0]!.id;
            return !q.booked.some((b) => b.room === room && b.starts_at! < end && s.start < b.ends_at!);
          }),
        );
        const offered = days.flatMap((d) =>
          d.starts.map((s) => `${d.date} ${s.time} ${s.rooms.map((r) => r.id).join(",")}`),
        );
        // And no time is hidden: the offers are exactly the oracle's.
        return bookable && offered.join("|") === oracle(q).join("|");
      }),
      { numRuns: 10_000, seed: 63 },
    );
  }, 60_000);
});
