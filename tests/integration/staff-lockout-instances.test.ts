import { describe, expect, it } from "vitest";
import { keyedHash } from "../../server/staff/keys";
import { staffRuntime } from "../../server/db/runtime";
import { twoInstances } from "../helpers/instances";
import { addStaff, postPassword, STAFF_PASSWORD } from "../helpers/staff";

// The sign-in lockout holds across two real server processes on one
// PostgreSQL database (as in multi-instance.test.ts): 30 wrong passwords sent
// at once, split over both, are all counted, and the right password is then
// refused on both. Needs TEST_DATABASE_URL.

const admin = process.env.TEST_DATABASE_URL;
if (!admin) console.warn("staff-lockout-instances.test.ts skipped: set TEST_DATABASE_URL");

describe.skipIf(!admin)("sign-in lockout across two instances on one PostgreSQL database", () => {
  // No STAFF_HMAC_KEY: both instances must agree on the key the first of them stores in the database.
  const instances = twoInstances("lockout", () => ({
    STAFF_SLOWDOWN_MS: "0",
    STAFF_LOCKOUT_THRESHOLD: "5",
    STAFF_LOCKOUT_MINUTES: "15",
  }));

  it("counts all 30 wrong passwords sent at once to both instances, then refuses the right password on both while the lock lasts", async () => {
    const { a, b, db, config } = instances;
    const victim = await addStaff(db, { email: "two-instances@clinic.example.org" });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        postPassword(i % 2 ? a.url : b.url, victim.email, `wrong password number ${i}`),
      ),
    );
    for (const res of answers) expect([401, 429]).toContain(res.status);
    const key = `email:${await keyedHash(staffRuntime(db, config), "email", victim.email)}`;
    const row = await db
      .selectFrom("staff_login_throttle")
      .selectAll()
      .where("key", "=", key)
      .executeTakeFirstOrThrow();
    expect(row.failures).toBe(30);
    expect(row.locked_until! > new Date().toISOString()).toBe(true);
    for (const server of [a, b]) {
      const right = await postPassword(server.url, victim.email, STAFF_PASSWORD);
      expect(right.status).toBe(429);
      expect(right.headers.get("set-cookie")).toBeNull();
      expect(await right.text()).toContain("Too many failed sign-in attempts.");
    }
    // One keyed hash for both instances: the typed address is in no table.
    const audit = await db
      .selectFrom("staff_audit")
      .select("staff_email")
      .where("action", "=", "sign_in_failed")
      .execute();
    expect(new Set(audit.map((r) => r.staff_email))).toEqual(
      new Set([`hmac:${key.slice("email:".length, "email:".length + 32)}`]),
    );
  }, 120_000);
});
