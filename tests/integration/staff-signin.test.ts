import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app";
import { staffCli } from "../helpers/scripts";
import {
  addStaff,
  form,
  freshTotpCode,
  SAME_ORIGIN,
  sessionCookieFor,
  STAFF_PASSWORD,
  type TestStaff,
} from "../helpers/staff";
import { keyedHash } from "../../server/staff/keys";
import { staffRuntime } from "../../server/db/runtime";
import { totpCode } from "../../server/staff/second-factor";

// Sign-in security (decision 007): lockout under concurrency, the TOTP second
// factor with recovery codes, the half-signed-in state, password rules and
// changes. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.

const cookiesOf = (res: { headers: Record<string, unknown> }) =>
  ([] as string[]).concat((res.headers["set-cookie"] as string | string[] | undefined) ?? []);
const cookieValue = (res: { headers: Record<string, unknown> }, name: string) =>
  cookiesOf(res)
    .find((c) => c.startsWith(`${name}=`))
    ?.split(";")[0];

describe("staff sign-in security", () => {
  let t: TestApp;
  let ipCounter = 0;
  /** A fresh client address per test, so the per-address lock of one test does not touch another. */
  const nextIp = () => `10.9.0.${++ipCounter}`;

  beforeAll(async () => {
    t = await createTestApp(
      { STAFF_SLOWDOWN_MS: "0", STAFF_LOCKOUT_THRESHOLD: "5", STAFF_LOCKOUT_MINUTES: "15" },
      { servePages: true },
    );
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, ip: string, cookie?: string) =>
    t.app.inject({
      method: "POST",
      url: "/staff/login",
      headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) },
      payload: form({ email, password }),
      remoteAddress: ip,
    });
  const postCode = (pending: string, code: string, ip: string, url = "/staff/login/code") =>
    t.app.inject({
      method: "POST",
      url,
      headers: { ...SAME_ORIGIN, cookie: pending },
      payload: form({ code }),
      remoteAddress: ip,
    });
  const emailKey = async (email: string) => `email:${await keyedHash(staffRuntime(t.db, t.config), "email", email)}`;
  const throttle = async (key: string) =>
    t.db.selectFrom("staff_login_throttle").selectAll().where("key", "=", key).executeTakeFirst();

  /** The password step; returns the pending cookie ("name=value"). */
  async function passwordStep(staff: TestStaff, ip: string, expected = "/staff/login/code"): Promise<string> {
    const res = await login(staff.email, STAFF_PASSWORD, ip);
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe(expected);
    expect(cookieValue(res, "staff_session")).toBeUndefined();
    return cookieValue(res, "staff_pending")!;
  }

  it("counts all of 30 wrong passwords sent at once, and then refuses the right password while the lock lasts", async () => {
    const victim = await addStaff(t.db, { email: "parallel@clinic.example.org" });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(victim.email, `wrong password number ${i}`, `10.8.${i}.1`)),
    );
    for (const a of answers) expect([401, 429]).toContain(a.statusCode);
    expect(answers.filter((a) => a.statusCode === 429).length).toBeGreaterThan(0);
    const row = await throttle(await emailKey(victim.email));
    expect(row!.failures).toBe(30);
    expect(row!.locked_until! > new Date().toISOString()).toBe(true);
    const audited = await t.db
      .selectFrom("staff_audit")
      .select("id")
      .where("action", "=", "sign_in_failed")
      .where("staff_id", "=", victim.id)
      .execute();
    expect(audited).toHaveLength(30);
    const right = await login(victim.email, STAFF_PASSWORD, nextIp());
    expect(right.statusCode).toBe(429);
    expect(right.body).toContain("Too many failed sign-in attempts. Try again in 15 minutes.");
    expect(cookiesOf(right)).toEqual([]);
  });

  it("never clears an active lock: a right password racing wrong ones does not unlock the account", async () => {
    const victim = await addStaff(t.db, { email: "race@clinic.example.org" });
    const attempts = Array.from({ length: 12 }, (_, i) =>
      login(victim.email, i % 3 === 0 ? STAFF_PASSWORD : `wrong password race ${i}`, `10.7.${i}.1`),
    );
    await Promise.all(attempts);
    const row = await throttle(await emailKey(victim.email));
    expect(row!.locked_until! > new Date().toISOString()).toBe(true);
    expect((await login(victim.email, STAFF_PASSWORD, nextIp())).statusCode).toBe(429);
  });

  it("gives the half-signed-in state (password right, code pending) no access to anything, and ends it after five minutes", async () => {
    const staff = await addStaff(t.db);
    const ip = nextIp();
    const pending = await passwordStep(staff, ip);
    const token = pending.split("=")[1]!;
    for (const url of ["/staff", "/staff/appointments", "/staff/audit", "/staff/password", "/staff.data"]) {
      const res = await t.app.inject({ method: "GET", url, headers: { cookie: pending } });
      expect(res.statusCode, url).not.toBe(200);
      if (url !== "/staff.data") expect(res.headers.location, url).toBe("/staff/login");
    }
    expect(
      (await t.app.inject({ method: "GET", url: "/api/staff/session", headers: { cookie: pending } })).statusCode,
    ).toBe(401);
    // The pending token is no session token either.
    expect(
      (await t.app.inject({ method: "GET", url: "/api/staff/session", headers: { cookie: `staff_session=${token}` } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.db.selectFrom("staff_sessions").select("id").where("staff_id", "=", staff.id).execute()).length,
    ).toBe(0);
    // The code page opens with it, and lives five minutes.
    expect(
      (await t.app.inject({ method: "GET", url: "/staff/login/code", headers: { cookie: pending } })).statusCode,
    ).toBe(200);
    const row = await t.db
      .selectFrom("staff_sign_in_challenges")
      .selectAll()
      .where("staff_id", "=", staff.id)
      .executeTakeFirstOrThrow();
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(5 * 60_000);
    await t.db
      .updateTable("staff_sign_in_challenges")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", row.id)
      .execute();
    const late = await postCode(pending, await freshTotpCode(t.db, staff.id, staff.totpSecret!), ip);
    expect(late.statusCode).toBe(302);
    expect(late.headers.location).toBe("/staff/login?expired=1");
    expect(cookieValue(late, "staff_session")).toBeUndefined();
    expect(
      await t.db.selectFrom("staff_sign_in_challenges").select("id").where("id", "=", row.id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it("refuses a TOTP code already used in its time window", async () => {
    const staff = await addStaff(t.db);
    const ip = nextIp();
    const code = await freshTotpCode(t.db, staff.id, staff.totpSecret!);
    const first = await postCode(await passwordStep(staff, ip), code, ip);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe("/staff");
    expect(cookieValue(first, "staff_session")).toMatch(/^staff_session=.{43}$/);
    const again = await postCode(await passwordStep(staff, ip), code, ip);
    expect(again.statusCode).toBe(401);
    expect(again.body).toContain("That code is not right, or it was already used.");
    expect(cookieValue(again, "staff_session")).toBeUndefined();
    // An older code (the step before) is refused too once a newer one was used.
    const older = totpCode(staff.totpSecret!, new Date(Date.now() - 30_000));
    expect((await postCode(await passwordStep(staff, ip), older, ip)).statusCode).toBe(401);
  });

  it("counts wrong codes toward the same lockout as wrong passwords; a right password does not reset the count", async () => {
    const staff = await addStaff(t.db);
    const ip = nextIp();
    let pending = await passwordStep(staff, ip);
    for (const c of ["000000", "111111"]) expect((await postCode(pending, c, ip)).statusCode).toBe(401);
    // The right password again (a new pending sign-in) keeps the two failures.
    pending = await passwordStep(staff, ip);
    for (const c of ["222222", "333333"]) expect((await postCode(pending, c, ip)).statusCode).toBe(401);
    const fifth = await postCode(pending, "444444", ip);
    expect(fifth.statusCode).toBe(302);
    expect(fifth.headers.location).toBe("/staff/login?locked=15");
    expect(cookieValue(fifth, "staff_pending")).toBe("staff_pending="); // cleared
    const shown = await t.app.inject({ method: "GET", url: "/staff/login?locked=15" });
    expect(shown.body).toContain("Too many failed sign-in attempts. Try again in 15 minutes.");
    // Locked: the right password and even the right code are refused.
    expect((await login(staff.email, STAFF_PASSWORD, nextIp())).statusCode).toBe(429);
    const row = await throttle(await emailKey(staff.email));
    expect(row!.failures).toBeGreaterThanOrEqual(5);
    const audit = await t.db
      .selectFrom("staff_audit")
      .select(["staff_email", "detail"])
      .where("staff_id", "=", staff.id)
      .where("action", "=", "sign_in_failed")
      .execute();
    expect(audit.filter((a) => a.detail === "wrong second-factor code")).toHaveLength(5);
    for (const a of audit) expect(a.staff_email).toMatch(/^hmac:/);
  });

  it("enrols at the first sign-in (QR code made here, secret as text), then gives 10 recovery codes, stored hashed, each usable once", async () => {
    const staff = await addStaff(t.db, { email: "newcomer@clinic.example.org", enrolled: false });
    const ip = nextIp();
    const pending = await passwordStep(staff, ip, "/staff/login/setup");
    // The code page sends an account without a second factor to set-up.
    const code = await t.app.inject({ method: "GET", url: "/staff/login/code", headers: { cookie: pending } });
    expect(code.headers.location).toBe("/staff/login/setup");
    const page = await t.app.inject({ method: "GET", url: "/staff/login/setup", headers: { cookie: pending } });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.body).toMatch(/<svg[^>]*viewBox/);
    expect(page.body).not.toMatch(/<img[^>]+src="https?:/);
    // HTML attribute names are case-insensitive (React writes autoComplete, inputMode).
    expect(page.body).toMatch(/<input id="code"[^>]*inputmode="numeric"[^>]*autocomplete="one-time-code"/i);
    const challenge = await t.db
      .selectFrom("staff_sign_in_challenges")
      .selectAll()
      .where("staff_id", "=", staff.id)
      .executeTakeFirstOrThrow();
    const secret = challenge.enrol_secret!;
    expect(page.body).toContain(secret.slice(0, 4) + " " + secret.slice(4, 8));
    // Reloading shows the same secret (not a new one each time).
    const again = await t.app.inject({ method: "GET", url: "/staff/login/setup", headers: { cookie: pending } });
    expect(again.body).toContain(secret.slice(0, 4) + " " + secret.slice(4, 8));
    // Nothing is enrolled until a code confirms it; a wrong code is refused.
    expect((await postCode(pending, "123456", ip, "/staff/login/setup")).statusCode).toBe(401);
    expect(
      (await t.db.selectFrom("staff_users").select("totp_secret").where("id", "=", staff.id).executeTakeFirstOrThrow())
        .totp_secret,
    ).toBeNull();

    const confirmed = await postCode(pending, totpCode(secret), ip, "/staff/login/setup");
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.headers["cache-control"]).toBe("no-store");
    const session = cookieValue(confirmed, "staff_session")!;
    expect(
      (await t.app.inject({ method: "GET", url: "/api/staff/session", headers: { cookie: session } })).statusCode,
    ).toBe(200);
    const codes = [...confirmed.body.matchAll(/<code>([a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4})<\/code>/g)].map(
      (m) => m[1]!,
    );
    expect(new Set(codes).size).toBe(10);
    const stored = await t.db.selectFrom("staff_recovery_codes").selectAll().where("staff_id", "=", staff.id).execute();
    expect(stored).toHaveLength(10);
    for (const c of codes) expect(JSON.stringify(stored)).not.toContain(c.replace(/-/g, ""));
    // A password hash with its own salt per code (ASVS 6.5.2), not a keyed hash of ~59 bits.
    for (const row of stored) expect(row.code_hash).toMatch(/^\$argon2id\$/);
    expect(new Set(stored.map((row) => row.code_hash.split("$")[4])).size).toBe(10);
    const user = await t.db
      .selectFrom("staff_users")
      .select(["totp_secret", "totp_last_step"])
      .where("id", "=", staff.id)
      .executeTakeFirstOrThrow();
    expect(user.totp_secret).toBe(secret);
    expect(user.totp_last_step).toBeGreaterThan(0);
    const actions = (
      await t.db.selectFrom("staff_audit").select("action").where("staff_id", "=", staff.id).execute()
    ).map((r) => r.action);
    expect(actions).toContain("mfa_enrolled");
    expect(actions).toContain("sign_in");

    // A recovery code signs in once (in capitals, without dashes too) ...
    const recovery = codes[3]!;
    const used = await postCode(await passwordStep(staff, ip), recovery.toUpperCase().replace(/-/g, ""), ip);
    expect(used.statusCode).toBe(302);
    expect(used.headers.location).toBe("/staff");
    // ... and never again.
    const reused = await postCode(await passwordStep(staff, ip), recovery, ip);
    expect(reused.statusCode).toBe(401);
    const left = await t.db
      .selectFrom("staff_recovery_codes")
      .select("id")
      .where("staff_id", "=", staff.id)
      .where("used_at", "is", null)
      .execute();
    expect(left).toHaveLength(9);
    const audit = await t.db
      .selectFrom("staff_audit")
      .select(["action", "detail"])
      .where("staff_id", "=", staff.id)
      .where("action", "=", "recovery_code_used")
      .execute();
    expect(audit).toEqual([{ action: "recovery_code_used", detail: "9 left" }]);
  });

  it("changes the password: current one checked, weak ones refused with the reason, every other session ended, audited", async () => {
    const staff = await addStaff(t.db, { name: "Changer" });
    const mine = await sessionCookieFor(t.db, t.config, staff.id);
    const other = await sessionCookieFor(t.db, t.config, staff.id);
    const stranger = await addStaff(t.db);
    const strangers = await sessionCookieFor(t.db, t.config, stranger.id);
    const ip = nextIp();
    const change = (values: Record<string, string>, cookie = mine) =>
      t.app.inject({
        method: "POST",
        url: "/staff/password",
        headers: { ...SAME_ORIGIN, cookie },
        payload: form(values),
        remoteAddress: ip,
      });
    const page = await t.app.inject({ method: "GET", url: "/staff/password", headers: { cookie: mine } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<label for="current">Current password<\/label>/);
    expect(page.body).toContain('href="/staff/password"'); // linked from the header

    const NEW = "plover kettle amber window";
    const wrong = await change({ current: "not my password at all", next: NEW, confirm: NEW });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain("The current password is not right.");
    const weak = await change({ current: STAFF_PASSWORD, next: "password1234", confirm: "password1234" });
    expect(weak.statusCode).toBe(400);
    expect(weak.body).toContain("This password is too weak: it is very like a commonly used password.");
    const short = await change({ current: STAFF_PASSWORD, next: "short one", confirm: "short one" });
    expect(short.body).toContain("The password must be at least 12 characters.");
    const mismatch = await change({ current: STAFF_PASSWORD, next: NEW, confirm: `${NEW}!` });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body).toContain("The two new passwords do not match.");
    // Nothing changed so far.
    expect(
      (await t.app.inject({ method: "GET", url: "/api/staff/session", headers: { cookie: other } })).statusCode,
    ).toBe(200);

    const ok = await change({ current: STAFF_PASSWORD, next: NEW, confirm: NEW });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain("Your password is changed.");
    expect(ok.body).toContain("1 other session was signed out.");
    expect(
      (await t.app.inject({ method: "GET", url: "/api/staff/session", headers: { cookie: mine } })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/staff/session", headers: { cookie: other } })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/staff/session", headers: { cookie: strangers } })).statusCode,
    ).toBe(200);
    expect((await login(staff.email, STAFF_PASSWORD, nextIp())).statusCode).toBe(401);
    expect((await login(staff.email, NEW, nextIp())).headers.location).toBe("/staff/login/code");
    const audit = await t.db
      .selectFrom("staff_audit")
      .select(["action", "detail"])
      .where("staff_id", "=", staff.id)
      .where("action", "=", "password_changed")
      .execute();
    expect(audit).toEqual([{ action: "password_changed", detail: "1 other session ended" }]);
  });

  it("refuses a cross-site password change", async () => {
    const staff = await addStaff(t.db);
    const cookie = await sessionCookieFor(t.db, t.config, staff.id);
    const res = await t.app.inject({
      method: "POST",
      url: "/staff/password",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site", cookie },
      payload: form({
        current: STAFF_PASSWORD,
        next: "plover kettle amber window",
        confirm: "plover kettle amber window",
      }),
    });
    expect(res.statusCode).toBe(403);
    expect((await login(staff.email, STAFF_PASSWORD, nextIp())).statusCode).toBe(302);
  });

  describe("npm run staff", () => {
    it("refuses a weak or common password when adding an account, and says why", async () => {
      const weak = await staffCli(t, ["add", "--email", "weak@clinic.example.org", "--name", "Weak"], {
        STAFF_PASSWORD: "password1234",
      });
      expect(weak.status).toBe(1);
      expect(weak.stderr).toContain("This password is too weak: it is very like a commonly used password.");
      const own = await staffCli(t, ["add", "--email", "mpho.seretse@clinic.example.org", "--name", "Mpho Seretse"], {
        STAFF_PASSWORD: "mpho seretse 1",
      });
      expect(own.status).toBe(1);
      expect(own.stderr).toContain("This password is too weak");
    }, 60_000);

    it("reset-mfa clears the second factor and recovery codes, ends the sessions, and is audited; the next sign-in enrols again", async () => {
      const staff = await addStaff(t.db, { email: "reset@clinic.example.org" });
      await t.db
        .insertInto("staff_recovery_codes")
        .values({ staff_id: staff.id, code_hash: "x".repeat(64), used_at: null, created_at: new Date().toISOString() })
        .execute();
      const cookie = await sessionCookieFor(t.db, t.config, staff.id);
      const unknown = await staffCli(t, ["reset-mfa", "nobody@clinic.example.org"]);
      expect(unknown.status).toBe(1);
      expect(unknown.stderr).toContain("No account for nobody@clinic.example.org.");
      const usage = await staffCli(t, ["reset-mfa"]);
      expect(usage.status).toBe(64);

      const reset = await staffCli(t, ["reset-mfa", "Reset@Clinic.example.org"]);
      expect(reset.status, reset.stderr).toBe(0);
      expect(reset.stdout).toContain("Reset two-step sign-in for reset@clinic.example.org");
      const user = await t.db
        .selectFrom("staff_users")
        .select(["totp_secret", "totp_last_step", "totp_enabled_at"])
        .where("id", "=", staff.id)
        .executeTakeFirstOrThrow();
      expect(user).toEqual({ totp_secret: null, totp_last_step: null, totp_enabled_at: null });
      expect(
        await t.db.selectFrom("staff_recovery_codes").select("id").where("staff_id", "=", staff.id).execute(),
      ).toHaveLength(0);
      expect((await t.app.inject({ method: "GET", url: "/api/staff/session", headers: { cookie } })).statusCode).toBe(
        401,
      );
      const audit = await t.db
        .selectFrom("staff_audit")
        .select(["action", "staff_email", "detail"])
        .where("staff_id", "=", staff.id)
        .execute();
      expect(audit).toContainEqual({
        action: "mfa_reset",
        staff_email: "reset@clinic.example.org",
        detail: "command line",
      });
      await passwordStep(staff, nextIp(), "/staff/login/setup");
    }, 60_000);
  });
});
