import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app";
import { injectRaw, validEnquiry } from "../helpers/requests";
import { ENQUIRY_RECEIVED_MESSAGE } from "../../domain/request-words";

const URL = "/api/contact-enquire/public/create";

describe("POST /api/contact-enquire/public/create", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: "false" });
  });
  afterAll(() => t.close());
  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url: URL, payload: payload as object, headers });
  const count = async () => (await t.db.selectFrom("enquiries").select("id").execute()).length;

  it("stores the enquiry (status new, E.164 phone) and queues the clinic's notification", async () => {
    const res = await post(validEnquiry());
    expect(res.statusCode).toBe(201);
    expect(res.headers["cache-control"]).toBe("no-store");
    const { message, data } = res.json();
    expect(message).toBe(ENQUIRY_RECEIVED_MESSAGE);
    expect(message).toBe(
      "We have received your enquiry. The clinic will reply using the phone number or e-mail address you gave.",
    );
    expect(data.reference).toMatch(/^ENQ-\d{4}-000001$/);
    const row = await t.db.selectFrom("enquiries").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ reference: data.reference, name: "Neo Sebego", phone: "+2673163012", status: "new" });
    const mail = await t.db.selectFrom("mail_queue").selectAll().executeTakeFirstOrThrow();
    expect(mail.to_address).toBe("info@clinic.example.org");
    expect(mail.subject).toBe(`New enquiry ${data.reference}`);
    expect(mail.text_body).toContain(data.reference);
    // The message and the contact details are read behind the staff sign-in.
    expect(mail.text_body).not.toContain("Do you do ultrasound on Saturdays?");
    expect(mail.text_body).not.toContain("neo.sebego@example.net");
  });

  it.each([
    [{ name: " " }, "name", "Enter your name."],
    [{ phoneNumber: "" }, "phoneNumber", "Phone number is required."],
    [{ phoneNumber: "0123" }, "phoneNumber", /valid phone number/],
    [{ email: "a@b" }, "email", "Enter a valid email address."],
    [{ email: "victim@example.net,other@example.org" }, "email", "Enter a valid email address."],
    [{ email: "Name <a@example.net>" }, "email", "Enter a valid email address."],
    [{ description: "" }, "description", "Enter your enquiry."],
    [{ description: "x".repeat(5001) }, "description", /5000/],
  ] as [Record<string, unknown>, string, string | RegExp][])(
    "refuses %o with the specification's message",
    async (change, field, message) => {
      const before = await count();
      const res = await post(validEnquiry(change));
      expect(res.statusCode).toBe(400);
      const errors = res.json().errors as Record<string, string>;
      if (typeof message === "string") expect(errors[field]).toBe(message);
      else expect(errors[field]).toMatch(message);
      expect(await count()).toBe(before);
    },
  );

  it("answers a filled honeypot like an acceptance and stores nothing", async () => {
    const before = await count();
    const mails = (await t.db.selectFrom("mail_queue").select("id").execute()).length;
    const res = await post(validEnquiry({ website: "x" }));
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(ENQUIRY_RECEIVED_MESSAGE);
    expect(res.json().data.reference).toMatch(/^ENQ-\d{4}-\d{6}$/);
    expect(await count()).toBe(before);
    expect((await t.db.selectFrom("mail_queue").select("id").execute()).length).toBe(mails);
  });

  it("makes one record for a retried or concurrent duplicate; 422 for a reused key with another body", async () => {
    const before = await count();
    const headers = { "idempotency-key": "enquiry-key-000001" };
    const answers = await Promise.all([
      post(validEnquiry(), headers),
      post(validEnquiry(), headers),
      post(validEnquiry(), headers),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await count()).toBe(before + 1);
    const changed = await post(validEnquiry({ description: "Another question" }), headers);
    expect(changed.statusCode).toBe(422);
    expect(await count()).toBe(before + 1);
    // The same key on the booking endpoint is a different key.
    const other = await t.app.inject({
      method: "POST",
      url: "/api/appointment/public/appointments",
      payload: { a: 1 },
      headers,
    });
    expect(other.statusCode).toBe(400);
  });

  it("answers 415 to form-encoded bodies", async () => {
    const res = await injectRaw(t.app, URL, "name=a", "application/x-www-form-urlencoded");
    expect(res.statusCode).toBe(415);
    expect(res.headers["cache-control"]).toBe("no-store");
  });
});

describe("GET /api/appointment/public/calendar", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ BOOKING_HORIZON_DAYS: "30", CLOSED_DATES: "2099-01-05" });
  });
  afterAll(() => t.close());

  it("gives the window and every closed date in it (Sundays included)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/appointment/public/calendar" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const cal = res.json() as { today: string; firstDate: string; lastDate: string; closedDates: string[] };
    expect(cal.firstDate).toBe(cal.today);
    const days = (Date.parse(cal.lastDate) - Date.parse(cal.today)) / 86_400_000;
    expect(days).toBe(30);
    const sundays = cal.closedDates.filter((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 0);
    expect(sundays.length).toBeGreaterThanOrEqual(4);
    expect(cal.closedDates.every((d) => d >= cal.today && d <= cal.lastDate)).toBe(true);
  });

  it("says whether the booking form offers WhatsApp: only while the clinic has it set up", async () => {
    const offersWhatsapp = async (app: TestApp) =>
      (await app.app.inject({ method: "GET", url: "/api/appointment/public/calendar" })).json().whatsapp as unknown;
    expect(await offersWhatsapp(t)).toBe(false);
    const withWhatsapp = await createTestApp({
      WHATSAPP_API_URL: "http://127.0.0.1:9/v23.0",
      WHATSAPP_ACCESS_TOKEN: "EAAtestaccesstoken",
      WHATSAPP_PHONE_NUMBER_ID: "1234567890",
      WHATSAPP_APP_SECRET: "test-app-secret-0123456789",
      WHATSAPP_VERIFY_TOKEN: "verify-token-0123456789",
    });
    try {
      expect(await offersWhatsapp(withWhatsapp)).toBe(true);
    } finally {
      await withWhatsapp.close();
    }
  });
});
