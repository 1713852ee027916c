import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app";
import {
  addStaff,
  errorSummaryLinks,
  form,
  freshTotpCode,
  openWeekdays,
  SAME_ORIGIN,
  seedAppointment,
  seedEnquiry,
  seedUpload,
  sessionCookieFor,
  STAFF_PASSWORD,
  type TestStaff,
} from "../helpers/staff";
import { keyedHash } from "../../server/staff/keys";
import { staffRuntime } from "../../server/db/runtime";
import { addDays, clinicDate } from "../../domain/dates";
import { TIME_MISSING } from "../../server/appointments/front-desk/schedule";

describe("staff pages (server-rendered)", () => {
  let t: TestApp;
  /** Each test's own day: a closure one leaves never meets another's (tests/helpers/days.ts). */
  let openDay: (offset?: number) => string;
  let staff: TestStaff;
  let cookie: string;
  let appointmentId: number;
  let enquiryId: number;

  beforeAll(async () => {
    t = await createTestApp({ STAFF_SLOWDOWN_MS: "300", STAFF_LOCKOUT_THRESHOLD: "5" }, { servePages: true });
    openDay = openWeekdays(t.config);
    staff = await addStaff(t.db, { email: "desk@clinic.example.org", name: "Front Desk" });
    cookie = await sessionCookieFor(t.db, t.config, staff.id);
    appointmentId = await seedAppointment(t.db, { name: "Lesedi", surname: "Kgosi" });
    await seedUpload(t.db, t.dataDir, { appointmentId });
    enquiryId = await seedEnquiry(t.db, { name: "Onalenna Enquirer" });
  });
  afterAll(() => t.close());

  const PAGES = () => [
    "/staff",
    "/staff/appointments",
    `/staff/appointments/${appointmentId}`,
    "/staff/enquiries",
    "/staff/audit",
    "/staff/logout",
  ];

  it("redirects every page to sign-in without a session, leaking nothing and storing nothing", async () => {
    for (const url of PAGES()) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe("/staff/login");
      expect(res.headers["cache-control"], url).toBe("no-store");
      expect(res.body).not.toMatch(/Lesedi|Kgosi|Onalenna/);
    }
    // React Router's data requests for the same pages leak nothing either.
    for (const url of [
      "/staff.data",
      "/staff/appointments.data",
      `/staff/appointments/${appointmentId}.data`,
      "/staff/enquiries.data",
      "/staff/audit.data",
    ]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).not.toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-store");
      expect(res.body).not.toMatch(/Lesedi|Kgosi|Onalenna/);
    }
  });

  it("refuses state-changing posts without a session", async () => {
    const posts: [string, Record<string, string>][] = [
      [`/staff/appointments/${appointmentId}`, { intent: "cancel", reason: "x" }],
      ["/staff/appointments", { q: "Lesedi" }],
      ["/staff/enquiries", { intent: "handled", id: "1" }],
    ];
    for (const [url, values] of posts) {
      const res = await t.app.inject({ method: "POST", url, headers: SAME_ORIGIN, payload: form(values) });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe("/staff/login");
      expect(res.headers["cache-control"], url).toBe("no-store");
      expect(res.body).not.toMatch(/Lesedi|Kgosi|Onalenna/);
    }
    const enquiry = await t.db
      .selectFrom("enquiries")
      .select("status")
      .where("id", "=", enquiryId)
      .executeTakeFirstOrThrow();
    expect(enquiry.status).toBe("new");
    const row = await t.db
      .selectFrom("appointments")
      .select("status")
      .where("id", "=", appointmentId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("requested");
  });

  it("serves every page to a signed-in staff member, noindex and no-store", async () => {
    for (const url of PAGES().filter((u) => u !== "/staff/logout")) {
      const res = await t.app.inject({ method: "GET", url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-store");
      expect(res.headers["x-robots-tag"], url).toContain("noindex");
      expect(res.body, url).toContain('<meta name="robots" content="noindex, nofollow"');
      expect(res.body, url).toContain("Sign out");
    }
    const detail = await t.app.inject({
      method: "GET",
      url: `/staff/appointments/${appointmentId}`,
      headers: { cookie },
    });
    expect(detail.body).toContain("Lesedi");
    expect(detail.body).toContain("123456789");
    expect(detail.body).toContain("/api/staff/uploads/");
  });

  it("shows the sign-in page with the labelled fields, no-store", async () => {
    const res = await t.app.inject({ method: "GET", url: "/staff/login" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toMatch(/<label for="email">Email<\/label>/);
    expect(res.body).toMatch(/<label for="password">Password<\/label>/);
    expect(res.body).toContain("Sign in</button>");
  });

  it("signs in (password, then the authenticator code) with a fresh session cookie (HttpOnly, SameSite=Lax, Path=/) and replaces any old session", async () => {
    const old = await sessionCookieFor(t.db, t.config, staff.id);
    const res = await t.app.inject({
      method: "POST",
      url: "/staff/login",
      headers: { ...SAME_ORIGIN, cookie: old },
      payload: form({ email: "Desk@Clinic.example.org ", password: STAFF_PASSWORD }),
      remoteAddress: "10.0.0.1",
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/staff/login/code");
    expect(res.headers["cache-control"]).toBe("no-store");
    // The password alone gives only a short-lived pending cookie, not a session.
    const pendingCookie = String(res.headers["set-cookie"]);
    expect(pendingCookie).toMatch(/^staff_pending=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=300$/);
    const code = await t.app.inject({
      method: "POST",
      url: "/staff/login/code",
      headers: { ...SAME_ORIGIN, cookie: pendingCookie.split(";")[0]! },
      payload: form({ code: await freshTotpCode(t.db, staff.id, staff.totpSecret!) }),
      remoteAddress: "10.0.0.1",
    });
    expect(code.statusCode).toBe(302);
    expect(code.headers.location).toBe("/staff");
    const cookies = ([] as string[]).concat(code.headers["set-cookie"] ?? []);
    const setCookie = cookies.find((c) => c.startsWith("staff_session="))!;
    expect(setCookie).toMatch(/^staff_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(cookies).toContain("staff_pending=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
    const fresh = setCookie.split(";")[0]!;
    expect(fresh).not.toBe(old);
    const oldRes = await t.app.inject({ method: "GET", url: "/api/staff/session", headers: { cookie: old } });
    expect(oldRes.statusCode).toBe(401);
    const newRes = await t.app.inject({ method: "GET", url: "/api/staff/session", headers: { cookie: fresh } });
    expect(newRes.json()).toEqual({ name: "Front Desk", email: "desk@clinic.example.org" });
    // The token itself is never stored, only its hash.
    const stored = await t.db.selectFrom("staff_sessions").select("token_hash").execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(fresh.split("=")[1]);
  });

  it("gives the same answer for a wrong password and an unknown account", async () => {
    const wrong = await t.app.inject({
      method: "POST",
      url: "/staff/login",
      headers: SAME_ORIGIN,
      payload: form({ email: "desk@clinic.example.org", password: "wrong password!!" }),
      remoteAddress: "10.0.0.2",
    });
    const unknown = await t.app.inject({
      method: "POST",
      url: "/staff/login",
      headers: SAME_ORIGIN,
      payload: form({ email: "nobody@clinic.example.org", password: "wrong password!!" }),
      remoteAddress: "10.0.0.2",
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toContain("The email or password is not right. Check them and try again.");
    expect(unknown.body).toContain("The email or password is not right. Check them and try again.");
    expect(wrong.headers["set-cookie"]).toBeUndefined();
    expect(wrong.headers["cache-control"]).toBe("no-store");
  });

  it("slows repeated failures down, then locks the account for a while (counters in the database)", async () => {
    const victim = await addStaff(t.db, { email: "victim@clinic.example.org" });
    const attempt = (password: string) =>
      t.app.inject({
        method: "POST",
        url: "/staff/login",
        headers: SAME_ORIGIN,
        payload: form({ email: victim.email, password }),
        remoteAddress: "10.0.0.3",
      });
    const timings: number[] = [];
    for (let i = 1; i <= 4; i++) {
      const started = Date.now();
      const res = await attempt(`wrong password ${i}`);
      timings.push(Date.now() - started);
      expect(res.statusCode).toBe(401);
    }
    expect(timings[2]).toBeGreaterThanOrEqual(300); // third failure: 300 ms
    expect(timings[3]).toBeGreaterThanOrEqual(600); // fourth: 600 ms
    const fifth = await attempt("wrong password 5");
    expect(fifth.statusCode).toBe(429);
    expect(fifth.body).toContain("Too many failed sign-in attempts. Try again in 15 minutes.");
    // Locked: even the right password is refused, from another address too.
    const right = await t.app.inject({
      method: "POST",
      url: "/staff/login",
      headers: SAME_ORIGIN,
      payload: form({ email: victim.email, password: STAFF_PASSWORD }),
      remoteAddress: "10.0.0.4",
    });
    expect(right.statusCode).toBe(429);
    expect(right.headers["set-cookie"]).toBeUndefined();
    const emailKey = `email:${await keyedHash(staffRuntime(t.db, t.config), "email", victim.email)}`;
    const row = await t.db
      .selectFrom("staff_login_throttle")
      .selectAll()
      .where("key", "=", emailKey)
      .executeTakeFirstOrThrow();
    expect(row.locked_until! > new Date().toISOString()).toBe(true);
    // When the lock ends, the right password works again.
    await t.db
      .updateTable("staff_login_throttle")
      .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
      .where("key", "=", row.key)
      .execute();
    const after = await t.app.inject({
      method: "POST",
      url: "/staff/login",
      headers: SAME_ORIGIN,
      payload: form({ email: victim.email, password: STAFF_PASSWORD }),
      remoteAddress: "10.0.0.4",
    });
    expect(after.statusCode).toBe(302);
    expect(after.headers.location).toBe("/staff/login/code");
  });

  it("locks unknown addresses the same way, so a lockout reveals nothing", async () => {
    let last;
    for (let i = 1; i <= 5; i++) {
      last = await t.app.inject({
        method: "POST",
        url: "/staff/login",
        headers: SAME_ORIGIN,
        payload: form({ email: "ghost@clinic.example.org", password: `nope nope nope ${i}` }),
        remoteAddress: "10.0.0.5",
      });
    }
    expect(last!.statusCode).toBe(429);
    expect(last!.body).toContain("Too many failed sign-in attempts.");
  }, 30_000);

  it("locks out a client address that tries many accounts", async () => {
    // The same lockout without the slowdown, which the test above times (here it would sleep some 7 s).
    const quick = await createTestApp({ STAFF_SLOWDOWN_MS: "0", STAFF_LOCKOUT_THRESHOLD: "5" }, { servePages: true });
    try {
      const statuses: number[] = [];
      for (let i = 1; i <= 20; i++) {
        const res = await quick.app.inject({
          method: "POST",
          url: "/staff/login",
          headers: SAME_ORIGIN,
          payload: form({ email: `spray${i}@clinic.example.org`, password: "nope nope nope" }),
          remoteAddress: "10.0.0.6",
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 19).every((s) => s === 401)).toBe(true);
      expect(statuses[19]).toBe(429);
    } finally {
      await quick.close();
    }
  }, 60_000);

  it("refuses cross-site posts that carry a valid cookie", async () => {
    const attempts: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { origin: "https://evil.example" }, // older browsers: no Sec-Fetch-Site, Origin checked
    ];
    for (const extra of attempts) {
      const res = await t.app.inject({
        method: "POST",
        url: `/staff/appointments/${appointmentId}`,
        headers: { "content-type": "application/x-www-form-urlencoded", cookie, ...extra },
        payload: form({ intent: "cancel", reason: "forged" }),
      });
      // Refused by our guard (403), or earlier by React Router's own Origin check (400).
      expect([400, 403]).toContain(res.statusCode);
      if (extra["sec-fetch-site"]) expect(res.statusCode).toBe(403);
      expect(res.headers["cache-control"]).toBe("no-store");
    }
    const enquiry = await t.app.inject({
      method: "POST",
      url: "/staff/enquiries",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, "sec-fetch-site": "cross-site" },
      payload: form({ intent: "handled", id: String(enquiryId) }),
    });
    expect(enquiry.statusCode).toBe(403);
    const logout = await t.app.inject({
      method: "POST",
      url: "/staff/logout",
      headers: { cookie, "sec-fetch-site": "cross-site" },
    });
    expect(logout.statusCode).toBe(403);
    const login = await t.app.inject({
      method: "POST",
      url: "/staff/login",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site" },
      payload: form({ email: staff.email, password: STAFF_PASSWORD }),
    });
    expect(login.statusCode).toBe(403);
    const appt = await t.db
      .selectFrom("appointments")
      .select("status")
      .where("id", "=", appointmentId)
      .executeTakeFirstOrThrow();
    expect(appt.status).toBe("requested");
    const still = await t.app.inject({ method: "GET", url: "/api/staff/session", headers: { cookie } });
    expect(still.statusCode).toBe(200);
  });

  it("refuses a confirmation on a Sunday or outside opening hours", async () => {
    let sunday = addDays(clinicDate(new Date()), 7);
    while (new Date(`${sunday}T12:00:00Z`).getUTCDay() !== 0) sunday = addDays(sunday, 1);
    const res = await t.app.inject({
      method: "POST",
      url: `/staff/appointments/${appointmentId}`,
      headers: { ...SAME_ORIGIN, cookie },
      payload: form({ intent: "confirm", date: sunday, time: "10:00" }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain("The clinic is closed on Sundays.");
    const late = await t.app.inject({
      method: "POST",
      url: `/staff/appointments/${appointmentId}`,
      headers: { ...SAME_ORIGIN, cookie },
      payload: form({ intent: "confirm", date: openDay(), time: "20:30" }),
    });
    expect(late.statusCode).toBe(422);
    const mails = await t.db.selectFrom("mail_queue").select("id").execute();
    expect(mails).toHaveLength(0);
  });

  it("confirms a request: status, history, audit and the patient's e-mail with an .ics file", async () => {
    const date = openDay();
    const res = await t.app.inject({
      method: "POST",
      url: `/staff/appointments/${appointmentId}`,
      headers: { ...SAME_ORIGIN, cookie },
      payload: form({ intent: "confirm", date, time: "10:00" }),
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/staff/appointments/${appointmentId}?done=confirmed`);
    const appt = await t.db
      .selectFrom("appointments")
      .selectAll()
      .where("id", "=", appointmentId)
      .executeTakeFirstOrThrow();
    expect([appt.status, appt.confirmed_date, appt.confirmed_time]).toEqual(["confirmed", date, "10:00"]);
    const history = await t.db
      .selectFrom("appointment_status_history")
      .selectAll()
      .where("appointment_id", "=", appointmentId)
      .execute();
    expect(history).toMatchObject([
      { from_status: "requested", to_status: "confirmed", staff_id: staff.id, note: `${date} 10:00, Ultrasound 1` },
    ]);
    const mail = await t.db.selectFrom("mail_queue").selectAll().executeTakeFirstOrThrow();
    expect(mail.to_address).toBe("neo.mosweu@example.org");
    expect(mail.text_body).toContain("at 10:00");
    const [ics] = JSON.parse(mail.attachments_json) as { filename: string; content: string }[];
    expect(ics!.filename).toBe("appointment.ics");
    const text = Buffer.from(ics!.content, "base64").toString("utf8");
    expect(text).toContain(`DTSTART:${date.replace(/-/g, "")}T080000Z`);

    // Confirmed cannot be confirmed again; attended is the next step, once the appointment's time has come.
    const again = await t.app.inject({
      method: "POST",
      url: `/staff/appointments/${appointmentId}`,
      headers: { ...SAME_ORIGIN, cookie },
      payload: form({ intent: "confirm", date, time: "11:00" }),
    });
    expect(again.statusCode).toBe(422);
    const markAttended = () =>
      t.app.inject({
        method: "POST",
        url: `/staff/appointments/${appointmentId}`,
        headers: { ...SAME_ORIGIN, cookie },
        payload: form({ intent: "attended" }),
      });
    const early = await markAttended();
    expect(early.statusCode).toBe(422);
    expect(early.body).toContain("Attended and no-show can be recorded from the appointment&#x27;s time");
    const page = await t.app.inject({
      method: "GET",
      url: `/staff/appointments/${appointmentId}`,
      headers: { cookie },
    });
    expect(page.body).not.toContain("Mark attended");
    expect(page.body).toContain("Attended and no-show can be recorded from the appointment");
    expect(
      (await t.db.selectFrom("appointments").select("status").where("id", "=", appointmentId).executeTakeFirstOrThrow())
        .status,
    ).toBe("confirmed");
    // Its time has come (the row says so, as time passing would).
    await t.db
      .updateTable("appointments")
      .set({ confirmed_date: addDays(clinicDate(new Date()), -1) })
      .where("id", "=", appointmentId)
      .execute();
    const due = await t.app.inject({ method: "GET", url: `/staff/appointments/${appointmentId}`, headers: { cookie } });
    expect(due.body).toContain("Mark attended");
    expect(due.body).toContain("Mark no-show");
    const attended = await markAttended();
    expect(attended.statusCode).toBe(302);
    const cancel = await t.app.inject({
      method: "POST",
      url: `/staff/appointments/${appointmentId}`,
      headers: { ...SAME_ORIGIN, cookie },
      payload: form({ intent: "cancel", reason: "too late" }),
    });
    expect(cancel.statusCode).toBe(422);
  });

  it("reports every wrong field of a confirmation at once: in the console's summary, each linking to its field, and by the field, keeping what was sent", async () => {
    const id = await seedAppointment(t.db, { service_name: "ultrasound" });
    const post = (query: string, values: Record<string, string>) =>
      t.app.inject({
        method: "POST",
        url: `/staff/appointments/${id}?${query}`,
        headers: { ...SAME_ORIGIN, cookie },
        payload: form({ intent: "confirm", examination: "Thyroid", time: "", typed_time: "", room: "", ...values }),
      });
    // A Sunday chosen, then nothing: the day and the time, both.
    let sunday = openDay(21);
    while (new Date(`${sunday}T12:00:00Z`).getUTCDay() !== 0) sunday = addDays(sunday, 1);
    const closed = await post(`date=${sunday}&examination=Thyroid`, { date: sunday });
    expect(closed.statusCode).toBe(422);
    expect(errorSummaryLinks(closed.body)).toEqual([
      { target: "confirm-day", message: "The clinic is closed on Sundays. Choose another day." },
      { target: "confirm-typed", message: TIME_MISSING },
    ]);
    // The date's hint (day first) and its error.
    expect(closed.body).toMatch(
      /id="confirm-day"[^>]*aria-invalid="true"[^>]*aria-describedby="confirm-day-hint confirm-day-error"/,
    );
    expect(closed.body).toContain('id="confirm-time-error"');
    expect(closed.body).toMatch(/id="confirm-typed"[^>]*aria-invalid="true"[^>]*aria-describedby="confirm-time-error"/);

    // An open day: a typed time before opening, with a room chosen; the link goes to the first free time.
    const day = openDay(22);
    const early = await post(`date=${day}&examination=Thyroid`, {
      date: day,
      typed_time: "07:00",
      room: "ultrasound-2",
    });
    expect(early.statusCode).toBe(422);
    const first = /id="confirm-slot-([\d:]+)"/.exec(early.body)![1];
    // The hint says how many free times the list holds: it shows about eight before it scrolls.
    const offered = early.body.match(/id="confirm-slot-/g)!.length;
    expect(offered).toBeGreaterThan(8);
    expect(early.body).toContain(
      `<p id="confirm-time-hint" class="staff-field__hint">Choose one of the ${offered} free times that day, or type a time.</p>`,
    );
    expect(errorSummaryLinks(early.body)).toEqual([
      {
        target: `confirm-slot-${first}`,
        message: expect.stringContaining("the appointment must start and end within those hours"),
      },
    ]);
    expect(early.body).toMatch(
      /<fieldset[^>]*staff-field--error[^>]*aria-describedby="confirm-time-hint confirm-time-error"/,
    );
    expect(early.body).toMatch(/id="confirm-typed"[^>]*value="07:00"/);
    expect(early.body).toMatch(/<option value="ultrasound-2" selected="">/);
    // The browser's own checks are off on every form of the page.
    const forms = early.body.match(/<form[^>]*>/g)!;
    expect(forms.filter((f) => !/novalidate=""/i.test(f))).toEqual([]);
    const row = await t.db.selectFrom("appointments").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.status).toBe("requested");
  });

  it("reports every wrong field of the day form at once, and offers no times until it is right", async () => {
    const id = await seedAppointment(t.db, { service_name: "ultrasound" });
    const page = await t.app.inject({
      method: "GET",
      url: `/staff/appointments/${id}?date=&examination=`,
      headers: { cookie },
    });
    expect(page.statusCode).toBe(200);
    expect(errorSummaryLinks(page.body)).toEqual([
      { target: "confirm-day", message: "Enter the date to see its free times." },
      { target: "confirm-examination", message: "Choose the examination to see the free times." },
    ]);
    expect(page.body).toMatch(/id="confirm-examination"[^>]*aria-invalid="true"/);
    expect(page.body).toMatch(/id="confirm-day"[^>]*value=""/);
    expect(page.body).not.toContain("Confirm appointment");
  });

  it("cancels with a reason, and requires one", async () => {
    const id = await seedAppointment(t.db);
    const none = await t.app.inject({
      method: "POST",
      url: `/staff/appointments/${id}`,
      headers: { ...SAME_ORIGIN, cookie },
      payload: form({ intent: "cancel", reason: "  " }),
    });
    expect(none.statusCode).toBe(422);
    expect(errorSummaryLinks(none.body)).toEqual([
      { target: "cancel-reason", message: "Give a reason for cancelling." },
    ]);
    expect(none.body).toMatch(/id="cancel-reason"[^>]*aria-invalid="true"[^>]*aria-describedby="cancel-reason-error"/);
    const ok = await t.app.inject({
      method: "POST",
      url: `/staff/appointments/${id}`,
      headers: { ...SAME_ORIGIN, cookie },
      payload: form({ intent: "cancel", reason: "Patient phoned to cancel" }),
    });
    expect(ok.statusCode).toBe(302);
    const row = await t.db
      .selectFrom("appointments")
      .select(["status", "cancel_reason"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "cancelled", cancel_reason: "Patient phoned to cancel" });
  });

  it("marks an enquiry handled", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/staff/enquiries",
      headers: { ...SAME_ORIGIN, cookie },
      payload: form({ intent: "handled", id: String(enquiryId) }),
    });
    expect(res.statusCode).toBe(200);
    const row = await t.db
      .selectFrom("enquiries")
      .select("status")
      .where("id", "=", enquiryId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("handled");
    // Again: refused, in the console's error summary.
    const again = await t.app.inject({
      method: "POST",
      url: "/staff/enquiries",
      headers: { ...SAME_ORIGIN, cookie },
      payload: form({ intent: "handled", id: String(enquiryId) }),
    });
    expect(again.statusCode).toBe(409);
    expect(again.body).toMatch(
      /class="error-summary"[\s\S]*?That enquiry was already handled or no longer exists\.[\s\S]*?<\/div>/,
    );
  });

  it("shows an enquiry's phone number as a tel: link with the country code, and undoes Mark handled (audited)", async () => {
    const id = await seedEnquiry(t.db, { name: "Undo Enquirer", phone: "71 234 568" });
    const list = await t.app.inject({ method: "GET", url: "/staff/enquiries", headers: { cookie } });
    expect(list.body).toMatch(/<a href="tel:\+26771234568">(<span[^>]*>Call <\/span>)?71 234 568<\/a>/);
    const post = (intent: string) =>
      t.app.inject({
        method: "POST",
        url: "/staff/enquiries",
        headers: { ...SAME_ORIGIN, cookie },
        payload: form({ intent, id: String(id) }),
      });
    const status = async () =>
      (await t.db.selectFrom("enquiries").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
    const handled = await post("handled");
    expect(handled.statusCode).toBe(200);
    // The outcome offers the undo at once: a form posting intent=reopen for this enquiry.
    expect(handled.body).toMatch(
      new RegExp(`Enquiry marked handled\\.[\\s\\S]*?name="id" value="${id}"[\\s\\S]*?value="reopen"[^>]*>Undo`),
    );
    expect(await status()).toBe("handled");
    const undone = await post("reopen");
    expect(undone.statusCode).toBe(200);
    expect(undone.body).toContain("Enquiry marked new again.");
    expect(await status()).toBe("new");
    // Undoing twice is refused; a handled enquiry in the list offers "Mark new again".
    expect((await post("reopen")).statusCode).toBe(409);
    await post("handled");
    const all = await t.app.inject({ method: "GET", url: "/staff/enquiries?status=handled", headers: { cookie } });
    expect(all.body).toMatch(/value="reopen"[^>]*>Mark new again/);
    const audit = await t.db
      .selectFrom("staff_audit")
      .select("action")
      .where("target_type", "=", "enquiry")
      .where("target_id", "=", String(id))
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["enquiry_handled", "enquiry_reopened", "enquiry_handled"]);
  });

  it("finds appointments by search only through POST, never in the address", async () => {
    await seedAppointment(t.db, { name: "Findme", surname: "Unique", reference: "APT-FIND-1" });
    const res = await t.app.inject({
      method: "POST",
      url: "/staff/appointments",
      headers: { ...SAME_ORIGIN, cookie },
      payload: form({ q: "findme" }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("APT-FIND-1");
    expect(res.body).toContain("Showing 1–1 of 1 appointment.");
    const byGet = await t.app.inject({ method: "GET", url: "/staff/appointments?q=findme", headers: { cookie } });
    expect(byGet.body).toContain("Lesedi"); // the q parameter is ignored in addresses
  });

  it("records sign-ins, failures, views, status changes and handled enquiries in the audit log, shown in the console", async () => {
    const rows = await t.db.selectFrom("staff_audit").selectAll().execute();
    const actions = new Set(rows.map((r) => r.action));
    for (const a of ["sign_in", "sign_in_failed", "appointment_view", "status_change", "enquiry_handled"])
      expect(actions).toContain(a);
    // Failed sign-ins keep no typed e-mail, only a keyed hash of it (an unknown account has no id either).
    const failed = rows.filter((r) => r.action === "sign_in_failed");
    expect(failed.length).toBeGreaterThan(0);
    for (const r of failed) expect(r.staff_email).toMatch(/^hmac:[0-9a-f]{32}$/);
    expect(JSON.stringify(rows)).not.toContain("nobody@");
    const rt = staffRuntime(t.db, t.config);
    const nobody = `hmac:${(await keyedHash(rt, "email", "nobody@clinic.example.org")).slice(0, 32)}`;
    const failedUnknown = rows.find((r) => r.action === "sign_in_failed" && r.staff_email === nobody);
    expect(failedUnknown?.staff_id).toBeNull();
    // The lockout counters hold no typed e-mail either.
    const throttle = await t.db.selectFrom("staff_login_throttle").select("key").execute();
    expect(throttle.map((r) => r.key).join(" ")).not.toMatch(/@/);
    const change = rows.find((r) => r.action === "status_change" && r.target_id === String(appointmentId));
    expect(change).toMatchObject({ staff_id: staff.id, detail: "requested -> confirmed" });
    const page = await t.app.inject({ method: "GET", url: "/staff/audit", headers: { cookie } });
    expect(page.body).toContain("Changed status");
    expect(page.body).toContain("Sign-in failed");
    expect(page.body).not.toContain("nobody@");
  });

  it("signs out: the session is revoked on the server and the cookie cleared", async () => {
    const mine = await sessionCookieFor(t.db, t.config, staff.id);
    const res = await t.app.inject({
      method: "POST",
      url: "/staff/logout",
      headers: { cookie: mine, "sec-fetch-site": "same-origin" },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/staff/login");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(String(res.headers["set-cookie"])).toMatch(/^staff_session=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/);
    const after = await t.app.inject({ method: "GET", url: "/staff", headers: { cookie: mine } });
    expect(after.statusCode).toBe(302);
    const audit = await t.db.selectFrom("staff_audit").select("action").where("action", "=", "sign_out").execute();
    expect(audit).toHaveLength(1);
  });
});

describe("staff session cookie over https", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_BASE_URL: "https://clinic.example.org" }, { servePages: true });
  });
  afterAll(() => t.close());

  it("is Secure and __Host- prefixed, like the pending cookie of the half-signed-in state", async () => {
    const staff = await addStaff(t.db);
    const res = await t.app.inject({
      method: "POST",
      url: "/staff/login",
      headers: SAME_ORIGIN,
      payload: form({ email: staff.email, password: STAFF_PASSWORD }),
    });
    expect(res.statusCode).toBe(302);
    const pending = String(res.headers["set-cookie"]);
    expect(pending).toMatch(
      /^__Host-staff_pending=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=300; Secure$/,
    );
    const code = await t.app.inject({
      method: "POST",
      url: "/staff/login/code",
      headers: { ...SAME_ORIGIN, cookie: pending.split(";")[0]! },
      payload: form({ code: await freshTotpCode(t.db, staff.id, staff.totpSecret!) }),
    });
    expect(code.statusCode).toBe(302);
    const cookies = ([] as string[]).concat(code.headers["set-cookie"] ?? []);
    expect(cookies.find((c) => c.startsWith("__Host-staff_session="))).toMatch(
      /^__Host-staff_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Secure$/,
    );
  });
});
