import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app";
import { addStaff, form, SAME_ORIGIN, seedAppointment, sessionCookieFor } from "../helpers/staff";
import { disableStaffAccount, setStaffRole } from "../../server/staff/accounts";
import { orThrow, RefusedInTest } from "../helpers/outcome";
import { MANAGER_ONLY_MESSAGE } from "../../domain/staff-roles";

/**
 * Roles: reception works appointments and enquiries; only a manager reaches the
 * audit log, patients' export and erasure, and the CSV export. One guard
 * (server/staff/guard.ts) answers every other role with 403 before anything is
 * read or changed.
 */
describe("staff roles", () => {
  let t: TestApp;
  let managerCookie: string;
  let receptionCookie: string;
  let radiologistCookie: string;
  const reference = "APT-ROLES-0001";
  const email = "roles.patient@example.org";

  beforeAll(async () => {
    t = await createTestApp({}, { servePages: true });
    const manager = await addStaff(t.db, { email: "manager@clinic.example.org", name: "Clinic Manager" });
    const reception = await addStaff(t.db, {
      email: "reception@clinic.example.org",
      name: "Front Desk",
      role: "reception",
    });
    managerCookie = await sessionCookieFor(t.db, t.config, manager.id);
    receptionCookie = await sessionCookieFor(t.db, t.config, reception.id);
    const radiologist = await addStaff(t.db, {
      email: "radiologist@clinic.example.org",
      name: "Reading Doctor",
      role: "radiologist",
    });
    radiologistCookie = await sessionCookieFor(t.db, t.config, radiologist.id);
    await seedAppointment(t.db, { reference, email, name: "Kagiso", surname: "Roles" });
  });
  afterAll(() => t.close());

  /** Every manager's page and action, as a browser sends it. */
  const managerRequests = () => [
    { method: "GET" as const, url: "/staff/audit" },
    { method: "GET" as const, url: "/staff/patient-data" },
    { method: "GET" as const, url: "/staff/patient-data/export" },
    { method: "POST" as const, url: "/staff/patient-data", body: form({ intent: "find", q: reference }) },
    {
      method: "POST" as const,
      url: "/staff/patient-data",
      body: form({ intent: "erase", q: reference, confirm: reference, fingerprint: reference }),
    },
    { method: "POST" as const, url: "/staff/patient-data/export", body: form({ q: reference }) },
    { method: "GET" as const, url: "/api/staff/appointments/export?from=2026-01-01&to=2026-12-31" },
    { method: "GET" as const, url: "/staff/closures" },
    { method: "GET" as const, url: "/staff/system" },
    {
      method: "POST" as const,
      url: "/staff/closures",
      body: form({ intent: "add", firstDate: "2099-01-05", lastDate: "", reason: "Closed for staff training" }),
    },
  ];

  const send = (request: ReturnType<typeof managerRequests>[number], cookie: string) =>
    t.app.inject({
      method: request.method,
      url: request.url,
      headers: { ...(request.method === "POST" ? SAME_ORIGIN : { "sec-fetch-site": "same-origin" }), cookie },
      ...(request.body ? { payload: request.body } : {}),
    });

  it("answers reception and a radiologist with 403 on every manager page and action, and nothing changes or is recorded", async () => {
    const auditBefore = await t.db.selectFrom("staff_audit").select("id").execute();
    for (const [request, cookie] of managerRequests().flatMap((r) => [
      [r, receptionCookie] as const,
      [r, radiologistCookie] as const,
    ])) {
      const res = await send(request, cookie);
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(403);
      expect(res.body, request.url).toContain(
        request.url.startsWith("/api/") ? MANAGER_ONLY_MESSAGE : "Only a manager",
      );
      expect(res.body, request.url).not.toContain("Kagiso");
      expect(res.headers["content-type"], request.url).not.toContain("zip");
      expect(res.headers["content-type"], request.url).not.toContain("csv");
    }
    const appointment = await t.db
      .selectFrom("appointments")
      .select(["name", "email"])
      .where("reference", "=", reference)
      .executeTakeFirst();
    expect(appointment).toEqual({ name: "Kagiso", email });
    expect(await t.db.selectFrom("staff_audit").select("id").execute()).toHaveLength(auditBefore.length);
  });

  it("lets reception work appointments and enquiries, and shows it no manager's links", async () => {
    for (const url of ["/staff", "/staff/appointments", "/staff/enquiries"]) {
      const res = await t.app.inject({ method: "GET", url, headers: { cookie: receptionCookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain("Front Desk</strong> (Reception)");
      expect(res.body, url).not.toContain('href="/staff/audit"');
      expect(res.body, url).not.toContain('href="/staff/patient-data"');
    }
    const list = await t.app.inject({
      method: "GET",
      url: "/staff/appointments",
      headers: { cookie: receptionCookie },
    });
    expect(list.body).not.toContain('name="export-from"');
    const exported = await t.app.inject({
      method: "GET",
      url: "/staff/appointments?export=1&export-from=2026-01-01&export-to=2026-12-31",
      headers: { cookie: receptionCookie },
    });
    expect(exported.statusCode).toBe(403);
  });

  it("lets a radiologist see the day list and the appointments, and no manager's links (decision 072)", async () => {
    for (const url of ["/staff", "/staff/appointments", "/staff/schedule"]) {
      const res = await t.app.inject({ method: "GET", url, headers: { cookie: radiologistCookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain("Reading Doctor</strong> (Radiologist)");
      expect(res.body, url).not.toContain('href="/staff/audit"');
      expect(res.body, url).not.toContain('href="/staff/accounts"');
    }
  });

  it("lets a manager invite a radiologist and make an account one, through the accounts page", async () => {
    const post = (fields: Record<string, string>) =>
      t.app.inject({
        method: "POST",
        url: "/staff/accounts",
        headers: { ...SAME_ORIGIN, cookie: managerCookie },
        payload: form(fields),
      });
    const page = await t.app.inject({ method: "GET", url: "/staff/accounts", headers: { cookie: managerCookie } });
    expect(page.body).toContain('<option value="radiologist">Radiologist</option>');
    expect(
      (await post({ intent: "invite", email: "reader@clinic.example.org", name: "Reader", role: "radiologist" }))
        .statusCode,
    ).toBe(200);
    const invitation = await t.db
      .selectFrom("staff_invitations")
      .select("role")
      .where("email", "=", "reader@clinic.example.org")
      .executeTakeFirstOrThrow();
    expect(invitation.role).toBe("radiologist");
    const desk = await t.db
      .selectFrom("staff_users")
      .select("id")
      .where("email", "=", "reception@clinic.example.org")
      .executeTakeFirstOrThrow();
    await post({ intent: "role", id: String(desk.id), role: "radiologist", confirmed: "yes" });
    const changed = await t.db
      .selectFrom("staff_users")
      .select("role")
      .where("id", "=", desk.id)
      .executeTakeFirstOrThrow();
    expect(changed.role).toBe("radiologist");
    await post({ intent: "role", id: String(desk.id), role: "reception", confirmed: "yes" });
  });

  it("lets a manager reach the same pages and actions", async () => {
    const found = await send(managerRequests()[3]!, managerCookie);
    expect(found.statusCode).toBe(200);
    expect(found.body).toContain(reference);
    for (const url of ["/staff/audit", "/staff/patient-data"]) {
      const res = await t.app.inject({ method: "GET", url, headers: { cookie: managerCookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain("(Manager)");
      expect(res.body, url).toContain('href="/staff/audit"');
    }
    const csv = await send(managerRequests()[6]!, managerCookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    const list = await t.app.inject({ method: "GET", url: "/staff/appointments", headers: { cookie: managerCookie } });
    expect(list.body).toContain('name="export-from"');
    // The export form is checked by the page: a good range goes on to the download ...
    const good = await t.app.inject({
      method: "GET",
      url: "/staff/appointments?export=1&export-from=2026-01-01&export-to=31/12/2026",
      headers: { cookie: managerCookie },
    });
    expect(good.statusCode).toBe(302);
    expect(good.headers.location).toBe("/api/staff/appointments/export?from=2026-01-01&to=2026-12-31");
    // ... a bad one is answered on the page, every error at once, in the console's error summary.
    const bad = await t.app.inject({
      method: "GET",
      url: "/staff/appointments?export=1&export-from=nope&export-to=2030-01-01",
      headers: { cookie: managerCookie },
    });
    expect(bad.statusCode).toBe(200);
    expect(bad.body).toContain("There is a problem");
    expect(bad.body).toContain('href="#export-from"');
    expect(bad.body).toContain("Enter the first day as a date");
    expect(bad.body).toContain('value="nope"');
    const long = await t.app.inject({
      method: "GET",
      url: "/staff/appointments?export=1&export-from=2026-01-01&export-to=2029-01-01",
      headers: { cookie: managerCookie },
    });
    expect(long.body).toContain("Export at most two years at a time.");
  });
});

describe("the last active manager", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** The e-mail addresses of the enabled managers. */
  const activeManagers = async () =>
    (
      await t.db
        .selectFrom("staff_users")
        .select("email")
        .where("role", "=", "manager")
        .where("disabled", "=", 0)
        .execute()
    ).map((r) => r.email);

  it("survives two managers disabling each other at once: exactly one change goes through", async () => {
    const a = await addStaff(t.db, { email: "a.manager@clinic.example.org", name: "A" });
    const b = await addStaff(t.db, { email: "b.manager@clinic.example.org", name: "B" });
    const results = await Promise.allSettled([
      orThrow(disableStaffAccount(t.db, b.email)),
      orThrow(disableStaffAccount(t.db, a.email)),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(RefusedInTest);
    expect(String(refused.reason.message)).toContain("last active manager");
    const active = await activeManagers();
    expect(active).toHaveLength(1);

    // Nor can the one left be demoted; a disabled manager's role may change.
    await expect(orThrow(setStaffRole(t.db, active[0]!, "reception"))).rejects.toThrow(/last active manager/);
    const disabled = active[0] === a.email ? b.email : a.email;
    await setStaffRole(t.db, disabled, "reception");
    await setStaffRole(t.db, disabled, "manager");
  });

  it("survives a demotion and a disable racing on the only two managers", async () => {
    const c = await addStaff(t.db, { email: "c.manager@clinic.example.org", name: "C" });
    const rest = (await activeManagers()).find((email) => email !== c.email)!;
    const results = await Promise.allSettled([
      orThrow(setStaffRole(t.db, c.email, "reception")),
      orThrow(disableStaffAccount(t.db, rest)),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await activeManagers()).toHaveLength(1);
  });
});
