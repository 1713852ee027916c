import { describe, expect, it } from "vitest";
import { distinctDays } from "../helpers/days";

/* The tests' own days (tests/helpers/days.ts): holidays push near offsets onto one day, and a file's tests share a database. */
describe("distinctDays, the days a test file hands out", () => {
  // A calendar in which 20 to 24 days ahead all fall on the same open day (a holiday week), as on 6 December 2026.
  const pick = (offset: number) => `day ${offset >= 20 && offset <= 24 ? 24 : offset}`;

  it("never gives the same day twice, even when two offsets fall on one day", () => {
    const next = distinctDays(pick);
    expect(next(20)).toBe("day 24");
    expect(next(22)).toBe("day 25");
    expect(next(5)).toBe("day 5");
    expect(next(5)).toBe("day 6");
  });

  it("keeps the order of the offsets, and each file its own set", () => {
    const next = distinctDays(pick);
    const days = [next(5), next(12), next(20), next(22)].map((d) => Number(d.slice(4)));
    expect(days).toEqual([...days].sort((a, b) => a - b));
    expect(distinctDays(pick)(20)).toBe("day 24");
  });
});
