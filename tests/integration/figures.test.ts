import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, clinicDate } from "../../domain/dates";
import { serviceTitle } from "../../domain/catalogue";
import type { FreedCause } from "../../server/db/schema";
import { createTestApp, type TestApp } from "../helpers/app";
import { BATCH_EVERY_MS, BATCH_SIZE } from "../../server/appointments/earlier/index";
import {
  addStaff,
  form,
  nextOpenWeekday,
  SAME_ORIGIN,
  seedAppointment,
  seedConfirmedIn,
  sessionCookieFor,
} from "../helpers/staff";

// Issue 37, decision 070: "not prepared" beside attended and no-show (counted like a no-show, and
// it offers a new time), and the manager's figures, each checked against a hand count of the rows
// seeded here, on the page and in its CSV file. The seeded days are in 2031, which no other row of
// this file's own database touches.

describe("not prepared, and the manager's figures", () => {
  let t: TestApp;
  let manager: string;
  let reception: string;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: "false" }, { servePages: true });
    manager = await sessionCookieFor(t.db, t.config, (await addStaff(t.db)).id);
    reception = await sessionCookieFor(t.db, t.config, (await addStaff(t.db, { role: "reception" })).id);
  });
  afterAll(() => t.close());

  it("records not prepared once the time has come, e-mails the patient a link to book a new time, and the private page offers it", async () => {
    const yesterday = addDays(clinicDate(new Date()), -1);
    const id = await seedAppointment(t.db, {
      service_name: "ultrasound",
      status: "confirmed",
      requested_date: yesterday,
      confirmed_date: yesterday,
      confirmed_time: "09:30",
      email: "not.prepared@example.org",
    });
    const page = await t.app.inject({
      method: "GET",
      url: `/staff/appointments/${id}`,
      headers: { cookie: reception },
    });
    expect(page.body).toContain("Mark not prepared");
    const res = await t.app.inject({
      method: "POST",
      url: `/staff/appointments/${id}`,
      headers: { ...SAME_ORIGIN, cookie: reception },
      payload: form({ intent: "not_prepared" }),
    });
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe(`/staff/appointments/${id}?done=not_prepared`);
    const row = await t.db.selectFrom("appointments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.status).toBe("not_prepared");
    const mail = await t.db
      .selectFrom("mail_queue")
      .selectAll()
      .where("to_address", "=", "not.prepared@example.org")
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe(`Book a new time: ${serviceTitle("ultrasound")} (${row.reference})`);
    expect(mail.text_body).toContain(`Book a new time: ${t.config.publicBaseUrl}/book-appointment?service=ultrasound`);
    // The private page it links to says so, and offers the booking page for the same service.
    const link = /See, change or cancel your appointment: (\S+)/.exec(mail.text_body)![1]!;
    const own = await t.app.inject({ method: "GET", url: new URL(link).pathname });
    expect(own.body).toContain("Not examined: the preparation was not done");
    expect(own.body).toContain('href="/book-appointment?service=ultrasound"');
    // Nothing further can be recorded on it.
    const again = await t.app.inject({
      method: "POST",
      url: `/staff/appointments/${id}`,
      headers: { ...SAME_ORIGIN, cookie: reception },
      payload: form({ intent: "attended" }),
    });
    expect(again.statusCode).toBe(422);
  });

  it("refuses not prepared before the appointment's time", async () => {
    const tomorrow = addDays(clinicDate(new Date()), 1);
    const id = await seedAppointment(t.db, {
      status: "confirmed",
      requested_date: tomorrow,
      confirmed_date: tomorrow,
      confirmed_time: "09:30",
    });
    const res = await t.app.inject({
      method: "POST",
      url: `/staff/appointments/${id}`,
      headers: { ...SAME_ORIGIN, cookie: reception },
      payload: form({ intent: "not_prepared" }),
    });
    expect(res.statusCode).toBe(422);
    const row = await t.db.selectFrom("appointments").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.status).toBe("confirmed");
  });

  it("counts each figure as a hand count of the seeded rows, on the page and in each CSV file", async () => {
    const visit = (date: string, service_name: string, status: "attended" | "no_show" | "not_prepared") =>
      seedAppointment(t.db, {
        service_name,
        status,
        requested_date: date,
        confirmed_date: date,
        confirmed_time: "10:00",
      });
    // April 2031. X-ray: 3 attended, 1 no-show, 1 not prepared: 5 visits, 2 missed.
    for (const d of ["2031-04-01", "2031-04-02", "2031-04-03"]) await visit(d, "x-ray", "attended");
    await visit("2031-04-04", "x-ray", "no_show");
    await visit("2031-04-07", "x-ray", "not_prepared");
    // Mammography: 1 no-show; ultrasound: 1 not prepared, 1 attended.
    await visit("2031-04-08", "mammography", "no_show");
    await visit("2031-04-09", "ultrasound", "not_prepared");
    await visit("2031-04-10", "ultrasound", "attended");
    // Not counted: still confirmed, cancelled, a request.
    await seedAppointment(t.db, { status: "confirmed", confirmed_date: "2031-04-11", confirmed_time: "10:00" });
    await seedAppointment(t.db, { status: "cancelled", confirmed_date: "2031-04-11", confirmed_time: "11:00" });
    await seedAppointment(t.db, { status: "requested", requested_date: "2031-04-11" });
    // May 2031. X-ray: 2 attended.
    await visit("2031-05-05", "x-ray", "attended");
    await visit("2031-05-06", "x-ray", "attended");

    // Reminders, April: 4 reminded for the time they hold, 1 of them confirmed; one reminded for an
    // old time (moved since) and one confirmed for an old time are not counted as such. May: none.
    const reminded = (time: string, extra: Record<string, string | null> = {}) =>
      seedAppointment(t.db, {
        status: "confirmed",
        confirmed_date: "2031-04-15",
        confirmed_time: time,
        reminder_sent_for: `2031-04-15 ${time}`,
        ...extra,
      });
    await reminded("08:00", { coming_confirmed_for: "2031-04-15 08:00" });
    await reminded("08:30");
    await reminded("09:00", { coming_confirmed_for: "2031-04-14 09:00" });
    await reminded("09:30");
    await reminded("10:00", { reminder_sent_for: "2031-04-12 10:00", coming_confirmed_for: "2031-04-12 10:00" });

    // Freed times, April: 3 given back, 2 filled gaining 5 and 9 days (14); a whole day a lifted
    // closure reopened in two rooms is not a freed time, unless a patient took a time in it (one
    // did, gaining 3 days): 4 freed, 3 filled, 17 days. May: 1 freed, none filled; a room back in
    // service, not counted.
    const freed = (date: string, filled?: number, cause: FreedCause = "cancelled", room = "x-ray") =>
      t.db
        .insertInto("freed_times")
        .values({
          room,
          date,
          starts_at: 1,
          ends_at: 31,
          cause,
          from_appointment_id: null,
          created_at: new Date().toISOString(),
          next_batch_at: null,
          ...(filled === undefined ? {} : { filled_at: new Date().toISOString(), days_gained: filled }),
        })
        .execute();
    await freed("2031-04-02", 5);
    await freed("2031-04-03", 9, "moved");
    await freed("2031-04-04");
    await freed("2031-04-14", undefined, "closure-lifted", "x-ray");
    await freed("2031-04-14", 3, "closure-lifted", "ultrasound");
    await freed("2031-05-02");
    await freed("2031-05-12", undefined, "room-back");

    const query = "from=2031-04&to=2031-05";
    const page = await t.app.inject({ method: "GET", url: `/staff/figures?${query}`, headers: { cookie: manager } });
    expect(page.statusCode).toBe(200);
    const cells = (html: string) =>
      [...html.matchAll(/<tr[^>]*role="row">([\s\S]*?)<\/tr>/g)]
        .map((r) =>
          [...r[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((c) => c[1]!.replace(/<[^>]+>|<!-- -->/g, "")),
        )
        .filter((r) => r.length);
    expect(cells(page.body)).toEqual([
      ["April 2031", serviceTitle("mammography"), "1", "0", "1", "0", "1", "100%"],
      ["April 2031", serviceTitle("ultrasound"), "2", "1", "0", "1", "1", "50%"],
      ["April 2031", serviceTitle("x-ray"), "5", "3", "1", "1", "2", "40%"],
      ["May 2031", serviceTitle("x-ray"), "2", "2", "0", "0", "0", "0%"],
      ["April 2031", "4", "1", "25%"],
      ["May 2031", "0", "0", "–"],
      ["April 2031", "4", "3", "17"],
      ["May 2031", "1", "0", "0"],
    ]);

    // Each CSV file: the page's rows, months as YYYY-MM, none to count left empty.
    const files: Record<string, string[]> = {
      missed: [
        '"Month","Examination","Visits","Attended","No-show","Not prepared","Missed","Missed (%)"',
        `"2031-04","${serviceTitle("mammography")}","1","0","1","0","1","100"`,
        `"2031-04","${serviceTitle("ultrasound")}","2","1","0","1","1","50"`,
        `"2031-04","${serviceTitle("x-ray")}","5","3","1","1","2","40"`,
        `"2031-05","${serviceTitle("x-ray")}","2","2","0","0","0","0"`,
      ],
      reminders: [
        '"Month","Reminded","Confirmed from the reminder","Share confirmed (%)"',
        '"2031-04","4","1","25"',
        '"2031-05","0","0",""',
      ],
      filled: [
        '"Month","Freed times","Filled from the list","Days gained"',
        '"2031-04","4","3","17"',
        '"2031-05","1","0","0"',
      ],
    };
    for (const [figure, lines] of Object.entries(files)) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/staff/figures/export?figure=${figure}&${query}`,
        headers: { cookie: manager },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["content-disposition"]).toBe(`attachment; filename="${figure}-2031-04-to-2031-05.csv"`);
      expect(
        res.body
          .replace(/^\uFEFF/, "")
          .trimEnd()
          .split("\r\n"),
        figure,
      ).toEqual(lines);
    }
    const audit = await t.db.selectFrom("staff_audit").selectAll().where("target_type", "=", "figures").execute();
    expect(audit.map((a) => a.detail)).toEqual([
      "missed, 2031-04 to 2031-05 (4 rows)",
      "reminders, 2031-04 to 2031-05 (2 rows)",
      "filled, 2031-04 to 2031-05 (2 rows)",
    ]);
  });

  it("is the manager's alone, and refuses months that are not months", async () => {
    const page = await t.app.inject({ method: "GET", url: "/staff/figures", headers: { cookie: reception } });
    expect(page.statusCode).toBe(403);
    const api = await t.app.inject({
      method: "GET",
      url: "/api/staff/figures/export?figure=missed",
      headers: { cookie: reception },
    });
    expect(api.statusCode).toBe(403);
    const bad = await t.app.inject({
      method: "GET",
      url: "/api/staff/figures/export?figure=missed&from=2031-13",
      headers: { cookie: manager },
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: "GET",
      url: "/api/staff/figures/export?figure=everything",
      headers: { cookie: manager },
    });
    expect(unknown.statusCode).toBe(400);
    const long = await t.app.inject({
      method: "GET",
      url: "/staff/figures?from=2029-01&to=2031-12",
      headers: { cookie: manager },
    });
    expect(long.body).toContain("Ask for at most 24 months at a time.");
  });

  it("the overview counts this month's freed times as the figures do and links managers to them; the list's words follow the batch size", async () => {
    const today = clinicDate(new Date());
    const month = today.slice(0, 7);
    const stamp = new Date().toISOString();
    const freedToday = (cause: FreedCause, filled?: number) =>
      t.db
        .insertInto("freed_times")
        .values({
          room: "x-ray",
          date: today,
          starts_at: 1,
          ends_at: 31,
          cause,
          from_appointment_id: null,
          created_at: stamp,
          next_batch_at: null,
          ...(filled === undefined ? {} : { filled_at: stamp, days_gained: filled }),
        })
        .execute();
    // One given back and filled (6 days), one given back, a reopened day nobody took: 1 of 2.
    await freedToday("cancelled", 6);
    await freedToday("moved");
    await freedToday("closure-lifted");
    await seedConfirmedIn(t.db, nextOpenWeekday(t.config, 20), "10:00", "x-ray", {
      booked_online: 1,
      earlier_wanted_at: stamp,
    });
    const stat = (html: string) =>
      /<li class="staff-stat"><a href="([^"]*)"[^>]*><span class="staff-stat__number">(\d+)<\/span><span class="staff-stat__label">(of \d+ freed[^<]*)</
        .exec(html.replace(/<!-- -->/g, ""))
        ?.slice(1);
    const page = await t.app.inject({ method: "GET", url: "/staff", headers: { cookie: manager } });
    expect(stat(page.body)).toEqual([
      `/staff/figures?from=${month}&amp;to=${month}#filled-title`,
      "1",
      "of 2 freed times this month filled from the list, 6 days gained",
    ]);
    expect(page.body.replace(/<!-- -->/g, "")).toContain(
      `A freed time is offered first to the ${BATCH_SIZE} whose own appointment is soonest, then to the next ${BATCH_SIZE} every ${BATCH_EVERY_MS / 60_000} minutes while it is still free.`,
    );
    const desk = await t.app.inject({ method: "GET", url: "/staff", headers: { cookie: reception } });
    expect(stat(desk.body)?.[0]).toBe("/staff#earlier-heading");
  });
});
