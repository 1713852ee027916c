import fs from "node:fs";
import { orThrow } from "../helpers/outcome";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app";
import { appEnv, runScript, staffCli } from "../helpers/scripts";
import { addStaff, seedAppointment, seedEnquiry, seedUpload } from "../helpers/staff";
import { purgeExpired } from "../../server/privacy/purge";
import { staffRuntime } from "../../server/db/runtime";
import { changeStatus } from "../../server/appointments/front-desk/staff-changes";
import { createStaffAccount, disableStaffAccount } from "../../server/staff/accounts";
import { STAFF_NAME_INVALID } from "../../domain/staff-names";
import { staffPlugin } from "../../server/composition/staff-console";
import Fastify from "fastify";

const NOW = new Date("2026-11-22T10:00:00Z");

describe("retention purge", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ STAFF_RETENTION_MONTHS: "24" });
  });
  afterAll(() => t.close());

  it("deletes old appointments with their files and history, old enquiries and stray files; keeps recent ones; leaves nothing orphaned", async () => {
    const staff = await addStaff(t.db);
    const rt = staffRuntime(t.db, t.config, () => NOW);
    // Old: requested date more than 24 months ago.
    const oldId = await seedAppointment(t.db, { requested_date: "2024-10-01", created_at: "2024-09-20T08:00:00.000Z" });
    const oldFile = await seedUpload(t.db, t.dataDir, { appointmentId: oldId, createdAt: "2024-09-20T08:00:00.000Z" });
    await t.db
      .insertInto("appointment_status_history")
      .values({
        appointment_id: oldId,
        from_status: "requested",
        to_status: "cancelled",
        note: "x",
        staff_id: staff.id,
        created_at: "2024-09-21T08:00:00.000Z",
      })
      .execute();
    // Requested long ago but confirmed for a recent date: the appointment date counts, so it stays.
    const confirmedRecently = await seedAppointment(t.db, {
      requested_date: "2024-10-01",
      confirmed_date: "2025-01-10",
      confirmed_time: "09:00",
      status: "attended",
      created_at: "2024-09-20T08:00:00.000Z",
    });
    // Recent.
    const recentId = await seedAppointment(t.db, { requested_date: "2026-12-02" });
    const recentFile = await seedUpload(t.db, t.dataDir, { appointmentId: recentId });
    await orThrow(changeStatus(staffRuntime(t.db, t.config), staff, recentId, { to: "cancelled", reason: "test" }));
    // Enquiries by creation date.
    const oldEnquiry = await seedEnquiry(t.db, { created_at: "2024-11-01T00:00:00.000Z" });
    const recentEnquiry = await seedEnquiry(t.db, { created_at: "2025-01-01T00:00:00.000Z" });
    // An upload never attached to a booking, two days old; a fresh one (booking may still follow).
    const abandoned = await seedUpload(t.db, t.dataDir, { appointmentId: null, createdAt: "2026-11-20T08:00:00.000Z" });
    const pending = await seedUpload(t.db, t.dataDir, { appointmentId: null, createdAt: "2026-11-22T09:59:00.000Z" });
    // Files with no row: one old (stray), one brand new (an upload in progress).
    const uploads = path.join(t.dataDir, "uploads");
    const stray = path.join(uploads, "stray-old.pdf");
    fs.writeFileSync(stray, "x");
    fs.utimesSync(stray, new Date("2026-11-01T00:00:00Z"), new Date("2026-11-01T00:00:00Z"));
    const inProgress = path.join(uploads, "in-progress.pdf");
    fs.writeFileSync(inProgress, "x");
    fs.utimesSync(inProgress, NOW, NOW);

    const result = await purgeExpired(rt);
    expect(result).toMatchObject({ appointments: 1, enquiries: 1, uploads: 2, files: 2, strayFiles: 1 });

    const ids = (await t.db.selectFrom("appointments").select("id").execute()).map((r) => r.id).sort();
    expect(ids).toEqual([confirmedRecently, recentId].sort());
    const enquiries = (await t.db.selectFrom("enquiries").select("id").execute()).map((r) => r.id);
    expect(enquiries).toEqual([recentEnquiry]);
    expect(enquiries).not.toContain(oldEnquiry);
    expect(fs.existsSync(oldFile.file)).toBe(false);
    expect(fs.existsSync(abandoned.file)).toBe(false);
    expect(fs.existsSync(stray)).toBe(false);
    expect(fs.existsSync(recentFile.file)).toBe(true);
    expect(fs.existsSync(pending.file)).toBe(true);
    expect(fs.existsSync(inProgress)).toBe(true);

    // Nothing orphaned: every upload row has its file and its appointment; history only for live appointments.
    const rows = await t.db.selectFrom("uploads").selectAll().execute();
    for (const u of rows) {
      expect(fs.existsSync(path.join(uploads, u.storage_name))).toBe(true);
      if (u.appointment_id !== null) expect(ids).toContain(u.appointment_id);
    }
    const history = await t.db.selectFrom("appointment_status_history").select("appointment_id").execute();
    for (const h of history) expect(ids).toContain(h.appointment_id);
    expect(history.map((h) => h.appointment_id)).not.toContain(oldId);

    // Running again deletes nothing more.
    const again = await purgeExpired(rt);
    expect(again).toMatchObject({ appointments: 0, enquiries: 0, uploads: 0, files: 0, strayFiles: 0 });
  });

  it("deletes expired staff invitations and keeps the live ones", async () => {
    const staff = await addStaff(t.db);
    const rt = staffRuntime(t.db, t.config, () => NOW);
    const invitation = (email: string, expiresAt: string) => ({
      token_hash: `hash-${email}`,
      email,
      name: "Invited Person",
      role: "reception" as const,
      invited_by: staff.id,
      created_at: new Date(new Date(expiresAt).getTime() - 24 * 3_600_000).toISOString(),
      expires_at: expiresAt,
    });
    await t.db
      .insertInto("staff_invitations")
      .values([
        invitation("expired@clinic.example.org", "2026-11-21T10:00:00.000Z"),
        invitation("just-expired@clinic.example.org", NOW.toISOString()),
        invitation("live@clinic.example.org", "2026-11-22T10:01:00.000Z"),
      ])
      .execute();

    const result = await purgeExpired(rt);
    expect(result.invitations).toBe(2);
    const left = await t.db.selectFrom("staff_invitations").select("email").execute();
    expect(left.map((r) => r.email)).toEqual(["live@clinic.example.org"]);
    expect((await purgeExpired(rt)).invitations).toBe(0);
  });

  it("`npm run purge` runs the same purge against DATA_DIR", async () => {
    const id = await seedAppointment(t.db, { requested_date: "2020-01-06" });
    const file = await seedUpload(t.db, t.dataDir, { appointmentId: id });
    // The same database as the test: DATA_DIR's SQLite, or the test's PostgreSQL database.
    const run = await runScript("purge", [], appEnv(t));
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/deleted 1 appointments/);
    expect(fs.existsSync(file.file)).toBe(false);
    const left = await t.db.selectFrom("appointments").select("id").where("id", "=", id).execute();
    expect(left).toHaveLength(0);
  });
});

