import type { KyselyPlugin } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orThrow } from "../helpers/outcome";
import { createTestApp, type TestApp } from "../helpers/app";
import { validAppointment } from "../helpers/requests";
import {
  addStaff,
  errorSummaryLinks,
  form,
  nextOpenWeekday,
  openWeekdays,
  SAME_ORIGIN,
  seedAppointment,
  seedConfirmedIn,
  sessionCookieFor,
} from "../helpers/staff";
import { addDays, clinicDate, formatLongDate } from "../../domain/dates";
import { CLOSURE_MESSAGES } from "../../domain/closures";
import { findByManageToken } from "../../server/appointments/manage-links";
import { freeTimes } from "../../server/appointments/front-desk/schedule";
import { CLOSURE_CHANGED_MEANWHILE, closeAndTell } from "../../server/appointments/front-desk/closure-effects";
import { changeStatus, dayRules } from "../../server/appointments/front-desk/staff-changes";
import { isRefusal } from "../../server/db/outcome";
import { staffRuntime } from "../../server/db/runtime";

/**
 * Closures in the database (decisions 017 and 034): a manager's closure is
 * obeyed by the calendar endpoint and the booking rules at once, with no
 * restart; a closure over booked days lists the patients and asks first,
 * then tells each one (an e-mail with the reason and a private link, a line
 * in the appointment's history; confirmed ones back to requested); one room
 * out of service reaches only that room's appointments and leaves the free
 * times; a closure cannot be added twice; removing one asks first.
 * SQLite, or PostgreSQL with TEST_DATABASE_URL.
 */
const CALENDAR = "/api/appointment/public/calendar";
const BOOK = "/api/appointment/public/appointments";

