import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app";
import { validAppointment } from "../helpers/requests";
import { addStaff, form, nextOpenWeekday, SAME_ORIGIN, seedAppointment, sessionCookieFor } from "../helpers/staff";
import { addDays, clinicDate } from "../../domain/dates";

/**
 * Closures in the database (decision 017): a manager's closure is obeyed by the
 * calendar endpoint and the booking rules at once, with no restart; removing
 * a future one reopens the day; CLOSED_DATES still closes its days.
 * SQLite, or PostgreSQL with TEST_DATABASE_URL.
 */
const CALENDAR = "/api/appointment/public/calendar";
const BOOK = "/api/appointment/public/appointments";

describe("clinic closures", () => {
  let t: TestApp;
  let manager: string;
  let reception: string;
  let seeded: string;

  beforeAll(async () => {
    const probe = await createTestApp({}, { servePages: false });
    seeded = nextOpenWeekday(probe.config, 9);
    await probe.close();
    t = await createTestApp({ CLOSED_DATES: seeded }, { servePages: true });
    const m = await addStaff(t.db, { email: "manager@clinic.example.org", name: "Clinic Manager" });
    const r = await addStaff(t.db, { email: "desk@clinic.example.org", name: "Front Desk", role: "reception" });
    manager = await sessionCookieFor(t.db, t.config, m.id);
    reception = await sessionCookieFor(t.db, t.config, r.id);
  });
  afterAll(() => t.close());

  const calendar = async () => (await t.app.inject({ method: "GET", url: CALENDAR })).json().closedDates as string[];
  const book = (date: string) =>
    t.app.inject({ method: "POST", url: BOOK, payload: validAppointment({ appointmentDate: date }) });
  const post = (cookie: string, values: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url: "/staff/closures",
      headers: { ...SAME_ORIGIN, cookie },
      payload: form(values),
    });
  const closures = () => t.db.selectFrom("clinic_closures").selectAll().execute();

  it("closes a day at once for the calendar and the booking API, and reopens it when removed", async () => {
    const day = nextOpenWeekday(t.config, 5);
    expect(await calendar()).not.toContain(day);
    const res = await post(manager, {
      intent: "add",
      firstDate: day,
      lastDate: "",
      reason: "Closed for staff training",
    });
    expect(res.statusCode).toBe(200);
    expect(await calendar()).toContain(day);
    const refused = await book(day);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("Closed for staff training");
    const row = (await closures())[0]!;
    const audit = await t.db
      .selectFrom("staff_audit")
      .select(["action", "detail"])
      .where("action", "=", "closure_added")
      .execute();
    expect(audit).toEqual([{ action: "closure_added", detail: day }]);

    const removed = await post(manager, { intent: "remove", id: String(row.id) });
    expect(removed.statusCode).toBe(200);
    expect(await closures()).toHaveLength(0);
    expect(await calendar()).not.toContain(day);
    expect((await book(day)).statusCode).toBe(201);
  });

  it("still closes the CLOSED_DATES seed days", async () => {
    expect(await calendar()).toContain(seeded);
    expect((await book(seeded)).statusCode).toBe(400);
  });

  it("lists the active appointments on the closed days, and does not cancel them", async () => {
    const day = nextOpenWeekday(t.config, 12);
    const id = await seedAppointment(t.db, { reference: "APT-CLOSE-0001", requested_date: day, status: "requested" });
    const res = await post(manager, { intent: "add", firstDate: day, lastDate: day, reason: "Power maintenance" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`/staff/appointments/${id}`);
    expect(res.body).toContain("APT-CLOSE-0001");
    const appt = await t.db.selectFrom("appointments").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    expect(appt.status).toBe("requested");
    const page = await t.app.inject({ method: "GET", url: "/staff/closures", headers: { cookie: manager } });
    expect(page.body).toContain("APT-CLOSE-0001");
  });

  it("refuses bad input with a message by the field, and stores nothing", async () => {
    const before = (await closures()).length;
    const today = clinicDate(new Date());
    const cases: [Record<string, string>, string][] = [
      [
        { firstDate: addDays(today, 10), lastDate: addDays(today, 8), reason: "Training" },
        "cannot be before the first",
      ],
      [{ firstDate: addDays(today, -1), lastDate: "", reason: "Training" }, "cannot start in the past"],
      [{ firstDate: addDays(today, 10), lastDate: "", reason: "  " }, "Enter the reason"],
      [{ firstDate: addDays(today, 10), lastDate: "", reason: "x".repeat(121) }, "120 characters"],
      [{ firstDate: addDays(today, 1), lastDate: addDays(today, 400), reason: "Training" }, "at most 366 days"],
      [{ firstDate: "tomorrow", lastDate: "", reason: "Training" }, "first closed day"],
    ];
    for (const [values, message] of cases) {
      const res = await post(manager, { intent: "add", ...values });
      expect(res.statusCode, message).toBe(400);
      expect(res.body).toContain(message);
    }
    expect(await closures()).toHaveLength(before);
  });

  it("refuses to remove a closure that has started", async () => {
    const today = clinicDate(new Date());
    await t.db
      .insertInto("clinic_closures")
      .values({
        first_date: today,
        last_date: addDays(today, 2),
        reason: "Flood",
        created_by: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const row = (await closures()).find((c) => c.reason === "Flood")!;
    const res = await post(manager, { intent: "remove", id: String(row.id) });
    expect(res.statusCode).toBe(409);
    expect((await closures()).some((c) => c.id === row.id)).toBe(true);
  });

  it("answers reception with 403 on the page and the action, and nothing changes", async () => {
    const before = await closures();
    const auditBefore = await t.db.selectFrom("staff_audit").select("id").execute();
    const page = await t.app.inject({ method: "GET", url: "/staff/closures", headers: { cookie: reception } });
    expect(page.statusCode).toBe(403);
    const day = nextOpenWeekday(t.config, 20);
    const add = await post(reception, { intent: "add", firstDate: day, lastDate: "", reason: "Sneaky" });
    expect(add.statusCode).toBe(403);
    const remove = await post(reception, { intent: "remove", id: String(before[0]!.id) });
    expect(remove.statusCode).toBe(403);
    expect(await closures()).toEqual(before);
    expect(await t.db.selectFrom("staff_audit").select("id").execute()).toHaveLength(auditBefore.length);
  });
});
