import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app";
import { injectRaw, multipartBody, openDate, pdfBytes, validAppointment } from "../helpers/requests";
import { distinctDays } from "../helpers/days";
import { addDays, clinicToday } from "../../domain/dates";
import { nextOpenDay } from "../../domain/opening-days";
import { REFERRAL_WORDS, requestNextStep, requestReceivedMessage } from "../../domain/request-words";
import { hashToken } from "../../server/base/tokens";

const URL = "/api/appointment/public/appointments";
const UPLOAD = "/api/cloudinary/upload/referrals_forms";

/** A patient's private link as the booking answers it. */
const MANAGE_URL = /^http:\/\/localhost:3000\/appointment\/[A-Za-z0-9_-]{43}$/;

/** An answer without its private link, which is fresh on every answer. */
function withoutLink(answer: { data: Record<string, unknown> }) {
  const { manageUrl: _link, ...data } = answer.data;
  return { ...answer, data };
}

describe("POST /api/appointment/public/appointments", () => {
  let t: TestApp;
  // The file's own days, never one twice: from 23 December 2026, "5 days ahead" past Christmas is
  // 28 December, the day validAppointment() books by default ("2 days ahead"), which this closure
  // then refused.
  const days = distinctDays((offset) => openDate(offset));
  days(2); // validAppointment()'s day (tests/helpers/requests.ts)
  const closed = days(5);
  // A booking's day apart from the next open day, which one test closes: on a Saturday, the next open
  // day is Monday, validAppointment()'s own day.
  const later = days(12);
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: "false", CLOSED_DATES: closed, BOOKING_HORIZON_DAYS: "60" });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom("mail_queue").execute();
  });

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url: URL, payload: payload as object, headers });
  const count = async () =>
    Number(
      (
        await t.db
          .selectFrom("appointments")
          .select((e) => e.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const upload = async (name = "referral.pdf") => {
    const body = multipartBody(name, pdfBytes());
    const res = await t.app.inject({ method: "POST", url: UPLOAD, payload: body.payload, headers: body.headers });
    expect(res.statusCode).toBe(201);
    return res.json().data as { url: string; publicId: string; fileName: string };
  };

  it("stores a valid request with a yearly reference, E.164 phones and status requested, and queues two e-mails", async () => {
    const body = validAppointment();
    const res = await post(body);
    expect(res.statusCode).toBe(201);
    expect(res.headers["cache-control"]).toBe("no-store");
    const { message, data } = res.json();
    // A request received, and by the end of which day the clinic answers it (decision 025).
    const answerBy = nextOpenDay(clinicToday(), [closed]);
    expect(message).toBe(requestReceivedMessage(answerBy));
    const year = clinicToday().slice(0, 4);
    expect(data.reference).toMatch(new RegExp(`^APT-${year}-\\d{6}$`));
    expect(data).toEqual({
      reference: data.reference,
      appointmentDate: body.appointmentDate,
      service: { name: "X-ray Imaging" },
      manageUrl: expect.stringMatching(MANAGE_URL),
    });

    const row = await t.db
      .selectFrom("appointments")
      .selectAll()
      .where("reference", "=", data.reference)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: "requested",
      phone: "+26771234567",
      alternate_phone: "+27821234567",
      service_name: "x-ray",
      payment_method: "bpomas",
      medical_aid_number: "BP-998877",
      requested_date: body.appointmentDate,
      submitted_time: "10:15",
    });
    expect(row.created_at).toBe(row.updated_at);

    const mails = await t.db.selectFrom("mail_queue").selectAll().orderBy("id").execute();
    expect(mails.map((m) => m.to_address)).toEqual(["info@clinic.example.org", "kagiso.molefhe@example.net"]);
    const patient = mails[1]!;
    expect(patient.subject).toContain(data.reference);
    expect(patient.text_body).toContain(data.reference);
    expect(patient.text_body).toContain("X-ray Imaging");
    expect(patient.text_body).toContain("Please arrive 15 minutes before your appointment.");
    expect(patient.text_body).toContain(requestNextStep(answerBy));
    expect(patient.text_body).toContain(REFERRAL_WORDS.none);
    expect(patient.html_body).toContain(requestNextStep(answerBy));
    // Personal data stays behind the staff sign-in (tests/integration/mail-privacy.test.ts has the full check).
    expect(mails[0]!.text_body).not.toContain("123456789");
  });

  it("numbers references in sequence", async () => {
    const a = (await post(validAppointment())).json().data.reference as string;
    const b = (await post(validAppointment())).json().data.reference as string;
    expect(Number(b.slice(-6))).toBe(Number(a.slice(-6)) + 1);
  });

  it("accepts the service's slug and stores its title; cash needs no medical aid number", async () => {
    const res = await post(
      validAppointment({ service: { name: "x-ray", paymentMethod: "cash" }, medicalAidNumber: undefined }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.service.name).toBe("X-ray Imaging");
  });

  const cases: [string, Record<string, unknown>, string, RegExp][] = [
    ["missing name", { name: "  " }, "name", /First name is required/],
    ["bad email", { email: "nope@" }, "email", /valid email/],
    ["phone with trunk 0", { phoneNumber: "071234567" }, "phoneNumber", /valid phone number/],
    ["short alternate phone", { alternateNumber: "12345" }, "alternateNumber", /valid phone number/],
    ["empty phone", { phoneNumber: "" }, "phoneNumber", /^Phone number is required\.$/],
    ["empty alternative phone", { alternateNumber: "" }, "alternateNumber", /^Alternative phone number is required\.$/],
    ["dob in the future", { dob: addDays(clinicToday(), 1) }, "dob", /past/],
    ["dob today", { dob: clinicToday() }, "dob", /past/],
    ["dob over 120 years ago", { dob: "1890-01-01" }, "dob", /within the last 120 years/],
    ["dob not a real date", { dob: "1990-02-30" }, "dob", /date of birth/],
    // The API keeps `dob` (YYYY-MM-DD): the page's three boxes are joined into it before anything is sent.
    [
      "the page's date of birth boxes instead of dob",
      { dob: undefined, dobDay: "12", dobMonth: "3", dobYear: "1984" },
      "dob",
      /Enter your date of birth/,
    ],
    ["date in the past", { appointmentDate: addDays(clinicToday(), -1) }, "appointmentDate", /today or a later date/],
    ["date beyond the horizon", { appointmentDate: openDate(70) }, "appointmentDate", /within the next 60 days/],
    ["a Sunday", { appointmentDate: nextWeekday(7) }, "appointmentDate", /closed/],
    ["a configured closed date", { appointmentDate: closed }, "appointmentDate", /closed/],
    [
      "unknown service",
      { service: { name: "Brain transplant", paymentMethod: "cash" } },
      "service.name",
      /from the list/,
    ],
    [
      "bad payment method",
      { service: { name: "X-ray Imaging", paymentMethod: "card" } },
      "service.paymentMethod",
      /payment method/,
    ],
    ["medical aid without number", { medicalAidNumber: "" }, "medicalAidNumber", /membership number/],
    ["bad gender", { gender: "M" }, "gender", /Male, Female or Other/],
    ["bad time", { appointmentTime: "25:00" }, "appointmentTime", /HH:mm/],
    ["no ID number", { idPassportNumber: "" }, "idPassportNumber", /ID or passport/],
    ["notes too long", { notes: "x".repeat(2001) }, "notes", /2000/],
    [
      "too many referral forms",
      { referralForms: Array.from({ length: 6 }, (_, i) => ({ url: "u", publicId: `p${i}`, name: "n" })) },
      "referralForms",
      /at most 5 referral forms/,
    ],
  ];
  it.each(cases)("refuses %s with a field error and stores nothing", async (_label, change, field, message) => {
    const before = await count();
    const res = await post(validAppointment(change));
    expect(res.statusCode).toBe(400);
    expect(res.headers["cache-control"]).toBe("no-store");
    const body = res.json();
    expect(body.message).toBeTruthy();
    expect(body.errors[field]).toMatch(message);
    expect(await count()).toBe(before);
    expect(await t.db.selectFrom("mail_queue").selectAll().execute()).toEqual([]);
  });

  it("answers 415 to a body that is not JSON, 400 to broken JSON, 413 to an oversized body", async () => {
    const before = await count();
    const text = await injectRaw(t.app, URL, "name=x", "application/x-www-form-urlencoded");
    expect(text.statusCode).toBe(415);
    const plain = await injectRaw(t.app, URL, "hello", "text/plain");
    expect(plain.statusCode).toBe(415);
    const broken = await injectRaw(t.app, URL, '{"name":', "application/json");
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/JSON/);
    const huge = await t.app.inject({
      method: "POST",
      url: URL,
      payload: { ...validAppointment(), notes: "x".repeat(100_000) },
    });
    expect(huge.statusCode).toBe(413);
    const array = await post([validAppointment()]);
    expect(array.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it("answers a filled honeypot exactly like an acceptance, storing and sending nothing", async () => {
    const before = await count();
    const body = validAppointment({ website: "http://spam.example" });
    const res = await post(body);
    expect(res.statusCode).toBe(201);
    const { message, data } = res.json();
    expect(message).toBe(requestReceivedMessage(nextOpenDay(clinicToday(), [closed])));
    expect(data.reference).toMatch(/^APT-\d{4}-\d{6}$/);
    expect(data.appointmentDate).toBe(body.appointmentDate);
    expect(data.service).toEqual({ name: "X-ray Imaging" });
    // A link of the real shape, to nothing.
    expect(data.manageUrl).toMatch(MANAGE_URL);
    expect(await count()).toBe(before);
    expect(await t.db.selectFrom("mail_queue").selectAll().execute()).toEqual([]);
    // A retry with the same Idempotency-Key gets the same reference, as a real one would.
    const headers = { "idempotency-key": "bot-form-0000001" };
    const first = await post(body, headers);
    const second = await post(body, headers);
    expect(withoutLink(second.json())).toEqual(withoutLink(first.json()));
    expect(second.json().data.manageUrl).toMatch(MANAGE_URL);
    expect(await count()).toBe(before);
  });

  it("answers by a day that skips a closure a manager added, in the message and the e-mail", async () => {
    const first = nextOpenDay(clinicToday(), [closed])!;
    await t.db
      .insertInto("clinic_closures")
      .values({
        first_date: first,
        last_date: first,
        reason: "Staff training",
        created_by: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    try {
      const res = await post(validAppointment({ appointmentDate: later }));
      expect(res.statusCode).toBe(201);
      const answerBy = nextOpenDay(first, [closed])!;
      expect(answerBy > first).toBe(true);
      expect(res.json().message).toBe(requestReceivedMessage(answerBy));
      const mail = await t.db
        .selectFrom("mail_queue")
        .select("text_body")
        .where("to_address", "=", "kagiso.molefhe@example.net")
        .executeTakeFirstOrThrow();
      expect(mail.text_body).toContain(requestNextStep(answerBy));
    } finally {
      await t.db.deleteFrom("clinic_closures").execute();
    }
  });

  describe("idempotency", () => {
    it("replays the first answer to a retry with the same key and body, creating one record", async () => {
      const before = await count();
      const body = validAppointment();
      const headers = { "idempotency-key": "form-6a4c1f1e-retry" };
      const first = await post(body, headers);
      const second = await post(body, headers);
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(201);
      // The same answer without a private link: a replay never mints a new bearer link.
      expect(second.json()).toEqual(withoutLink(first.json()));
      expect(first.json().data.manageUrl).toMatch(MANAGE_URL);
      expect(second.json().data).not.toHaveProperty("manageUrl");
      const token = String(first.json().data.manageUrl).split("/").pop()!;
      const link = await t.db
        .selectFrom("appointment_links")
        .select("appointment_id")
        .where("token_hash", "=", hashToken(token))
        .executeTakeFirstOrThrow();
      // The request's one link, which the first answer and the e-mail carry: a replay adds none.
      const links = await t.db
        .selectFrom("appointment_links")
        .select("token_hash")
        .where("appointment_id", "=", link.appointment_id)
        .execute();
      expect(links).toHaveLength(1);
      expect(second.headers["idempotent-replayed"]).toBe("true");
      expect(await count()).toBe(before + 1);
      expect(await t.db.selectFrom("mail_queue").selectAll().execute()).toHaveLength(2);
    });

    it("creates one record for concurrent duplicates, all getting the same answer", async () => {
      const before = await count();
      const body = validAppointment();
      const headers = { "idempotency-key": "form-concurrent-0001" };
      const answers = await Promise.all(Array.from({ length: 8 }, () => post(body, headers)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(201));
      expect(new Set(answers.map((a) => a.json().data.reference)).size).toBe(1);
      expect(await count()).toBe(before + 1);
    });

    it("refuses the same key with a different body (422) and keeps the first record", async () => {
      const headers = { "idempotency-key": "form-different-body" };
      const first = await post(validAppointment(), headers);
      expect(first.statusCode).toBe(201);
      const before = await count();
      const other = await post(validAppointment({ notes: "changed" }), headers);
      expect(other.statusCode).toBe(422);
      expect(other.json().message).toMatch(/different request/);
      expect(await count()).toBe(before);
    });

    it("keeps keys per endpoint and refuses malformed keys", async () => {
      const bad = await post(validAppointment(), { "idempotency-key": "bad key!" });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors["Idempotency-Key"]).toBeTruthy();
    });

    it("does not remember a key whose request was refused", async () => {
      const headers = { "idempotency-key": "form-first-invalid" };
      expect((await post(validAppointment({ email: "x" }), headers)).statusCode).toBe(400);
      expect((await post(validAppointment(), headers)).statusCode).toBe(201);
    });
  });

  describe("referral forms", () => {
    it("attaches this server's unclaimed uploads in the same transaction", async () => {
      const a = await upload("a.pdf");
      const b = await upload("b.pdf");
      const res = await post(
        validAppointment({
          referralForms: [a, b].map((u) => ({ url: u.url, publicId: u.publicId, name: u.fileName })),
        }),
      );
      expect(res.statusCode).toBe(201);
      const appt = await t.db
        .selectFrom("appointments")
        .select("id")
        .where("reference", "=", res.json().data.reference)
        .executeTakeFirstOrThrow();
      const rows = await t.db
        .selectFrom("uploads")
        .select(["public_id", "appointment_id"])
        .where("public_id", "in", [a.publicId, b.publicId])
        .execute();
      expect(rows.every((r) => r.appointment_id === appt.id)).toBe(true);
      const clinicMail = await t.db
        .selectFrom("mail_queue")
        .select("text_body")
        .where("to_address", "=", "info@clinic.example.org")
        .executeTakeFirstOrThrow();
      expect(clinicMail.text_body).toContain(`/staff/appointments/${appt.id}`);
      expect(clinicMail.text_body).not.toContain("a.pdf"); // file names are read behind sign-in
      // The patient's e-mail says a referral form came (never its name).
      const patientMail = await t.db
        .selectFrom("mail_queue")
        .select("text_body")
        .where("to_address", "=", "kagiso.molefhe@example.net")
        .executeTakeFirstOrThrow();
      expect(patientMail.text_body).toContain(REFERRAL_WORDS.received);
      expect(patientMail.text_body).not.toContain(REFERRAL_WORDS.none);
      expect(patientMail.text_body).not.toContain("a.pdf");
    });

    it("refuses an upload that is unknown or already attached, and stores nothing", async () => {
      const u = await upload();
      const ref = { url: u.url, publicId: u.publicId, name: u.fileName };
      expect((await post(validAppointment({ referralForms: [ref] }))).statusCode).toBe(201);
      const before = await count();
      const again = await post(validAppointment({ referralForms: [ref] }));
      expect(again.statusCode).toBe(400);
      expect(again.json().errors["referralForms.0.publicId"]).toMatch(/upload it again/);
      const unknown = await post(
        validAppointment({
          referralForms: [{ url: "https://evil.example/x.pdf", publicId: "not-ours", name: "x.pdf" }],
        }),
      );
      expect(unknown.statusCode).toBe(400);
      expect(await count()).toBe(before);
    });

    it("refuses an upload older than the claim window", async () => {
      const u = await upload();
      await t.db
        .updateTable("uploads")
        .set({ created_at: new Date(Date.now() - 25 * 3600_000).toISOString() })
        .where("public_id", "=", u.publicId)
        .execute();
      const res = await post(
        validAppointment({ referralForms: [{ url: u.url, publicId: u.publicId, name: u.fileName }] }),
      );
      expect(res.statusCode).toBe(400);
    });
  });
});

describe("rate limits", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_BOOKINGS_PER_MINUTE: "3", TRUST_PROXY: "false" });
  });
  afterAll(() => t.close());

  it("answers 429 with Retry-After after the per-minute limit, per client address", async () => {
    const send = (ip: string, xff?: string) =>
      t.app.inject({
        method: "POST",
        url: URL,
        payload: validAppointment({ email: "bad" }),
        remoteAddress: ip,
        headers: xff ? { "x-forwarded-for": xff } : {},
      });
    for (let i = 0; i < 3; i++) expect((await send("10.0.0.1")).statusCode).toBe(400);
    const limited = await send("10.0.0.1");
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({ message: "Too many requests. Please wait a minute and try again." });
    expect(limited.headers["cache-control"]).toBe("no-store");
    // X-Forwarded-For is not trusted without TRUST_PROXY: a forged header does not reset the count.
    expect((await send("10.0.0.1", "203.0.113.9")).statusCode).toBe(429);
    // Another address has its own budget.
    expect((await send("10.0.0.2")).statusCode).toBe(400);
  });

  it("is on by default (a test app without RATE_LIMIT_ENABLED still limits)", async () => {
    expect(t.config.rateLimit.enabled).toBe(true);
  });

  it("limits uploads and enquiries separately, with their own budgets", async () => {
    const e = await createTestApp({ RATE_LIMIT_ENQUIRIES_PER_MINUTE: "2", RATE_LIMIT_UPLOADS_PER_MINUTE: "2" });
    try {
      const enquiry = () =>
        e.app.inject({ method: "POST", url: "/api/contact-enquire/public/create", payload: { name: "" } });
      const file = multipartBody("x.txt", Buffer.from("hello"));
      const uploadOnce = () =>
        e.app.inject({ method: "POST", url: UPLOAD, payload: file.payload, headers: file.headers });
      expect([(await enquiry()).statusCode, (await enquiry()).statusCode, (await enquiry()).statusCode]).toEqual([
        400, 400, 429,
      ]);
      expect([
        (await uploadOnce()).statusCode,
        (await uploadOnce()).statusCode,
        (await uploadOnce()).statusCode,
      ]).toEqual([415, 415, 429]);
    } finally {
      await e.close();
    }
  });
});

describe("rate limits behind a trusted proxy", () => {
  it("keys on X-Forwarded-For only behind a trusted proxy (TRUST_PROXY=1)", async () => {
    const t = await createTestApp({ RATE_LIMIT_BOOKINGS_PER_MINUTE: "1", TRUST_PROXY: "1" });
    try {
      const send = (xff: string) =>
        t.app.inject({
          method: "POST",
          url: URL,
          payload: { name: "" },
          remoteAddress: "127.0.0.1",
          headers: { "x-forwarded-for": xff },
        });
      expect((await send("198.51.100.1")).statusCode).toBe(400);
      expect((await send("198.51.100.1")).statusCode).toBe(429);
      expect((await send("198.51.100.2")).statusCode).toBe(400); // a different visitor behind the same proxy
    } finally {
      await t.close();
    }
  });
});

/** The next date (after tomorrow) with ISO weekday `n`. */
function nextWeekday(n: number): string {
  let d = addDays(clinicToday(), 2);
  for (let i = 0; i < 7; i++, d = addDays(d, 1)) {
    const wd = new Date(`${d}T00:00:00Z`).getUTCDay() || 7;
    if (wd === n) return d;
  }
  throw new Error("unreachable");
}
