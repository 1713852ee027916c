import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app";
import { addStaff, seedAppointment, seedEnquiry, seedUpload, sessionCookieFor, type TestStaff } from "../helpers/staff";
import { listAudit, recordAudit, recordView, VIEW_COLLAPSE_MINUTES } from "../../server/audit/audit";
import { staffRuntime } from "../../server/db/runtime";
import { inviteStaff, resendInvitation, withdrawInvitation } from "../../server/staff/invitations";
import { setStaffRole } from "../../server/staff/accounts";

// Runs on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set (npm test's second pass).
describe("the audit log: who did what to whom, and when (decision 035)", () => {
  let t: TestApp;
  let manager: TestStaff;
  let reception: TestStaff;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({}, { servePages: true });
    manager = await addStaff(t.db, { email: "mpho@clinic.example.org", name: "Mpho Manager" });
    reception = await addStaff(t.db, { email: "rea@clinic.example.org", name: "Rea Reception", role: "reception" });
    cookie = await sessionCookieFor(t.db, t.config, manager.id);
  });
  afterAll(() => t.close());

  const views = (appointmentId: number, staffId?: number) =>
    t.db
      .selectFrom("staff_audit")
      .selectAll()
      .where("action", "=", "appointment_view")
      .where("target_id", "=", String(appointmentId))
      .$if(staffId !== undefined, (q) => q.where("staff_id", "=", staffId!))
      .execute();

  it("writes one line for many parallel views of one appointment by one person", async () => {
    const id = await seedAppointment(t.db);
    const now = new Date();
    // Open the pool's connections first (PostgreSQL), so the views below really run side by side.
    await Promise.all(Array.from({ length: 10 }, () => t.db.selectFrom("staff_audit").select("id").limit(1).execute()));
    const written = await Promise.all(
      Array.from({ length: 20 }, () =>
        recordView(
          {
            staffId: manager.id,
            staffEmail: manager.email,
            action: "appointment_view",
            targetType: "appointment",
            targetId: id,
          },
          now,
          t.db,
        ),
      ),
    );
    expect(written.filter(Boolean)).toHaveLength(1);
    expect(await views(id)).toHaveLength(1);
  });

  it("collapses page views through the console too, per person, and writes again after the window", async () => {
    const id = await seedAppointment(t.db);
    const receptionCookie = await sessionCookieFor(t.db, t.config, reception.id);
    const pages = await Promise.all(
      [cookie, cookie, cookie, cookie, receptionCookie, receptionCookie].map((c) =>
        t.app.inject({ method: "GET", url: `/staff/appointments/${id}`, headers: { cookie: c } }),
      ),
    );
    expect(pages.map((p) => p.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await views(id, manager.id)).toHaveLength(1);
    expect(await views(id, reception.id)).toHaveLength(1);

    const later = new Date(Date.now() + (VIEW_COLLAPSE_MINUTES + 1) * 60_000);
    const view = {
      staffId: manager.id,
      staffEmail: manager.email,
      action: "appointment_view" as const,
      targetType: "appointment",
      targetId: id,
    };
    expect(await recordView(view, later, t.db)).toBe(true);
    expect(await recordView(view, new Date(later.getTime() + 60_000), t.db)).toBe(false);
    expect(await views(id, manager.id)).toHaveLength(2);
  });

  it("names the colleague invited, sent again, withdrawn or changed, after the invitation is gone", async () => {
    const rt = staffRuntime(t.db, t.config);
    await inviteStaff(rt, manager, { email: "Kago@Clinic.Example.org", name: "Kago Newcomer", role: "reception" });
    const invitation = await t.db
      .selectFrom("staff_invitations")
      .select(["id", "token_hash"])
      .where("email", "=", "kago@clinic.example.org")
      .executeTakeFirstOrThrow();
    expect(await resendInvitation(rt, manager, invitation.id)).toMatchObject({ name: "Kago Newcomer" });
    expect(await withdrawInvitation(rt, manager, invitation.id)).not.toBeNull();
    await setStaffRole(t.db, reception.email, "manager", new Date(), manager);

    const log = await listAudit(t.db, { filter: { staffId: manager.id } });
    const byAction = (action: string) => log.rows.find((r) => r.action === action);
    for (const action of ["staff_invited", "invitation_resent", "invitation_withdrawn"])
      expect(byAction(action)?.record).toEqual({
        kind: "invitation",
        name: "Kago Newcomer (kago@clinic.example.org)",
      });
    expect(byAction("role_changed")?.record).toEqual({
      kind: "account",
      name: "Rea Reception (rea@clinic.example.org)",
    });
    expect(byAction("role_changed")?.detail).toBe("Reception to Manager");
    await setStaffRole(t.db, reception.email, "reception", new Date(), manager);

    const page = await t.app.inject({ method: "GET", url: "/staff/audit", headers: { cookie } });
    expect(page.body).toContain("Invitation to Kago Newcomer (kago@clinic.example.org)");
    expect(page.body).toContain("Sent an invitation again");
    expect(page.body).toContain("Account of Rea Reception (rea@clinic.example.org)");
  });

  it("shows appointments, files and enquiries by their reference, linked, and says when one is gone", async () => {
    const kept = await seedAppointment(t.db, { reference: "APT-2026-000010" });
    const erased = await seedAppointment(t.db, { reference: "APT-2026-000011" });
    const enquiry = await seedEnquiry(t.db, { reference: "ENQ-2026-000004" });
    const upload = await seedUpload(t.db, t.dataDir, { appointmentId: kept });
    const worker = await addStaff(t.db, { email: "refs@clinic.example.org", name: "Refs Person", role: "reception" });
    const now = new Date();
    const line = (action: "status_change" | "file_view" | "enquiry_handled", targetType: string, targetId: string) =>
      recordAudit({ staffId: worker.id, staffEmail: worker.email, action, targetType, targetId }, now, t.db);
    await line("status_change", "appointment", String(kept));
    await line("status_change", "appointment", String(erased));
    await line("file_view", "upload", upload.publicId);
    await line("enquiry_handled", "enquiry", String(enquiry));
    await t.db.deleteFrom("appointments").where("id", "=", erased).execute();

    const { rows } = await listAudit(t.db, { filter: { staffId: worker.id } });
    expect(rows.filter((r) => r.action !== "staff_added").map((r) => r.record)).toEqual([
      { kind: "enquiry", reference: "ENQ-2026-000004" },
      { kind: "file", appointmentId: kept, reference: "APT-2026-000010" },
      { kind: "appointment", id: erased, reference: null },
      { kind: "appointment", id: kept, reference: "APT-2026-000010" },
    ]);

    const page = await t.app.inject({
      method: "GET",
      url: `/staff/audit?person=${worker.id}`,
      headers: { cookie },
    });
    expect(page.body).toContain(`href="/staff/appointments/${kept}"`);
    expect(page.body).toMatch(/<a[^>]*href="\/staff\/appointments\/\d+"[^>]*>APT-2026-000010<\/a>/);
    expect(page.body).toContain("An appointment no longer held");
    expect(page.body).toContain("ENQ-2026-000004");
    expect(page.body).not.toContain("Mpho Manager</td>");
  });

  it("filters by person, action and the clinic's days, from the address", async () => {
    const someone = await addStaff(t.db, { email: "filter@clinic.example.org", name: "Filter Person" });
    const at = (iso: string) => new Date(iso);
    const entry = { staffId: someone.id, staffEmail: someone.email };
    // 23:30 UTC on 1 December is 01:30 on 2 December in Gaborone.
    await recordAudit({ ...entry, action: "sign_in" }, at("2026-12-01T21:59:00Z"), t.db);
    await recordAudit({ ...entry, action: "sign_in" }, at("2026-12-01T23:30:00Z"), t.db);
    await recordAudit({ ...entry, action: "sign_out" }, at("2026-12-02T12:00:00Z"), t.db);
    await recordAudit({ ...entry, action: "sign_in" }, at("2026-12-03T22:00:00Z"), t.db);

    const only = (filter: Parameters<typeof listAudit>[1]["filter"]) =>
      listAudit(t.db, { filter: { staffId: someone.id, ...filter } }).then((l) => l.rows.map((r) => r.createdAt));
    expect(await only({})).toHaveLength(5); // and the account's own creation
    expect(await only({ action: "sign_in" })).toHaveLength(3);

    const page = await t.app.inject({
      method: "GET",
      url: `/staff/audit?person=${someone.id}&action=sign_in&from=2026-12-02&to=2026-12-03`,
      headers: { cookie },
    });
    expect(page.statusCode).toBe(200);
    // Gaborone's 2 and 3 December: 01:30 on the 2nd is in, 23:59 on the 1st and 00:00 on the 4th are out.
    // Written day first (decision 048).
    expect(page.body).toContain("Wed 2 Dec 2026 01:30");
    expect(page.body).not.toContain("Tue 1 Dec 2026 23:59");
    expect(page.body).not.toContain("Fri 4 Dec 2026 00:00");
    expect(page.body).not.toContain("Wed 2 Dec 2026 14:00"); // the sign-out
    // The filter's date fields show the days day first, in text boxes (never the browser's date control).
    expect(page.body).toMatch(/<input id="audit-from"[^>]*type="text"[^>]*value="02\/12\/2026"/);
    expect(page.body).not.toContain('type="date"');
  });

  it("reports every wrong filter at once, in the console's error summary, and lists nothing", async () => {
    const page = await t.app.inject({
      method: "GET",
      url: "/staff/audit?person=99999&action=drop_tables&from=31/02/2026&to=2026-01-01",
      headers: { cookie },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("There is a problem");
    for (const message of [
      "Choose a staff member from the list.",
      "Choose an action from the list.",
      "Enter the first day as a date",
    ])
      expect(page.body).toContain(message);
    expect(page.body).toContain('href="#audit-person"');
    expect(page.body).toContain("Correct the filter to see the log.");
    expect(page.body).not.toContain("Audit log entries, newest first");

    const backwards = await t.app.inject({
      method: "GET",
      url: "/staff/audit?from=2026-12-05&to=2026-12-01",
      headers: { cookie },
    });
    expect(backwards.body).toContain("The last day must be on or after the first day.");
  });
});
