import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leaseFor, takeLease } from "../../server/jobs/lease";
import { createTestApp, type TestApp } from "../helpers/app";

// Job leases (SQLite, or PostgreSQL with TEST_DATABASE_URL).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("job leases", () => {
  it("gives a job to exactly one of several holders asking at once", async () => {
    const now = new Date("2026-02-01T03:00:00.000Z");
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => takeLease(t.db, "purge", 60_000, { now, holder: `instance-${i}` })),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const row = await t.db.selectFrom("job_leases").selectAll().where("name", "=", "purge").executeTakeFirstOrThrow();
    expect(row.holder).toBe(`instance-${results.indexOf(true)}`);
  });

  it("refuses everyone, the holder too, until the lease expires; then the next asker gets it", async () => {
    const start = new Date("2026-02-02T03:00:00.000Z");
    expect(await takeLease(t.db, "sweep", 60_000, { now: start, holder: "a" })).toBe(true);
    expect(await takeLease(t.db, "sweep", 60_000, { now: new Date(start.getTime() + 30_000), holder: "b" })).toBe(
      false,
    );
    expect(await takeLease(t.db, "sweep", 60_000, { now: new Date(start.getTime() + 59_999), holder: "a" })).toBe(
      false,
    );
    expect(await takeLease(t.db, "sweep", 60_000, { now: new Date(start.getTime() + 60_000), holder: "b" })).toBe(true);
    // Another job's lease is independent.
    expect(await takeLease(t.db, "other", 60_000, { now: start, holder: "a" })).toBe(true);
  });

  it("leases a little less than the period", () => {
    expect(leaseFor(24 * 3_600_000)).toBe(Math.floor(0.9 * 24 * 3_600_000));
    expect(leaseFor(100)).toBe(1000);
  });
});
