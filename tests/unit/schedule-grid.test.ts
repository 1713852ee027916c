import { describe, expect, it } from "vitest";
import { overdueIfMadeBefore } from "../../domain/opening-days";
import { dayGrid, weekHours } from "../../domain/schedule";

const at = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
const appt = (id: number, column: string, from: string, to: string) => ({
  id,
  column,
  starts_at: at(from),
  ends_at: at(to),
});

describe("dayGrid", () => {
  it("puts an appointment in its start row and spans its length, covering the rows below", () => {
    const rows = dayGrid(["a", "b"], [appt(1, "a", "08:30", "09:15")], at("08:00"), at("10:00"));
    expect(rows.map((r) => r.start)).toHaveLength(8);
    expect(rows[2]!.cells[0]).toEqual({ span: 3, items: [expect.objectContaining({ id: 1 })] });
    expect(rows[3]!.cells[0]).toBe("covered");
    expect(rows[4]!.cells[0]).toBe("covered");
    expect(rows[5]!.cells[0]).toBeNull();
    expect(rows.every((r) => r.cells[1] === null)).toBe(true);
  });

  it("shares one cell between appointments that overlap in a column, so none is hidden", () => {
    const rows = dayGrid(
      ["a"],
      [appt(1, "a", "08:00", "08:30"), appt(2, "a", "08:15", "09:00"), appt(3, "a", "09:00", "09:15")],
      at("08:00"),
      at("10:00"),
    );
    const first = rows[0]!.cells[0];
    expect(first).toEqual({ span: 4, items: [expect.objectContaining({ id: 1 }), expect.objectContaining({ id: 2 })] });
    expect(rows[4]!.cells[0]).toEqual({ span: 1, items: [expect.objectContaining({ id: 3 })] });
  });

  it("widens the rows to hold an appointment outside opening hours, and rounds an off-grid start down", () => {
    const rows = dayGrid(
      ["a"],
      [appt(1, "a", "07:50", "08:20"), appt(2, "a", "19:55", "20:40")],
      at("08:00"),
      at("20:00"),
    );
    expect(rows[0]!.start).toBe(at("07:45"));
    expect(rows[0]!.cells[0]).toEqual({ span: 3, items: [expect.objectContaining({ id: 1 })] });
    expect(rows.at(-1)!.start).toBe(at("20:30"));
  });
});

describe("weekHours", () => {
  it("runs from the earliest opening to the latest closing, whole hours", () => {
    expect(
      weekHours(
        [
          { opens: at("08:00"), closes: at("20:00") },
          { opens: at("09:00"), closes: at("13:00") },
        ],
        [],
      ),
    ).toEqual(Array.from({ length: 12 }, (_, i) => at("08:00") + i * 60));
    expect(weekHours([], [])).toEqual([]);
  });
});

describe("overdueIfMadeBefore", () => {
  it("is the last open day before today: Saturday on a Monday, Tuesday after Easter on the Wednesday", () => {
    expect(overdueIfMadeBefore("2026-11-23", [])).toBe("2026-11-21");
    expect(overdueIfMadeBefore("2027-03-31", [])).toBe("2027-03-30");
    expect(overdueIfMadeBefore("2027-03-30", [])).toBe("2027-03-25");
    expect(overdueIfMadeBefore("2026-12-09", ["2026-12-08"])).toBe("2026-12-07");
  });
});
