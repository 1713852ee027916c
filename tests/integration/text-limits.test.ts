import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APPOINTMENT_PATH } from "../../domain/api-paths";
import { textsAbroadWords } from "../../domain/contact-preference";
import { clinicInstant, formatShortDate } from "../../domain/dates";
import { TEXT_STATUS_LABELS } from "../../domain/text-messages";
import { loadConfig } from "../../server/base/config";
import { queuePatientText } from "../../server/texts/index";
import { createTestApp, type TestApp } from "../helpers/app";
import { anotherPatient, openDate, validAppointment } from "../helpers/requests";
import { addStaff, sessionCookieFor } from "../helpers/staff";

/**
 * SMS pumping (issue 33, N3; decision 042): the public booking form must not
 * make the clinic text any number in the world. Texts go only to numbers in
 * SMS_COUNTRIES (BW by default); a booking with another country's number is
 * kept and goes by e-mail, and the patient is told why, in their language, on
 * the JSON answer, the page without JavaScript and their private page. A
 * daily limit on all texts and one per number stop the rest, even when
 * requests race: the texts past a limit are kept as "capped", never sent, and
 * the e-mail still goes. Needs a client build (`npm run build`).
 */

const FOREIGN_MOBILE = "+27821234567"; // South Africa
const esc = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");

describe("texts only to the countries the clinic serves", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: "false", MESSAGE_QUIET_HOURS: "" }, { servePages: true });
  });
  afterAll(() => t.close());

  const texts = (reference: string) =>
    t.db.selectFrom("text_messages").selectAll().where("about_reference", "=", reference).execute();
  const patientMails = (reference: string, email: string) =>
    t.db
      .selectFrom("mail_queue")
      .select("id")
      .where("about_reference", "=", reference)
      .where("to_address", "=", email)
      .execute();

  it("a booking with another country's mobile is kept, e-mailed, never texted, and its JSON answer says why in the patient's language (a replay too)", async () => {
    for (const [language, email] of [
      ["en", "abroad.en@example.net"],
      ["tn", "abroad.tn@example.net"],
    ] as const) {
      const headers = { "idempotency-key": `abroad-answer-${language}-0001` };
      // Two requests, two patients (anotherPatient): one patient twice for the day would be a duplicate (decision 049).
      const payload = validAppointment({ ...anotherPatient(), phoneNumber: FOREIGN_MOBILE, email, language });
      const res = await t.app.inject({ method: "POST", url: APPOINTMENT_PATH, payload, headers });
      expect(res.statusCode).toBe(201);
      const { data } = res.json() as { data: { reference: string; textMessages?: unknown } };
      expect(data.textMessages).toEqual({
        sent: false,
        reason: "country",
        countries: ["BW"],
        message: textsAbroadWords(["BW"], language),
      });
      expect(await texts(data.reference)).toEqual([]);
      expect(await patientMails(data.reference, email)).toHaveLength(1);
      const replay = await t.app.inject({ method: "POST", url: APPOINTMENT_PATH, payload, headers });
      expect(replay.headers["idempotent-replayed"]).toBe("true");
      expect(replay.json().data.textMessages).toEqual(data.textMessages);
    }
    expect(textsAbroadWords(["BW"], "en")).toContain("Botswana");
    expect(textsAbroadWords(["BW"], "tn")).not.toBe(textsAbroadWords(["BW"], "en"));
  });

  it("a Botswana mobile is texted, and its answer says nothing of texts", async () => {
    const res = await t.app.inject({ method: "POST", url: APPOINTMENT_PATH, payload: validAppointment() });
    expect(res.statusCode).toBe(201);
    const { data } = res.json() as { data: { reference: string; textMessages?: unknown } };
    expect(data.textMessages).toBeUndefined();
    expect((await texts(data.reference)).map((m) => m.status)).toEqual(["pending"]);
  });

  it("the patient's private page says why in their language and offers no channel to choose", async () => {
    for (const language of ["en", "tn"] as const) {
      const res = await t.app.inject({
        method: "POST",
        url: APPOINTMENT_PATH,
        payload: validAppointment({
          ...anotherPatient(),
          phoneNumber: FOREIGN_MOBILE,
          language,
          email: `abroad.page.${language}@example.net`,
        }),
      });
      const { manageUrl } = res.json().data as { manageUrl: string };
      const page = await t.app.inject({ method: "GET", url: new URL(manageUrl).pathname });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(esc(textsAbroadWords(["BW"], language)));
      expect(page.body).not.toContain('name="contactPreference"');
    }
  });

  it("the booking page without JavaScript says why on its confirmation, in the page's language", async () => {
    for (const [path, language] of [
      ["/book-appointment", "en"],
      ["/tn/book-appointment", "tn"],
    ] as const) {
      const fields: Record<string, string> = {
        name: "Kagiso",
        surname: `Abroad ${language}`,
        dobDay: "12",
        dobMonth: "3",
        dobYear: "1984",
        gender: "Female",
        idPassportNumber: "123456789",
        phoneNumber: FOREIGN_MOBILE,
        alternateNumber: "71234567",
        email: `abroad.form.${language}@example.net`,
        service: "X-ray Imaging",
        appointmentDate: formatShortDate(openDate(2)),
        paymentMethod: "cash",
        notes: "",
        website: "",
      };
      const boundary = "----clinicabroad";
      const payload = Object.entries(fields)
        .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join("")
        .concat(`--${boundary}--\r\n`);
      const res = await t.app.inject({
        method: "POST",
        url: path,
        payload,
        headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "sec-fetch-site": "same-origin" },
      });
      expect(res.statusCode).toBe(200);
      const row = await t.db
        .selectFrom("appointments")
        .select("reference")
        .where("surname", "=", `Abroad ${language}`)
        .executeTakeFirstOrThrow();
      expect(res.body).toContain(row.reference);
      expect(res.body).toContain(esc(textsAbroadWords(["BW"], language)));
      expect(await texts(row.reference)).toEqual([]);
    }
  });

  it("SMS_COUNTRIES names the countries texted: with BW,ZA the same number is texted", async () => {
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: t.dataDir,
      SMS_COUNTRIES: "bw, za",
      MESSAGE_QUIET_HOURS: "",
    });
    expect(config.texts.countries).toEqual(["BW", "ZA"]);
    expect(() => loadConfig({ NODE_ENV: "test", DATA_DIR: t.dataDir, SMS_COUNTRIES: "BW,XX" })).toThrow(
      /SMS_COUNTRIES/,
    );
    const base = {
      reference: "APT-2026-990001",
      preference: null,
      kind: "received" as const,
      date: openDate(3),
      manageUrl: `${config.publicBaseUrl}/appointment/abc`,
      language: "en" as const,
    };
    expect(await queuePatientText(t.config, { ...base, phone: FOREIGN_MOBILE }, new Date(), t.db)).toEqual({
      skipped: "abroad",
    });
    expect(await queuePatientText(config, { ...base, phone: FOREIGN_MOBILE }, new Date(), t.db)).toMatchObject({
      channel: "sms",
    });
  });
});

