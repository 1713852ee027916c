import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { openDb, type Db } from "../../server/db/index";
import { keyedHash } from "../../server/staff/keys";
import { staffRuntime } from "../../server/staff/runtime";
import { createTestDatabase, type TestDatabase } from "../helpers/pg";
import { startTwoServers, stopServers, type ServerProcess } from "../helpers/server-process";
import { addStaff, SAME_ORIGIN, STAFF_PASSWORD } from "../helpers/staff";

// The sign-in lockout holds across two real server processes on one
// PostgreSQL database (as in multi-instance.test.ts): 30 wrong passwords sent
// at once, split over both, are all counted, and the right password is then
// refused on both. Needs TEST_DATABASE_URL.

const admin = process.env.TEST_DATABASE_URL;
if (!admin) console.warn("staff-lockout-instances.test.ts skipped: set TEST_DATABASE_URL");

describe.skipIf(!admin)("sign-in lockout across two instances on one PostgreSQL database", () => {
  let database: TestDatabase;
  let db: Db;
  let dataDir: string;
  const started: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(admin!, "lockout");
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-lockout-"));
    // No STAFF_HMAC_KEY: both instances must agree on the key the first of them stores in the database.
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      STAFF_SLOWDOWN_MS: "0",
      STAFF_LOCKOUT_THRESHOLD: "5",
      STAFF_LOCKOUT_MINUTES: "15",
    };
    await startTwoServers(env, started);
    db = openDb(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", DATABASE_URL: database.url }));
  }, 90_000);

  afterAll(async () => {
    await stopServers(started);
    await db?.destroy();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const login = (server: ServerProcess, email: string, password: string) =>
    fetch(`${server.url}/staff/login`, {
      method: "POST",
      headers: SAME_ORIGIN,
      body: new URLSearchParams({ email, password }).toString(),
      redirect: "manual",
    });

  it("counts all 30 wrong passwords sent at once to both instances, then refuses the right password on both while the lock lasts", async () => {
    const [a, b] = started as [ServerProcess, ServerProcess];
    const victim = await addStaff(db, { email: "two-instances@clinic.example.org" });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(i % 2 ? a : b, victim.email, `wrong password number ${i}`)),
    );
    for (const res of answers) expect([401, 429]).toContain(res.status);
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", DATABASE_URL: database.url });
    const key = `email:${await keyedHash(staffRuntime(db, config), "email", victim.email)}`;
    const row = await db
      .selectFrom("staff_login_throttle")
      .selectAll()
      .where("key", "=", key)
      .executeTakeFirstOrThrow();
    expect(row.failures).toBe(30);
    expect(row.locked_until! > new Date().toISOString()).toBe(true);
    for (const server of [a, b]) {
      const right = await login(server, victim.email, STAFF_PASSWORD);
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
