import { describe, expect, it } from "vitest";
import {
  addDays,
  clinicDate,
  clinicYear,
  formatIsoDate,
  formatLongDate,
  isIsoDate,
  isoWeekday,
  parseIsoDate,
} from "../../domain/dates";

/** What the two did before they were written for speed (decision 036): a round trip through toISOString. */
const viaIsoString = (d: Date) => d.toISOString().slice(0, 10);
function parsedViaIsoString(date: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return viaIsoString(d) === date ? d : null;
}

describe("calendar dates as YYYY-MM-DD", () => {
  it("parse and format as the round trip through toISOString does, every day and every impossible one", () => {
    const pad = (n: number, width: number) => String(n).padStart(width, "0");
    const years = [0, 1, 50, 99, 100, 999, 1000, 1899, 1900, 2000, 2024, 2025, 2026, 2100, 9999];
    for (const year of years) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          const text = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
          const parsed = parseIsoDate(text);
          expect(parsed?.getTime() ?? null, text).toBe(parsedViaIsoString(text)?.getTime() ?? null);
          expect(isIsoDate(text), text).toBe(parsed !== null);
          if (parsed) expect(formatIsoDate(parsed)).toBe(text);
        }
      }
    }
    for (const text of ["2026-1-01", "2026-01-1", " 2026-01-01", "2026-01-01T00:00", "26-01-01", "", "+02026-01-01"]) {
      expect(parseIsoDate(text), text).toBeNull();
    }
  });

  it("format any instant's UTC day as toISOString does, the years it writes with six digits too", () => {
    for (const ms of [0, -1, 1, Date.UTC(2026, 10, 26, 23, 59, 59, 999), Date.UTC(-5, 0, 1), Date.UTC(12000, 5, 1)]) {
      const d = new Date(ms);
      expect(formatIsoDate(d)).toBe(viaIsoString(d));
    }
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });
});

describe("the clinic's calendar (UTC+2)", () => {
  it("turns to the next day and year at 22:00 UTC, as the round trip through toISOString did", () => {
    for (const instant of [
      "2026-12-31T21:59:59.999Z",
      "2026-12-31T22:00:00.000Z",
      "2027-06-15T10:00:00Z",
      "0999-12-31T22:00:00Z",
    ]) {
      const at = new Date(instant);
      const shifted = new Date(at.getTime() + 2 * 3600_000);
      expect(clinicDate(at), instant).toBe(viaIsoString(shifted));
      expect(clinicYear(at), instant).toBe(Number(viaIsoString(shifted).slice(0, 4)));
    }
    expect(() => clinicDate(new Date(Number.NaN))).toThrow(RangeError);
  });

  it("names each day's weekday from the date itself", () => {
    expect(isoWeekday("2026-11-30")).toBe(1);
    expect(isoWeekday("2026-12-06")).toBe(7);
    expect(formatLongDate("2026-12-06")).toBe("Sunday 6 December 2026");
    expect(formatLongDate("2026-12-07")).toBe("Monday 7 December 2026");
  });
});