describe("daily limits on texts, in all and per number, that parallel requests cannot pass", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {
        RATE_LIMIT_ENABLED: "false",
        MESSAGE_QUIET_HOURS: "",
        MESSAGE_DAILY_LIMIT: "5",
        MESSAGE_DAILY_LIMIT_PER_NUMBER: "2",
      },
      { servePages: true },
    );
  });
  afterAll(() => t.close());

  const book = (phoneNumber: string, i: number) =>
    t.app.inject({
      method: "POST",
      url: APPOINTMENT_PATH,
      payload: validAppointment({ phoneNumber, email: `limit.${i}@example.net`, surname: `Limit ${i}` }),
    });
  const textsTo = (number: string) =>
    t.db.selectFrom("text_messages").selectAll().where("to_number", "=", number).orderBy("id").execute();

  it("eight bookings at once with one number: two texts queued, six capped by the number's limit; every booking kept and e-mailed", async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => book("71000001", i)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const sent = await textsTo("+26771000001");
    expect(sent).toHaveLength(8);
    expect(sent.filter((m) => m.status === "pending")).toHaveLength(2);
    const capped = sent.filter((m) => m.status === "capped");
    expect(capped).toHaveLength(6);
    for (const m of capped) expect(m.last_error).toMatch(/2 texts to one number/);
    const mails = await t.db
      .selectFrom("mail_queue")
      .select("id")
      .where("to_address", "like", "limit.%@example.net")
      .execute();
    expect(mails).toHaveLength(8);
  });

  it("then bookings at once with other numbers: the day's limit of five lets three more go, the rest are capped by it", async () => {
    const numbers = Array.from({ length: 6 }, (_, i) => `7100010${i}`);
    const answers = await Promise.all(numbers.map((n, i) => book(n, 100 + i)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    const rows = await t.db
      .selectFrom("text_messages")
      .select(["status", "last_error"])
      .where(
        "to_number",
        "in",
        numbers.map((n) => `+267${n}`),
      )
      .execute();
    expect(rows.filter((m) => m.status === "pending")).toHaveLength(3);
    const capped = rows.filter((m) => m.status === "capped");
    expect(capped).toHaveLength(3);
    for (const m of capped) expect(m.last_error).toMatch(/5 texts in all/);
    // All pending today: exactly the day's limit, however the requests interleaved.
    const pending = await t.db.selectFrom("text_messages").select("id").where("status", "=", "pending").execute();
    expect(pending).toHaveLength(5);
  });

  it("a capped text is never due to be handed over, and staff see why on the appointment's page", async () => {
    const [capped] = (await textsTo("+26771000001")).filter((m) => m.status === "capped");
    const due = await t.db
      .selectFrom("text_messages")
      .select("id")
      .where("status", "=", "pending")
      .where("id", "=", capped!.id)
      .execute();
    expect(due).toEqual([]);
    const { id } = await t.db
      .selectFrom("appointments")
      .select("id")
      .where("reference", "=", capped!.about_reference!)
      .executeTakeFirstOrThrow();
    const reception = await addStaff(t.db, { role: "reception" });
    const cookie = await sessionCookieFor(t.db, t.config, reception.id);
    const page = await t.app.inject({ method: "GET", url: `/staff/appointments/${id}`, headers: { cookie } });
    expect(page.statusCode).toBe(200);
    const html = page.body.replace(/<!-- -->/g, "");
    expect(html).toContain(TEXT_STATUS_LABELS.capped);
    expect(html).toContain("daily limit of 2 texts to one number reached");
  });

  it("the limits are per clinic day: a new day starts again", async () => {
    const base = {
      reference: "APT-2026-990002",
      preference: null,
      kind: "received" as const,
      date: openDate(3),
      manageUrl: `${t.config.publicBaseUrl}/appointment/abc`,
      language: "en" as const,
      phone: "+26771000900",
    };
    const day = clinicInstant("2030-01-07", "10:00");
    const next = clinicInstant("2030-01-08", "00:05");
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await queuePatientText(t.config, base, day, t.db));
    results.push(await queuePatientText(t.config, base, next, t.db));
    expect(
      results.map((r) => ("capped" in r ? r.capped : undefined) ?? ("skipped" in r ? r.skipped : "queued")),
    ).toEqual(["queued", "queued", "number", "queued"]);
  });
});
