import { describe, expect, it } from "vitest";
import { clinicInstant } from "../../domain/dates";
import { findFreeTimes, nearestFree, type FreeTimeQuery } from "../../domain/free-times";
import { clinicMinutes, ROOMS } from "../../domain/rooms";

// Decision 063: one function finds free times, for the console and for patients. Each rule below
// fails without its line in domain/free-times.ts.

const xray = ROOMS.filter((r) => r.id === "x-ray");
const ultrasound = ROOMS.filter((r) => r.id.startsWith("ultrasound"));
// Monday 1 March 2027 is an ordinary open day (08:00-20:00); Saturday 6 March opens 09:00-13:00.
const MONDAY = "2027-03-01";
const base = (over: Partial<FreeTimeQuery> = {}): FreeTimeQuery => ({
  from: MONDAY,
  to: MONDAY,
  now: clinicInstant("2027-02-20", "10:00"),
  rooms: xray,
  booked: [],
  closedDates: [],
  lengthMinutes: 30,
  changeoverMinutes: 0,
  stepMinutes: 15,
  noticeMinutes: 0,
  ...over,
});
const times = (q: FreeTimeQuery) => findFreeTimes(q).flatMap((d) => d.starts.map((s) => `${d.date} ${s.time}`));
const held = (room: string, date: string, from: string, to: string) => ({
  room,
  starts_at: clinicMinutes(date, from),
  ends_at: clinicMinutes(date, to),
});

describe("findFreeTimes", () => {
  it("offers starts on the step grid from opening, ending by closing", () => {
    const day = times(base());
    expect(day[0]).toBe(`${MONDAY} 08:00`);
    expect(day.at(-1)).toBe(`${MONDAY} 19:30`);
    expect(day).toHaveLength(47);
    expect(times(base({ stepMinutes: 20 }))[1]).toBe(`${MONDAY} 08:20`);
    expect(times(base({ from: "2027-03-06", to: "2027-03-06" })).at(-1)).toBe("2027-03-06 12:30");
  });

  it("leaves out Sundays, public holidays and closed dates", () => {
    expect(times(base({ from: "2027-03-07", to: "2027-03-07" }))).toEqual([]);
    // Good Friday 2027 is 26 March.
    expect(times(base({ from: "2027-03-26", to: "2027-03-26" }))).toEqual([]);
    expect(times(base({ closedDates: [MONDAY] }))).toEqual([]);
  });

  it("leaves out a room out of service, and the day when every room is", () => {
    const out = new Map([[MONDAY, new Map([["ultrasound-1", "Repair"]])]]);
    const [first] = findFreeTimes(base({ rooms: ultrasound, roomsOut: out }))[0]!.starts;
    expect(first!.rooms.map((r) => r.id)).toEqual(["ultrasound-2"]);
    expect(times(base({ roomsOut: new Map([[MONDAY, new Map([["x-ray", "Repair"]])]]) }))).toEqual([]);
  });

  it("holds the room for the examination and its changeover", () => {
    const booked = [held("x-ray", MONDAY, "09:00", "09:30")];
    const plain = times(base({ booked }));
    expect(plain).toContain(`${MONDAY} 08:30`);
    expect(plain).not.toContain(`${MONDAY} 08:45`);
    expect(plain).toContain(`${MONDAY} 09:30`);
    // With 5 minutes' changeover, 08:30 would run into the 09:00 appointment.
    const withChangeover = times(base({ booked, changeoverMinutes: 5 }));
    expect(withChangeover).not.toContain(`${MONDAY} 08:30`);
    expect(withChangeover).toContain(`${MONDAY} 08:15`);
  });

  it("offers a time while one of the service's rooms is free, with the free rooms", () => {
    const booked = [held("ultrasound-1", MONDAY, "08:00", "09:00")];
    const [first] = findFreeTimes(base({ rooms: ultrasound, booked }))[0]!.starts;
    expect(first!.rooms.map((r) => r.id)).toEqual(["ultrasound-2"]);
    const both = [...booked, held("ultrasound-2", MONDAY, "08:00", "09:00")];
    expect(times(base({ rooms: ultrasound, booked: both }))[0]).toBe(`${MONDAY} 09:00`);
  });

  it("offers nothing sooner than the notice, and nothing at or before now", () => {
    const now = clinicInstant(MONDAY, "10:05");
    expect(times(base({ now }))[0]).toBe(`${MONDAY} 10:15`);
    expect(times(base({ now, noticeMinutes: 120 }))[0]).toBe(`${MONDAY} 12:15`);
    // Exactly the notice ahead is enough.
    expect(times(base({ now: clinicInstant(MONDAY, "10:00"), noticeMinutes: 120 }))[0]).toBe(`${MONDAY} 12:00`);
    expect(times(base({ now: clinicInstant(MONDAY, "10:00") }))[0]).toBe(`${MONDAY} 10:15`);
    // Past days are never offered.
    expect(times(base({ now: clinicInstant("2027-03-02", "07:00") }))).toEqual([]);
  });

  it("offers nothing past the horizon", () => {
    const q = base({ from: "2027-02-20", to: "2027-04-30", horizonDays: 10 });
    const days = findFreeTimes(q).map((d) => d.date);
    expect(days.at(-1)).toBe("2027-03-02");
    expect(
      findFreeTimes({ ...q, horizonDays: undefined })
        .map((d) => d.date)
        .at(-1),
    ).toBe("2027-04-30");
  });

  it("keeps no list of rooms a start when every room in service is free (decision 085: 60 days make thousands)", () => {
    const booked = [held("ultrasound-2", MONDAY, "10:00", "11:00")];
    const [day] = findFreeTimes(base({ rooms: ultrasound, booked }));
    const at = (time: string) => day!.starts.find((s) => s.time === time)!.rooms;
    expect(at("08:00")).toBe(at("08:15"));
    expect(at("08:00")).toBe(at("14:00"));
    expect(at("08:00").map((r) => r.id)).toEqual(["ultrasound-1", "ultrasound-2"]);
    expect(at("10:00").map((r) => r.id)).toEqual(["ultrasound-1"]);
  });

  it("gives the nearest free times (the earlier of two as near), in time order", () => {
    const days = findFreeTimes(base({ booked: [held("x-ray", MONDAY, "10:00", "11:00")] }));
    expect(nearestFree(days, clinicMinutes(MONDAY, "10:00"), 4)).toEqual([
      { date: MONDAY, time: "09:00" },
      { date: MONDAY, time: "09:15" },
      { date: MONDAY, time: "09:30" },
      { date: MONDAY, time: "11:00" },
    ]);
  });
});