describe("clinic closures", () => {
  let t: TestApp;
  /** Each test's own day: a closure one leaves never meets another's (tests/helpers/days.ts). */
  let openDay: (offset?: number) => string;
  let manager: string;
  let managerId: number;
  let reception: string;
  let seeded: string;

  beforeAll(async () => {
    const probe = await createTestApp({}, { servePages: false });
    seeded = nextOpenWeekday(probe.config, 9);
    await probe.close();
    t = await createTestApp({ CLOSED_DATES: seeded }, { servePages: true });
    openDay = openWeekdays(t.config);
    const m = await addStaff(t.db, { email: "manager@clinic.example.org", name: "Clinic Manager" });
    const r = await addStaff(t.db, { email: "desk@clinic.example.org", name: "Front Desk", role: "reception" });
    managerId = m.id;
    manager = await sessionCookieFor(t.db, t.config, m.id);
    reception = await sessionCookieFor(t.db, t.config, r.id);
  });
  afterAll(() => t.close());

  const rt = () => staffRuntime(t.db, t.config);
  const calendar = async () => (await t.app.inject({ method: "GET", url: CALENDAR })).json().closedDates as string[];
  const book = (date: string, service = "X-ray Imaging") =>
    t.app.inject({
      method: "POST",
      url: BOOK,
      payload: validAppointment({ appointmentDate: date, service: { name: service, paymentMethod: "cash" } }),
    });
  const post = (cookie: string, values: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url: "/staff/closures",
      headers: { ...SAME_ORIGIN, cookie },
      payload: form(values),
    });
  const closures = () => t.db.selectFrom("clinic_closures").selectAll().orderBy("id").execute();
  const appt = (id: number) =>
    t.db.selectFrom("appointments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const mails = () => t.db.selectFrom("mail_queue").selectAll().orderBy("id").execute();
  const history = (id: number) =>
    t.db.selectFrom("appointment_status_history").selectAll().where("appointment_id", "=", id).orderBy("id").execute();
  /** A confirmed appointment held in `room` at `time` on `date`, requested two days before. */
  const confirmedIn = (date: string, time: string, room: string, extra: Parameters<typeof seedAppointment>[1] = {}) =>
    seedConfirmedIn(t.db, date, time, room, { requested_date: addDays(date, -2), ...extra });

  it("closes a day at once for the calendar and the booking API, and reopens it when removed after a confirm step", async () => {
    const day = openDay(5);
    expect(await calendar()).not.toContain(day);
    // No patient is booked that day: it is saved at once.
    const res = await post(manager, {
      intent: "add",
      firstDate: day,
      lastDate: "",
      reason: "Closed for staff training",
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("The clinic is now closed on");
    expect(await calendar()).toContain(day);
    const refused = await book(day);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("Closed for staff training");
    const row = (await closures())[0]!;
    expect(row.room).toBeNull();
    const audit = await t.db
      .selectFrom("staff_audit")
      .select(["action", "detail"])
      .where("action", "=", "closure_added")
      .execute();
    expect(audit).toEqual([{ action: "closure_added", detail: day }]);

    // Removing asks first, and removes nothing until confirmed.
    const asked = await post(manager, { intent: "remove", id: String(row.id) });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain(`Remove the closure of the whole clinic on ${formatLongDate(day)}?`);
    expect(asked.body).toMatch(/name="confirm" value="yes"/);
    expect(await closures()).toHaveLength(1);
    expect(await calendar()).toContain(day);

    const removed = await post(manager, { intent: "remove", id: String(row.id), confirm: "yes" });
    expect(removed.statusCode).toBe(200);
    expect(removed.body).toContain("The closure is removed");
    expect(await closures()).toHaveLength(0);
    expect(await calendar()).not.toContain(day);
    expect((await book(day)).statusCode).toBe(201);
  });

  it("still closes the CLOSED_DATES seed days", async () => {
    expect(await calendar()).toContain(seeded);
    expect((await book(seeded)).statusCode).toBe(400);
  });

  it("asks before closing days that hold patients, then e-mails each, puts confirmed ones back to requested and says so in their history", async () => {
    const day = openDay(12);
    const requested = await seedAppointment(t.db, {
      reference: "APT-CLOSE-0001",
      requested_date: day,
      name: "Kagiso",
      surname: "Requested",
      email: "kagiso.requested@example.org",
    });
    const confirmed = await confirmedIn(day, "10:00", "x-ray", {
      reference: "APT-CLOSE-0002",
      name: "Mpho",
      surname: "Confirmed",
      email: "mpho.confirmed@example.org",
    });
    const nextDay = await seedAppointment(t.db, { reference: "APT-CLOSE-0003", requested_date: addDays(day, 1) });
    const cancelled = await seedAppointment(t.db, {
      reference: "APT-CLOSE-0004",
      requested_date: day,
      status: "cancelled",
      cancel_reason: "Unwell",
    });
    const values = { intent: "add", firstDate: day, lastDate: day, reason: "Power maintenance", room: "" };
    const mailsBefore = (await mails()).length;

    // First post: the patients it reaches, and nothing saved, changed or sent.
    const asked = await post(manager, values);
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain("This closure reaches 2 patients");
    expect(asked.body).toContain("APT-CLOSE-0001");
    expect(asked.body).toContain("Kagiso Requested");
    expect(asked.body).toContain("APT-CLOSE-0002");
    expect(asked.body).toContain("at 10:00, X-ray");
    expect(asked.body).not.toContain("APT-CLOSE-0003");
    expect(asked.body).not.toContain("APT-CLOSE-0004");
    expect(asked.body).toContain("Save the closure and tell 2 patients");
    expect(asked.body).toContain(`/staff/appointments/${requested}`);
    expect(await closures()).toHaveLength(0);
    expect(await mails()).toHaveLength(mailsBefore);
    expect((await appt(confirmed)).status).toBe("confirmed");

    // Confirmed: saved, and each patient told.
    const saved = await post(manager, { ...values, confirm: "yes" });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toContain(
      "2 patients e-mailed with the reason and a link to choose another date; those who chose text messages were texted too.",
    );
    expect(await closures()).toHaveLength(1);
    const [closure] = await closures();

    const r = await appt(requested);
    expect(r.status).toBe("requested");
    expect(r.requested_date).toBe(day);
    const c = await appt(confirmed);
    expect([c.status, c.requested_date, c.confirmed_date, c.confirmed_time, c.room, c.starts_at]).toEqual([
      "requested",
      day,
      null,
      null,
      null,
      null,
    ]);
    expect((await appt(nextDay)).status).toBe("requested");
    expect((await appt(cancelled)).status).toBe("cancelled");

    expect(await history(requested)).toMatchObject([
      {
        from_status: "requested",
        to_status: "requested",
        staff_id: managerId,
        note: `The clinic is closed on ${day} (Power maintenance). The patient was e-mailed a link to choose another date.`,
      },
    ]);
    expect(await history(confirmed)).toMatchObject([
      {
        from_status: "confirmed",
        to_status: "requested",
        note: `The clinic is closed on ${day} (Power maintenance); no longer confirmed for 10:00, X-ray. The patient was e-mailed a link to choose another date.`,
      },
    ]);
    const statusAudit = await t.db
      .selectFrom("staff_audit")
      .select(["target_id", "detail"])
      .where("action", "=", "status_change")
      .execute();
    expect(statusAudit).toEqual([
      { target_id: String(confirmed), detail: `confirmed -> requested (closure ${closure!.id})` },
    ]);

    const sent = (await mails()).slice(mailsBefore);
    expect(sent.map((m) => [m.to_address, m.about_reference])).toEqual([
      ["kagiso.requested@example.org", "APT-CLOSE-0001"],
      ["mpho.confirmed@example.org", "APT-CLOSE-0002"],
    ]);
    const [toRequested, toConfirmed] = sent;
    expect(toRequested!.text_body).toContain(`The clinic is closed on ${formatLongDate(day)}: Power maintenance.`);
    expect(toRequested!.text_body).toContain("Dear Kagiso");
    expect(toConfirmed!.text_body).toContain(`on ${formatLongDate(day)} at 10:00 cannot go ahead`);
    expect(toConfirmed!.subject).toContain("Please choose another date");
    // Each carries a fresh private link that opens that patient's appointment.
    for (const [mail, id] of [
      [toRequested!, requested],
      [toConfirmed!, confirmed],
    ] as const) {
      const url = /https?:\/\/\S+\/appointment\/(\S+)/.exec(mail.text_body);
      expect(url, mail.text_body).not.toBeNull();
      expect((await findByManageToken(t.db, url![1]!, new Date()))?.id).toBe(id);
    }

    // Staff see it on the appointment's page, and the closure lists who is still booked on it.
    const page = await t.app.inject({
      method: "GET",
      url: `/staff/appointments/${confirmed}`,
      headers: { cookie: manager },
    });
    expect(page.body).toContain("The patient was e-mailed a link to choose another date.");
    const list = await t.app.inject({ method: "GET", url: "/staff/closures", headers: { cookie: manager } });
    expect(list.body).toContain("APT-CLOSE-0001");
    expect(list.body).toContain("Power maintenance");
  });

  it("takes one room out of service: only its appointments are reached, the clinic stays open, the free times leave it out", async () => {
    const day = openDay(15);
    const inXray = await confirmedIn(day, "09:00", "x-ray", { reference: "APT-ROOM-0001" });
    const inUltrasound = await confirmedIn(day, "09:00", "ultrasound-1", { reference: "APT-ROOM-0002" });
    const xrayRequest = await seedAppointment(t.db, {
      reference: "APT-ROOM-0003",
      service_name: "x-ray",
      requested_date: day,
    });
    const ultrasoundRequest = await seedAppointment(t.db, {
      reference: "APT-ROOM-0004",
      service_name: "ultrasound",
      requested_date: day,
    });
    const remote = await seedAppointment(t.db, {
      reference: "APT-ROOM-0005",
      service_name: "remote-reporting",
      requested_date: day,
    });
    const values = { intent: "add", firstDate: day, lastDate: "", reason: "X-ray tube replacement", room: "x-ray" };

    const asked = await post(manager, values);
    expect(asked.body).toContain("This closure reaches 2 patients");
    expect(asked.body).toContain("The X-ray room out of service on");
    for (const ref of ["APT-ROOM-0001", "APT-ROOM-0003"]) expect(asked.body).toContain(ref);
    for (const ref of ["APT-ROOM-0002", "APT-ROOM-0004", "APT-ROOM-0005"]) expect(asked.body).not.toContain(ref);

    const saved = await post(manager, { ...values, confirm: "yes" });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toContain("The X-ray room is now out of service on");
    expect((await closures()).find((c) => c.reason === "X-ray tube replacement")?.room).toBe("x-ray");
    expect((await appt(inXray)).status).toBe("requested");
    expect((await appt(inUltrasound)).status).toBe("confirmed");
    expect((await history(xrayRequest))[0]?.note).toBe(
      `The X-ray room is out of service on ${day} (X-ray tube replacement). The patient was e-mailed a link to choose another date.`,
    );
    for (const id of [inUltrasound, ultrasoundRequest, remote]) expect(await history(id)).toEqual([]);
    const xrayMail = (await mails()).find((m) => m.about_reference === "APT-ROOM-0003")!;
    expect(xrayMail.text_body).toContain(
      `The equipment for your examination is out of service on ${formatLongDate(day)}: X-ray tube replacement.`,
    );

    // The clinic is open that day: the calendar and the booking API take it.
    expect(await calendar()).not.toContain(day);
    expect((await book(day, "Ultrasound Imaging")).statusCode).toBe(201);
    // The free times offer no X-ray that day, and a confirmation into it is refused with the reason.
    const rules = await dayRules(rt(), day);
    const xrayFree = await freeTimes(t.db, rules, { id: xrayRequest, service_name: "x-ray" }, day, null, new Date());
    expect(xrayFree.offers).toEqual([]);
    expect(xrayFree.problem).toBe("X-ray is out of service on that day (X-ray tube replacement). Choose another day.");
    await expect(
      orThrow(
        changeStatus(
          rt(),
          { id: managerId, email: "manager@clinic.example.org", name: "M", role: "manager" },
          xrayRequest,
          {
            to: "confirmed",
            date: day,
            time: "11:00",
          },
        ),
      ),
    ).rejects.toThrow(/out of service on that day/);
    const ultrasoundFree = await freeTimes(
      t.db,
      rules,
      { id: ultrasoundRequest, service_name: "ultrasound" },
      day,
      null,
      new Date(),
    );
    expect(ultrasoundFree.offers.find((o) => o.time === "11:00")?.rooms.map((r) => r.id)).toEqual([
      "ultrasound-1",
      "ultrasound-2",
    ]);
  });

  it("with one of two ultrasound rooms out, offers the other and reaches only the requests once both are out", async () => {
    const day = openDay(19);
    const inFirst = await confirmedIn(day, "10:00", "ultrasound-1", { reference: "APT-US-0001" });
    const request = await seedAppointment(t.db, {
      reference: "APT-US-0002",
      service_name: "ultrasound",
      requested_date: day,
    });
    const first = { intent: "add", firstDate: day, lastDate: "", reason: "Probe broken", room: "ultrasound-1" };
    const asked = await post(manager, first);
    expect(asked.body).toContain("This closure reaches 1 patient");
    expect(asked.body).toContain("APT-US-0001");
    expect(asked.body).not.toContain("APT-US-0002");
    await post(manager, { ...first, confirm: "yes" });
    expect((await appt(inFirst)).status).toBe("requested");

    const rules = await dayRules(rt(), day);
    const free = await freeTimes(t.db, rules, { id: request, service_name: "ultrasound" }, day, null, new Date());
    expect(free.offers.length).toBeGreaterThan(0);
    for (const offer of free.offers) expect(offer.rooms.map((r) => r.id)).toEqual(["ultrasound-2"]);
    const staff = { id: managerId, email: "manager@clinic.example.org", name: "M", role: "manager" as const };
    expect(
      isRefusal(
        await changeStatus(rt(), staff, request, { to: "confirmed", date: day, time: "11:00", room: "ultrasound-1" }),
      ),
    ).toBe(true);

    // The second room out too: now the ultrasound request cannot be held that day.
    const second = { intent: "add", firstDate: day, lastDate: "", reason: "Power socket fault", room: "ultrasound-2" };
    const both = await post(manager, second);
    expect(both.body).toContain("This closure reaches 2 patients");
    expect(both.body).toContain("APT-US-0002");
    // The one moved back to requested by the first closure waits on that day too: it is told again.
    expect(both.body).toContain("APT-US-0001");
    await post(manager, { ...second, confirm: "yes" });
    expect((await history(request)).map((h) => h.note)).toEqual([
      `The Ultrasound 2 room is out of service on ${day} (Power socket fault). The patient was e-mailed a link to choose another date.`,
    ]);
  });

  it("refuses the same closure twice and one overlapping a closure of the same scope, storing nothing", async () => {
    const day = openDay(25);
    const add = (extra: Record<string, string>) =>
      post(manager, { intent: "add", firstDate: day, lastDate: "", reason: "Staff training", room: "", ...extra });
    expect((await add({})).statusCode).toBe(200);
    const before = (await closures()).length;

    const twice = await add({ reason: "Training again" });
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toContain(CLOSURE_MESSAGES.twice);
    const overlapping = await add({ firstDate: addDays(day, -1), lastDate: addDays(day, 1) });
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.body).toContain(`This overlaps the closure of the whole clinic on ${formatLongDate(day)}.`);
    expect(await closures()).toHaveLength(before);

    // One room on a closed day is another closure; the same room twice is not.
    expect((await add({ room: "mammography", reason: "Service visit" })).statusCode).toBe(200);
    const roomTwice = await add({ room: "mammography", reason: "Service visit" });
    expect(roomTwice.statusCode).toBe(400);
    expect(roomTwice.body).toContain(CLOSURE_MESSAGES.twice);
    expect(await closures()).toHaveLength(before + 1);

    // The database holds the rule too (migration 0025), whatever the page checked.
    const insert = () =>
      t.db
        .insertInto("clinic_closures")
        .values({
          first_date: day,
          last_date: day,
          reason: "Direct",
          room: null,
          created_by: null,
          created_at: new Date().toISOString(),
        })
        .execute();
    await expect(insert()).rejects.toThrow();
  });

  it("answers a closure refused because an appointment it reaches changed meanwhile, storing nothing", async () => {
    const day = openDay(28);
    const held = await confirmedIn(day, "10:00", "x-ray", { reference: "APT-MEAN-0001" });
    // The appointments as read inside the closure's transaction are older than the rows: changed meanwhile.
    const staleRows: KyselyPlugin = {
      transformQuery: ({ node }) => node,
      async transformResult({ result }) {
        const stale = (row: Record<string, unknown>) =>
          "confirmed_time" in row ? { ...row, updated_at: "2000-01-01T00:00:00.000Z" } : row;
        return { ...result, rows: result.rows.map(stale) };
      },
    };
    const before = (await closures()).length;
    const staff = { id: managerId, email: "manager@clinic.example.org", name: "M", role: "manager" as const };
    const result = await closeAndTell(
      staffRuntime(t.db.withPlugin(staleRows), t.config),
      staff,
      { firstDate: day, reason: "Power cut" },
      { confirmed: true },
    );
    // The refusal is the core's answer (decision 060), and the closure's transaction is rolled back.
    expect(result).toEqual({ ok: false, failure: CLOSURE_CHANGED_MEANWHILE });
    expect(await closures()).toHaveLength(before);
    expect((await appt(held)).status).toBe("confirmed");
    expect(await history(held)).toEqual([]);
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
      [{ firstDate: addDays(today, 10), lastDate: "", reason: "Training", room: "mri" }, "one of the rooms"],
    ];
    for (const [values, message] of cases) {
      const res = await post(manager, { intent: "add", ...values });
      expect(res.statusCode, message).toBe(400);
      expect(res.body).toContain(message);
      // What was typed is kept in the form.
      expect(res.body).toContain(`value="${values.reason}"`);
    }
    expect(await closures()).toHaveLength(before);
  });

  it("reports every wrong field at once: in the console's summary, each linking to its field, and by the field, keeping what was typed", async () => {
    const before = (await closures()).length;
    const res = await post(manager, { intent: "add", firstDate: "", lastDate: "soon", reason: " ", room: "mri" });
    expect(res.statusCode).toBe(400);
    expect(errorSummaryLinks(res.body)).toEqual([
      { target: "firstDate", message: CLOSURE_MESSAGES.firstDate },
      { target: "lastDate", message: CLOSURE_MESSAGES.lastDate },
      { target: "room", message: CLOSURE_MESSAGES.room },
      { target: "reason", message: CLOSURE_MESSAGES.reasonEmpty },
    ]);
    for (const field of ["firstDate", "lastDate", "room", "reason"]) {
      expect(res.body).toContain(`id="${field}-error"`);
      expect(res.body).toMatch(
        new RegExp(`id="${field}"[^>]*aria-invalid="true"[^>]*aria-describedby="(${field}-hint )?${field}-error"`),
      );
    }
    expect(res.body).toContain('value="soon"');
    // The browser's own checks are off: the console reports instead.
    expect(res.body).toMatch(/<form[^>]*novalidate=""[^>]*>[\s\S]*?name="firstDate"/i);
    expect(await closures()).toHaveLength(before);

    // An empty form: the first day and the reason, not the last day left empty.
    const empty = await post(manager, { intent: "add", firstDate: "", lastDate: "", reason: "", room: "" });
    expect(errorSummaryLinks(empty.body).map((l) => l.target)).toEqual(["firstDate", "reason"]);
  });

  it("refuses to remove a closure that has started, asked or confirmed", async () => {
    const today = clinicDate(new Date());
    await t.db
      .insertInto("clinic_closures")
      .values({
        first_date: today,
        last_date: addDays(today, 2),
        reason: "Flood",
        room: null,
        created_by: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const row = (await closures()).find((c) => c.reason === "Flood")!;
    expect((await post(manager, { intent: "remove", id: String(row.id) })).statusCode).toBe(409);
    expect((await post(manager, { intent: "remove", id: String(row.id), confirm: "yes" })).statusCode).toBe(409);
    expect((await closures()).some((c) => c.id === row.id)).toBe(true);
  });

  it("answers reception with 403 on the page and the action, and nothing changes", async () => {
    const before = await closures();
    const auditBefore = await t.db.selectFrom("staff_audit").select("id").execute();
    const page = await t.app.inject({ method: "GET", url: "/staff/closures", headers: { cookie: reception } });
    expect(page.statusCode).toBe(403);
    const day = openDay(20);
    const add = await post(reception, {
      intent: "add",
      firstDate: day,
      lastDate: "",
      reason: "Sneaky",
      confirm: "yes",
    });
    expect(add.statusCode).toBe(403);
    const remove = await post(reception, { intent: "remove", id: String(before[0]!.id), confirm: "yes" });
    expect(remove.statusCode).toBe(403);
    expect(await closures()).toEqual(before);
    expect(await t.db.selectFrom("staff_audit").select("id").execute()).toHaveLength(auditBefore.length);
  });
});
