import { describe, expect, it } from "vitest";
import { addMonths, formatLongDate, monthGrid, parseDateInput } from "../../domain/dates";
import { availability } from "../../domain/opening-days";

describe("booking date helpers", () => {
  it("reads the ways people type a date, and rejects dates that do not exist", () => {
    expect(parseDateInput("07/12/2026")).toBe("2026-12-07");
    expect(parseDateInput(" 7-12-2026 ")).toBe("2026-12-07");
    expect(parseDateInput("7.12.2026")).toBe("2026-12-07");
    expect(parseDateInput("2026-12-07")).toBe("2026-12-07");
    expect(parseDateInput("31/02/2026")).toBeNull();
    expect(parseDateInput("12/2026")).toBeNull();
    expect(parseDateInput("tomorrow")).toBeNull();
    expect(parseDateInput("")).toBeNull();
  });

  it("writes dates out in words, without a comma", () => {
    expect(formatLongDate("2026-12-07")).toBe("Monday 7 December 2026");
    expect(formatLongDate("2027-01-03")).toBe("Sunday 3 January 2027");
  });

  it("lays a month out in Monday-first weeks", () => {
    const weeks = monthGrid("2026-12-15");
    expect(weeks[0]).toEqual([
      null,
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
      "2026-12-05",
      "2026-12-06",
    ]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
  });

  it("moves by months without spilling into the next one", () => {
    expect(addMonths("2027-01-31", 1)).toBe("2027-02-28");
    expect(addMonths("2026-12-15", 1)).toBe("2027-01-15");
    expect(addMonths("2026-01-15", -1)).toBe("2025-12-15");
  });

  it("tells open, closed and out-of-window days apart", () => {
    const calendar = {
      today: "2026-12-01",
      firstDate: "2026-12-01",
      lastDate: "2026-12-31",
      closedDates: ["2026-12-06", "2026-12-25"],
    };
    const closed = new Set(calendar.closedDates);
    expect(availability(calendar, closed, "2026-12-07")).toBe("open");
    expect(availability(calendar, closed, "2026-12-25")).toBe("closed");
    expect(availability(calendar, closed, "2027-01-04")).toBe("out-of-range");
    expect(availability(calendar, closed, "2026-11-30")).toBe("out-of-range");
  });
});