describe("the daily purge inside the server", () => {
  it("runs once the server listens", async () => {
    const t = await createTestApp();
    try {
      const id = await seedAppointment(t.db, { requested_date: "2019-01-07" });
      const file = await seedUpload(t.db, t.dataDir, { appointmentId: id });
      const app = Fastify({ logger: false });
      await app.register(staffPlugin(staffRuntime(t.db, t.config), { purgeFirstRunMs: 50 }));
      await app.listen({ port: 0, host: "127.0.0.1" });
      const deadline = Date.now() + 10_000;
      while (fs.existsSync(file.file) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      await app.close();
      expect(fs.existsSync(file.file)).toBe(false);
      expect(await t.db.selectFrom("appointments").select("id").where("id", "=", id).execute()).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});

describe("npm run staff", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("adds, lists and disables accounts; passwords hashed with argon2id; no default account", async () => {
    expect((await t.db.selectFrom("staff_users").select("id").execute()).length).toBe(0);
    const short = await staffCli(t, ["add", "--email", "a@clinic.example.org", "--name", "A"], {
      STAFF_PASSWORD: "too short",
    });
    expect(short.status).toBe(1);
    expect(short.stderr).toContain("at least 12 characters");

    const added = await staffCli(t, ["add", "--email", "Nurse@Clinic.example.org", "--name", "Nurse Jane"], {
      STAFF_PASSWORD: "a long enough password",
    });
    expect(added.status, added.stderr).toBe(0);
    const row = await t.db.selectFrom("staff_users").selectAll().executeTakeFirstOrThrow();
    expect(row.email).toBe("nurse@clinic.example.org");
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain("a long enough password");

    // Password from standard input when STAFF_PASSWORD is unset (the terminal prompt hides it).
    const piped = await staffCli(
      t,
      ["add", "--email", "second@clinic.example.org", "--name", "Second"],
      {},
      "another long password\nanother long password\n",
    );
    expect(piped.status, piped.stderr).toBe(0);

    await expect(
      orThrow(
        createStaffAccount(t.db, {
          email: "NURSE@clinic.example.org",
          name: "Again",
          password: "a long enough password",
        }),
      ),
    ).rejects.toThrow(/already exists/);

    // Without --role: the first account is a manager, later ones reception.
    const list = await staffCli(t, ["list"]);
    expect(list.stdout).toMatch(/nurse@clinic\.example\.org\tNurse Jane\tManager\tactive/);
    expect(list.stdout).toMatch(/second@clinic\.example\.org\tSecond\tReception\tactive/);
    expect(list.stdout).not.toContain("argon2");

    // The last active manager can be neither disabled nor demoted.
    const lastManager = await staffCli(t, ["disable", "--email", "nurse@clinic.example.org"]);
    expect(lastManager.status).toBe(1);
    expect(lastManager.stderr).toContain("last active manager");
    const demoted = await staffCli(t, ["role", "--email", "nurse@clinic.example.org", "--role", "reception"]);
    expect(demoted.status).toBe(1);
    const badRole = await staffCli(t, ["role", "--email", "second@clinic.example.org", "--role", "admin"]);
    expect(badRole.status).toBe(64);
    expect(badRole.stderr).toContain("--role must be one of: manager, reception");
    const promoted = await staffCli(t, ["role", "--email", "second@clinic.example.org", "--role", "manager"]);
    expect(promoted.status, promoted.stderr).toBe(0);

    const disabled = await staffCli(t, ["disable", "--email", "nurse@clinic.example.org"]);
    expect(disabled.status).toBe(0);
    const audited = await t.db.selectFrom("staff_audit").select(["action", "staff_email", "detail"]).execute();
    expect(audited).toEqual(
      expect.arrayContaining([
        { action: "staff_added", staff_email: "nurse@clinic.example.org", detail: "command line, manager" },
        { action: "staff_added", staff_email: "second@clinic.example.org", detail: "command line, reception" },
        {
          action: "role_changed",
          staff_email: "second@clinic.example.org",
          detail: "command line: Reception to Manager",
        },
        { action: "staff_disabled", staff_email: "nurse@clinic.example.org", detail: "command line" },
      ]),
    );
    const nurse = await t.db
      .selectFrom("staff_users")
      .select("disabled")
      .where("email", "=", "nurse@clinic.example.org")
      .executeTakeFirstOrThrow();
    expect(nurse.disabled).toBe(1);
  }, 240_000);

  it("refuses a name with a line break or a control character, adding nobody", async () => {
    for (const name of ["Two\nLines", "Escape\u001b[2JName", "Tab\tName"]) {
      const run = await staffCli(t, ["add", "--email", "control@clinic.example.org", "--name", name], {
        STAFF_PASSWORD: "a long enough password",
      });
      expect(run.status, JSON.stringify(name)).toBe(1);
      expect(run.stderr).toContain(STAFF_NAME_INVALID);
    }
    expect(
      await t.db.selectFrom("staff_users").select("id").where("email", "=", "control@clinic.example.org").execute(),
    ).toHaveLength(0);
    await expect(
      orThrow(
        createStaffAccount(t.db, {
          email: "control@clinic.example.org",
          name: "A\rB",
          password: "a long enough password",
        }),
      ),
    ).rejects.toThrow(STAFF_NAME_INVALID);
  }, 60_000);

  it("enables a disabled account again, audited as the command line", async () => {
    const { staff: account } = await orThrow(
      createStaffAccount(t.db, {
        email: "returning@clinic.example.org",
        name: "Returning",
        password: "a long enough password",
        role: "reception",
      }),
    );
    await disableStaffAccount(t.db, account.email);
    const enabled = await staffCli(t, ["enable", "--email", "Returning@clinic.example.org"]);
    expect(enabled.status, enabled.stderr).toBe(0);
    expect(enabled.stdout).toContain("Enabled returning@clinic.example.org: it can sign in again.");
    const row = await t.db
      .selectFrom("staff_users")
      .select("disabled")
      .where("id", "=", account.id)
      .executeTakeFirstOrThrow();
    expect(row.disabled).toBe(0);
    const audited = await t.db
      .selectFrom("staff_audit")
      .select(["action", "staff_id", "staff_email", "detail"])
      .where("action", "=", "staff_enabled")
      .execute();
    expect(audited).toEqual([
      { action: "staff_enabled", staff_id: account.id, staff_email: account.email, detail: "command line" },
    ]);
    const unknown = await staffCli(t, ["enable", "--email", "nobody@clinic.example.org"]);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain("No account for nobody@clinic.example.org.");
    const usage = await staffCli(t, ["enable"]);
    expect(usage.status).toBe(64);
  }, 60_000);
});
