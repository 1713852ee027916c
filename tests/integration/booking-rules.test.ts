import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, clinicToday } from "../../domain/dates";
import { bookingRulesNow, requestAnswerBy } from "../../server/closures/closed-dates";
import { createTestApp, type TestApp } from "../helpers/app";

/**
 * The booking reads the closures once (decision 036): the rules it validates
 * against also give the day by whose end the clinic answers, the same day
 * requestAnswerBy reckons, and the window's closed dates stay the window's.
 * SQLite, or PostgreSQL with TEST_DATABASE_URL.
 */
describe("bookingRulesNow", () => {
  let t: TestApp;
  const now = new Date();
  const today = clinicToday(now);
  beforeAll(async () => {
    t = await createTestApp({ BOOKING_HORIZON_DAYS: "10" });
  });
  afterAll(() => t.close());

  const close = (first: string, last: string) =>
    t.db
      .insertInto("clinic_closures")
      .values({
        first_date: first,
        last_date: last,
        reason: "Renovation",
        created_by: null,
        created_at: now.toISOString(),
      })
      .execute();

  it("gives requestAnswerBy's day, with and without closures, a closure past the window too", async () => {
    const rules = await bookingRulesNow(t.db, t.config, now);
    expect(rules.answerBy).toBeDefined();
    expect(rules.answerBy).toBe(await requestAnswerBy(t.db, t.config, now));

    // Closed from tomorrow for 30 days: past the 10-day window, so the answer comes after it.
    await close(addDays(today, 1), addDays(today, 30));
    const closed = await bookingRulesNow(t.db, t.config, now);
    expect(closed.answerBy).toBe(await requestAnswerBy(t.db, t.config, now));
    expect(closed.answerBy! > addDays(today, 30)).toBe(true);
    // The window's closed dates are the window's only, with their reasons.
    expect(closed.closedDates.every((d) => d >= today && d <= addDays(today, 10))).toBe(true);
    expect(closed.closedDates).toContain(addDays(today, 10));
    expect(closed.closureReasons?.[addDays(today, 1)]).toBe("Renovation");
    expect(Object.keys(closed.closureReasons ?? {}).every((d) => d <= addDays(today, 10))).toBe(true);
  });
});
