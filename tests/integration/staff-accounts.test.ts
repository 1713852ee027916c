import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app";
import { addStaff, form, SAME_ORIGIN, sessionCookieFor, STAFF_PASSWORD, type TestStaff } from "../helpers/staff";
import { hashToken } from "../../server/base/tokens";
import { disableStaffAccount } from "../../server/staff/accounts";
import { inviteStaff } from "../../server/staff/invitations";
import { staffRuntime } from "../../server/db/runtime";
import { STAFF_NAME_INVALID } from "../../domain/staff-names";

/**
 * The staff accounts page (managers only) and the invitation link: a manager
 * invites by e-mail; the link, valid 24 hours and once, sets the password and
 * leads on to setting up two-step sign-in. Every change is audited.
 */
describe("staff accounts and invitations", () => {
  let t: TestApp;
  let manager: TestStaff;
  let managerCookie: string;
  let receptionCookie: string;

  beforeAll(async () => {
    t = await createTestApp({}, { servePages: true });
    manager = await addStaff(t.db, { email: "boss@clinic.example.org", name: "Clinic Manager" });
    const reception = await addStaff(t.db, { email: "desk@clinic.example.org", name: "Desk", role: "reception" });
    managerCookie = await sessionCookieFor(t.db, t.config, manager.id);
    receptionCookie = await sessionCookieFor(t.db, t.config, reception.id);
  });
  afterAll(() => t.close());

  const post = (url: string, values: Record<string, string>, cookie = managerCookie, headers = SAME_ORIGIN) =>
    t.app.inject({ method: "POST", url, headers: { ...headers, cookie }, payload: form(values) });

  /** Invites an address and returns the token from the e-mail the invitee would receive. */
  async function invite(email: string, name: string, role = "reception"): Promise<string> {
    const res = await post("/staff/accounts", { intent: "invite", email, name, role });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await t.db
      .selectFrom("mail_queue")
      .select("text_body")
      .where("to_address", "=", email)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const token = /\/staff\/invite\?token=([\w-]+)/.exec(mail.text_body)?.[1];
    expect(token).toBeTruthy();
    return token!;
  }

  it("invites by e-mail: a one-time link, only its hash stored, audited", async () => {
    const token = await invite("new.desk@clinic.example.org", "New Desk");
    const row = await t.db
      .selectFrom("staff_invitations")
      .selectAll()
      .where("email", "=", "new.desk@clinic.example.org")
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(24 * 3_600_000);
    const mail = await t.db
      .selectFrom("mail_queue")
      .select("text_body")
      .where("to_address", "=", "new.desk@clinic.example.org")
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(`${t.config.publicBaseUrl}/staff/invite?token=`);
    const audit = await t.db.selectFrom("staff_audit").selectAll().where("action", "=", "staff_invited").execute();
    expect(audit.at(-1)).toMatchObject({ staff_id: manager.id, detail: "reception" });
    const page = await t.app.inject({ method: "GET", url: "/staff/accounts", headers: { cookie: managerCookie } });
    expect(page.body).toContain("new.desk@clinic.example.org");
  });

  it("refuses an invitation for an address that already has an account, and a bad address", async () => {
    const taken = await post("/staff/accounts", {
      intent: "invite",
      email: "desk@clinic.example.org",
      name: "X",
      role: "reception",
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toContain("already exists");
    const bad = await post("/staff/accounts", {
      intent: "invite",
      email: "not-an-address",
      name: "X",
      role: "manager",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("Enter a valid e-mail address.");
    expect(await t.db.selectFrom("staff_invitations").select("id").where("name", "=", "X").execute()).toHaveLength(0);
  });

  it("gives an invitation to an address with an account back as errors by field, not a throw, and changes nothing (decision 062)", async () => {
    const counts = async () =>
      Promise.all(
        (["staff_invitations", "mail_queue", "staff_audit"] as const).map(
          async (table) => (await t.db.selectFrom(table).select("id").execute()).length,
        ),
      );
    const before = await counts();
    const rt = staffRuntime(t.db, t.config);
    const outcome = await inviteStaff(rt, manager, {
      email: " Desk@Clinic.example.org",
      name: "Desk Again",
      role: "reception",
    });
    expect(outcome).toEqual({
      kind: "invalid",
      errors: { email: "An account for desk@clinic.example.org already exists." },
    });
    // An account change the clinic cannot make is a refusal too: a sentence, nothing changed.
    expect(await disableStaffAccount(t.db, "nobody@clinic.example.org")).toEqual({
      kind: "refused",
      failure: "No account for nobody@clinic.example.org.",
    });
    expect(await counts()).toEqual(before);
    // The page answers it with the field's error, keeping what was typed.
    const res = await post("/staff/accounts", {
      intent: "invite",
      email: "desk@clinic.example.org",
      name: "Desk Again",
      role: "manager",
    });
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('value="Desk Again"');
    expect(res.body).toContain('value="desk@clinic.example.org"');
    expect(res.body).toMatch(/<option value="manager" selected="">/);
    expect(await counts()).toEqual(before);
  });

  it("reports every wrong field of an invitation at once, in the error summary and by each field, keeping what was typed", async () => {
    const before = await t.db.selectFrom("mail_queue").select("id").execute();
    const res = await post("/staff/accounts", { intent: "invite", email: "no-at-sign", name: "", role: "owner" });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("There is a problem");
    for (const [field, message] of [
      ["invite-name", "Enter a name of 1 to 120 characters."],
      ["invite-email", "Enter a valid e-mail address."],
      ["invite-role", "Choose a role."],
    ]) {
      expect(res.body).toContain(`href="#${field}"`);
      expect(res.body).toContain(`id="${field}-error"`);
      expect(res.body).toContain(message);
      expect(res.body).toMatch(new RegExp(`id="${field}"[^>]*aria-invalid="true"`));
    }
    expect(res.body).toContain('value="no-at-sign"');
    // The browser's own checks are off: the console reports instead.
    expect(res.body).toMatch(/<form[^>]*novalidate=""[^>]*>[\s\S]*?name="email"/i);
    expect(await t.db.selectFrom("mail_queue").select("id").execute()).toHaveLength(before.length);
  });

  it("clears the invitation form once it is sent", async () => {
    const res = await post("/staff/accounts", {
      intent: "invite",
      email: "cleared@clinic.example.org",
      name: "Cleared Form",
      role: "reception",
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Invitation sent to cleared@clinic.example.org.");
    expect(res.body).not.toContain('value="cleared@clinic.example.org"');
    expect(res.body).not.toContain('value="Cleared Form"');
  });

  it("sends a pending invitation again with a fresh link: the earlier one stops working, audited with the invitee's name", async () => {
    const first = await invite("again@clinic.example.org", "Sent Twice");
    const row = await t.db
      .selectFrom("staff_invitations")
      .selectAll()
      .where("email", "=", "again@clinic.example.org")
      .executeTakeFirstOrThrow();
    const page = await t.app.inject({ method: "GET", url: "/staff/accounts", headers: { cookie: managerCookie } });
    expect(page.body).toContain('Send again<span class="visually-hidden"> to Sent Twice');

    const res = await post("/staff/accounts", { intent: "resend", id: String(row.id) });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("The invitation to Sent Twice (again@clinic.example.org) is sent again");
    const mails = await t.db
      .selectFrom("mail_queue")
      .select("text_body")
      .where("to_address", "=", "again@clinic.example.org")
      .orderBy("id")
      .execute();
    expect(mails).toHaveLength(2);
    const second = /\/staff\/invite\?token=([\w-]+)/.exec(mails[1]!.text_body)![1]!;
    expect(second).not.toBe(first);
    const renewed = await t.db
      .selectFrom("staff_invitations")
      .selectAll()
      .where("id", "=", row.id)
      .executeTakeFirstOrThrow();
    expect(renewed.token_hash).toBe(hashToken(second));
    expect(renewed.expires_at >= row.expires_at).toBe(true);
    expect((await t.app.inject({ method: "GET", url: `/staff/invite?token=${first}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/staff/invite?token=${second}` })).statusCode).toBe(200);
    const audit = await t.db
      .selectFrom("staff_audit")
      .select(["action", "staff_id", "target_type", "target_id", "target_name", "detail"])
      .where("action", "=", "invitation_resent")
      .execute();
    expect(audit).toEqual([
      {
        action: "invitation_resent",
        staff_id: manager.id,
        target_type: "invitation",
        target_id: String(row.id),
        target_name: "Sent Twice (again@clinic.example.org)",
        detail: "reception",
      },
    ]);
    // Reception may not.
    expect((await post("/staff/accounts", { intent: "resend", id: String(row.id) }, receptionCookie)).statusCode).toBe(
      403,
    );
    // No longer pending: said so, nothing sent.
    await post("/staff/accounts", { intent: "withdraw", id: String(row.id), confirmed: "yes" });
    const gone = await post("/staff/accounts", { intent: "resend", id: String(row.id) });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain("That invitation is no longer waiting");
    expect(
      await t.db.selectFrom("mail_queue").select("id").where("to_address", "=", "again@clinic.example.org").execute(),
    ).toHaveLength(2);
  });

  it("accepts once: the password is set, the account has the invited role, then two-step sign-in is set up", async () => {
    const token = await invite("accept@clinic.example.org", "Accept Me", "manager");
    const open = await t.app.inject({ method: "GET", url: `/staff/invite?token=${token}` });
    expect(open.statusCode).toBe(200);
    expect(open.body).toContain("Accept Me");

    const weak = await post("/staff/invite", { token, password: "short", confirm: "short" }, "");
    expect(weak.statusCode).toBe(400);
    const mismatch = await post("/staff/invite", { token, password: STAFF_PASSWORD, confirm: "something else" }, "");
    expect(mismatch.statusCode).toBe(400);
    expect(
      await t.db.selectFrom("staff_users").where("email", "=", "accept@clinic.example.org").select("id").execute(),
    ).toHaveLength(0);

    const accepted = await post("/staff/invite", { token, password: STAFF_PASSWORD, confirm: STAFF_PASSWORD }, "");
    expect(accepted.statusCode).toBe(302);
    expect(accepted.headers.location).toBe("/staff/login/setup");
    expect(String(accepted.headers["set-cookie"])).toMatch(/staff_pending=/);
    const account = await t.db
      .selectFrom("staff_users")
      .select(["role", "disabled", "totp_secret", "password_hash"])
      .where("email", "=", "accept@clinic.example.org")
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({ role: "manager", disabled: 0, totp_secret: null });
    expect(account.password_hash).toMatch(/^\$argon2id\$/);

    // The link works once.
    const again = await post("/staff/invite", { token, password: STAFF_PASSWORD, confirm: STAFF_PASSWORD }, "");
    expect(again.statusCode).toBe(404);
    const reopen = await t.app.inject({ method: "GET", url: `/staff/invite?token=${token}` });
    expect(reopen.statusCode).toBe(404);
    expect(reopen.body).toContain("This invitation link is not valid");
  });

  it("accepts one of two parallel uses of one link", async () => {
    const token = await invite("race@clinic.example.org", "Race");
    const answers = await Promise.all(
      [1, 2, 3].map(() => post("/staff/invite", { token, password: STAFF_PASSWORD, confirm: STAFF_PASSWORD }, "")),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([302, 404, 404]);
    expect(
      await t.db.selectFrom("staff_users").where("email", "=", "race@clinic.example.org").select("id").execute(),
    ).toHaveLength(1);
  });

  it("refuses an expired, altered or cross-site use, changing nothing", async () => {
    const token = await invite("late@clinic.example.org", "Late");
    const altered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    expect((await t.app.inject({ method: "GET", url: `/staff/invite?token=${altered}` })).statusCode).toBe(404);
    const crossSite = await post("/staff/invite", { token, password: STAFF_PASSWORD, confirm: STAFF_PASSWORD }, "", {
      ...SAME_ORIGIN,
      "sec-fetch-site": "cross-site",
    });
    expect(crossSite.statusCode).toBe(403);
    await t.db
      .updateTable("staff_invitations")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("email", "=", "late@clinic.example.org")
      .execute();
    const expired = await post("/staff/invite", { token, password: STAFF_PASSWORD, confirm: STAFF_PASSWORD }, "");
    expect(expired.statusCode).toBe(404);
    expect(
      await t.db.selectFrom("staff_users").where("email", "=", "late@clinic.example.org").select("id").execute(),
    ).toHaveLength(0);
  });

  it("answers reception 403 on the accounts page and its actions, sending and changing nothing", async () => {
    // A pending invitation and a disabled account, for the withdraw and enable attempts.
    await invite("waiting@clinic.example.org", "Waiting");
    const waiting = await t.db
      .selectFrom("staff_invitations")
      .select("id")
      .where("email", "=", "waiting@clinic.example.org")
      .executeTakeFirstOrThrow();
    const gone = await addStaff(t.db, { email: "gone@clinic.example.org", name: "Gone", role: "reception" });
    await disableStaffAccount(t.db, gone.email);
    const before = await t.db.selectFrom("mail_queue").select("id").execute();
    const auditBefore = await t.db.selectFrom("staff_audit").select("id").execute();
    expect(
      (await t.app.inject({ method: "GET", url: "/staff/accounts", headers: { cookie: receptionCookie } })).statusCode,
    ).toBe(403);
    const desk = await t.db
      .selectFrom("staff_users")
      .select("id")
      .where("email", "=", "desk@clinic.example.org")
      .executeTakeFirstOrThrow();
    const attempts: Record<string, string>[] = [
      { intent: "invite", email: "sneaky@clinic.example.org", name: "Sneaky", role: "manager" },
      { intent: "role", id: String(desk.id), role: "manager" },
      { intent: "disable", id: String(manager.id) },
      { intent: "reset-mfa", id: String(manager.id) },
      { intent: "withdraw", id: String(waiting.id) },
      { intent: "withdraw", id: String(waiting.id), confirmed: "yes" },
      { intent: "enable", id: String(gone.id) },
      { intent: "enable", id: String(gone.id), confirmed: "yes" },
    ];
    for (const values of attempts) {
      const res = await post("/staff/accounts", values, receptionCookie);
      expect(res.statusCode, values.intent).toBe(403);
    }
    expect(await t.db.selectFrom("mail_queue").select("id").execute()).toHaveLength(before.length);
    expect(await t.db.selectFrom("staff_audit").select("id").execute()).toHaveLength(auditBefore.length);
    const stillWaiting = await t.db.selectFrom("staff_invitations").select("id").where("id", "=", waiting.id).execute();
    expect(stillWaiting).toHaveLength(1);
    const rows = await t.db.selectFrom("staff_users").select(["email", "role", "disabled", "totp_secret"]).execute();
    expect(rows.find((r) => r.email === "desk@clinic.example.org")?.role).toBe("reception");
    const boss = rows.find((r) => r.email === "boss@clinic.example.org")!;
    expect(boss).toMatchObject({ role: "manager", disabled: 0 });
    expect(boss.totp_secret).toBeTruthy();
    expect(rows.find((r) => r.email === "gone@clinic.example.org")?.disabled).toBe(1);
  });

  it("changes a role, resets two-step sign-in and disables an account (each of those two after a confirm step), each audited with the manager as actor", async () => {
    const other = await addStaff(t.db, { email: "other@clinic.example.org", name: "Other", role: "reception" });
    const id = String(other.id);
    // A role change asks first, saying what the role may do; the first post changes nothing.
    const role = await post("/staff/accounts", { intent: "role", id, role: "manager" });
    expect(role.statusCode).toBe(200);
    expect(role.body).toContain("Make Other manager?");
    expect(role.body).toContain('<input type="hidden" name="role" value="manager"/>');
    expect(
      (await t.db.selectFrom("staff_users").select("role").where("id", "=", other.id).executeTakeFirstOrThrow()).role,
    ).toBe("reception");
    expect((await post("/staff/accounts", { intent: "role", id, role: "manager", confirmed: "yes" })).statusCode).toBe(
      200,
    );
    // A reset and a disable each ask first; the first post changes nothing.
    const asked = await post("/staff/accounts", { intent: "disable", id });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain("Disable Other&#x27;s account?");
    expect((await post("/staff/accounts", { intent: "reset-mfa", id })).body).toContain(
      "Reset Other&#x27;s two-step sign-in?",
    );
    const untouched = await t.db
      .selectFrom("staff_users")
      .selectAll()
      .where("id", "=", other.id)
      .executeTakeFirstOrThrow();
    expect(untouched).toMatchObject({ disabled: 0 });
    expect(untouched.totp_secret).toBeTruthy();
    expect((await post("/staff/accounts", { intent: "reset-mfa", id, confirmed: "yes" })).statusCode).toBe(200);
    expect((await post("/staff/accounts", { intent: "disable", id, confirmed: "yes" })).statusCode).toBe(200);
    const row = await t.db.selectFrom("staff_users").selectAll().where("id", "=", other.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: "manager", disabled: 1, totp_secret: null });
    const audit = await t.db
      .selectFrom("staff_audit")
      .select(["action", "staff_id", "target_type", "target_id", "detail"])
      .where("target_type", "=", "staff")
      .where("target_id", "=", id)
      .orderBy("id")
      .execute();
    expect(audit).toEqual([
      {
        action: "role_changed",
        staff_id: manager.id,
        target_type: "staff",
        target_id: id,
        detail: "Reception to Manager",
      },
      { action: "mfa_reset", staff_id: manager.id, target_type: "staff", target_id: id, detail: null },
      { action: "staff_disabled", staff_id: manager.id, target_type: "staff", target_id: id, detail: null },
    ]);
  });

  it("refuses a name with a line break, a tab or another control character, inviting nobody", async () => {
    const mailsBefore = await t.db.selectFrom("mail_queue").select("id").execute();
    for (const name of [
      "Two\nLines",
      "Carriage\rReturn",
      "Tab\tName",
      "Escape\u001b[31mRed",
      "Line\u2028Sep",
      "Next\u0085Line",
      "Right\u202eLeft",
    ]) {
      const res = await post("/staff/accounts", {
        intent: "invite",
        email: "control.chars@clinic.example.org",
        name,
        role: "reception",
      });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.body, JSON.stringify(name)).toContain(STAFF_NAME_INVALID.replaceAll("'", "&#x27;"));
    }
    expect(
      await t.db
        .selectFrom("staff_invitations")
        .select("id")
        .where("email", "=", "control.chars@clinic.example.org")
        .execute(),
    ).toHaveLength(0);
    expect(await t.db.selectFrom("mail_queue").select("id").execute()).toHaveLength(mailsBefore.length);
  });

  it("withdraws a pending invitation after a confirm step, audited; its link stops working", async () => {
    const token = await invite("withdrawn@clinic.example.org", "Withdrawn Person");
    const row = await t.db
      .selectFrom("staff_invitations")
      .select("id")
      .where("email", "=", "withdrawn@clinic.example.org")
      .executeTakeFirstOrThrow();
    const id = String(row.id);
    const page = await t.app.inject({ method: "GET", url: "/staff/accounts", headers: { cookie: managerCookie } });
    expect(page.body).toContain('Withdraw<span class="visually-hidden"> the invitation to Withdrawn Person');

    // Asked first: the first post changes nothing.
    const asked = await post("/staff/accounts", { intent: "withdraw", id });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain("Withdraw the invitation to Withdrawn Person (withdrawn@clinic.example.org)?");
    expect((await t.app.inject({ method: "GET", url: `/staff/invite?token=${token}` })).statusCode).toBe(200);

    const done = await post("/staff/accounts", { intent: "withdraw", id, confirmed: "yes" });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(
      "The invitation to Withdrawn Person (withdrawn@clinic.example.org) is withdrawn: its link no longer works.",
    );
    expect(await t.db.selectFrom("staff_invitations").select("id").where("id", "=", row.id).execute()).toHaveLength(0);
    const open = await t.app.inject({ method: "GET", url: `/staff/invite?token=${token}` });
    expect(open.statusCode).toBe(404);
    expect(open.body).toContain("This invitation link is not valid");
    const accept = await post("/staff/invite", { token, password: STAFF_PASSWORD, confirm: STAFF_PASSWORD }, "");
    expect(accept.statusCode).toBe(404);
    expect(
      await t.db.selectFrom("staff_users").select("id").where("email", "=", "withdrawn@clinic.example.org").execute(),
    ).toHaveLength(0);

    const audit = await t.db
      .selectFrom("staff_audit")
      .select(["action", "staff_id", "target_type", "target_id", "detail"])
      .where("action", "=", "invitation_withdrawn")
      .where("target_id", "=", id)
      .execute();
    expect(audit).toEqual([
      {
        action: "invitation_withdrawn",
        staff_id: manager.id,
        target_type: "invitation",
        target_id: id,
        detail: "reception",
      },
    ]);

    // Withdrawn already (or accepted, or expired): said so, nothing more recorded.
    const again = await post("/staff/accounts", { intent: "withdraw", id, confirmed: "yes" });
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain("That invitation is no longer waiting");
  });

  it("says so with 409, not a server error, when the invited address got an account meanwhile", async () => {
    const token = await invite("meanwhile@clinic.example.org", "Meanwhile");
    // Made meanwhile from the command line.
    await addStaff(t.db, { email: "meanwhile@clinic.example.org", name: "Meanwhile", role: "reception" });

    const open = await t.app.inject({ method: "GET", url: `/staff/invite?token=${token}` });
    expect(open.statusCode).toBe(409);
    expect(open.body).toContain("An account for meanwhile@clinic.example.org already exists");
    expect(open.body).not.toContain('name="password"');

    const accepted = await post("/staff/invite", { token, password: STAFF_PASSWORD, confirm: STAFF_PASSWORD }, "");
    expect(accepted.statusCode).toBe(409);
    expect(accepted.body).toContain("An account for meanwhile@clinic.example.org already exists");
    expect(accepted.headers["set-cookie"]).toBeUndefined();
    expect(
      await t.db.selectFrom("staff_users").select("id").where("email", "=", "meanwhile@clinic.example.org").execute(),
    ).toHaveLength(1);
    const accepts = await t.db
      .selectFrom("staff_audit")
      .select("id")
      .where("action", "=", "invitation_accepted")
      .where("staff_email", "=", "meanwhile@clinic.example.org")
      .execute();
    expect(accepts).toHaveLength(0);
  });

  it("enables a disabled account again after a confirm step, audited with the manager as actor", async () => {
    const back = await addStaff(t.db, { email: "back@clinic.example.org", name: "Back Again", role: "reception" });
    const id = String(back.id);
    expect((await post("/staff/accounts", { intent: "disable", id, confirmed: "yes" })).statusCode).toBe(200);
    const page = await t.app.inject({ method: "GET", url: "/staff/accounts", headers: { cookie: managerCookie } });
    expect(page.body).toContain('Enable<span class="visually-hidden"> Back Again');

    const asked = await post("/staff/accounts", { intent: "enable", id });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain("Enable Back Again&#x27;s account?");
    const still = await t.db
      .selectFrom("staff_users")
      .select("disabled")
      .where("id", "=", back.id)
      .executeTakeFirstOrThrow();
    expect(still.disabled).toBe(1);

    const done = await post("/staff/accounts", { intent: "enable", id, confirmed: "yes" });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain("Back Again&#x27;s account is enabled: they can sign in again.");
    const row = await t.db
      .selectFrom("staff_users")
      .select(["disabled", "role", "totp_secret"])
      .where("id", "=", back.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ disabled: 0, role: "reception" });
    expect(row.totp_secret).toBeTruthy();
    const audit = await t.db
      .selectFrom("staff_audit")
      .select(["action", "staff_id", "target_type", "target_id", "detail"])
      .where("target_type", "=", "staff")
      .where("target_id", "=", id)
      .orderBy("id")
      .execute();
    expect(audit).toEqual([
      { action: "staff_disabled", staff_id: manager.id, target_type: "staff", target_id: id, detail: null },
      { action: "staff_enabled", staff_id: manager.id, target_type: "staff", target_id: id, detail: null },
    ]);

    // Its password signs in again (the next step is its code).
    const signIn = await post("/staff/login", { email: back.email, password: STAFF_PASSWORD }, "");
    expect(signIn.statusCode).toBe(302);
    expect(signIn.headers.location).toBe("/staff/login/code");
  });
});
