import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENQUIRY_PATH } from "../../domain/api-paths";
import { countHit, pruneRateLimits } from "../../server/requests/rate-limit-store";
import { createTestApp, type TestApp } from "../helpers/app";

// The database-backed rate-limit counters (SQLite, or PostgreSQL with TEST_DATABASE_URL).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("rate-limit counters in the database", () => {
  it("counts concurrent hits without losing any, per key and window", async () => {
    const now = Date.UTC(2026, 0, 5, 10, 0, 30);
    const counts = await Promise.all(Array.from({ length: 25 }, () => countHit(t.db, "route|client-a", 60_000, now)));
    expect(counts.map((c) => c.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(counts[0]!.ttl).toBe(30_000);
    expect((await countHit(t.db, "route|client-b", 60_000, now)).current).toBe(1);
    // The next window starts again at 1.
    expect((await countHit(t.db, "route|client-a", 60_000, now + 30_000)).current).toBe(1);
  });

  it("deletes windows that have ended, and keeps the current one", async () => {
    const now = Date.UTC(2026, 0, 6, 10, 0, 10);
    await countHit(t.db, "route|old", 60_000, now - 120_000);
    await countHit(t.db, "route|current", 60_000, now);
    expect(await pruneRateLimits(t.db, new Date(now))).toBeGreaterThanOrEqual(1);
    const keys = (await t.db.selectFrom("rate_limits").select("key").execute()).map((r) => r.key);
    expect(keys.some((k) => k.startsWith("route|old"))).toBe(false);
    expect(keys.some((k) => k.startsWith("route|current"))).toBe(true);
  });

  it("stores no client address in the clear", async () => {
    for (let i = 0; i < 2; i++) {
      await t.app.inject({ method: "POST", url: ENQUIRY_PATH, remoteAddress: "203.0.113.77", payload: {} });
    }
    const keys = (await t.db.selectFrom("rate_limits").select("key").execute()).map((r) => r.key);
    const enquiryKeys = keys.filter((k) => k.includes(ENQUIRY_PATH));
    expect(enquiryKeys).toHaveLength(1);
    expect(enquiryKeys[0]).not.toContain("203.0.113.77");
    const row = await t.db
      .selectFrom("rate_limits")
      .select("hits")
      .where("key", "=", enquiryKeys[0]!)
      .executeTakeFirstOrThrow();
    expect(Number(row.hits)).toBe(2);
  });
});
