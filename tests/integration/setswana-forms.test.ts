import SQLite from "better-sqlite3";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { APPOINTMENT_PATH, ENQUIRY_PATH, UPLOAD_PATH } from "../../domain/api-paths";
import { addDays, clinicToday, formatLongDate } from "../../domain/dates";
import { nextOpenDay } from "../../domain/opening-days";
import { referralWords, requestNextStep, requestReceived } from "../../domain/request-words";
import { appointmentMessages } from "../../domain/validation/appointment";
import { dateMessages, dobMessages } from "../../domain/validation/appointment-dates";
import { contactMessages } from "../../domain/validation/contact";
import { fieldMessages, PHONE_INVALID } from "../../domain/validation/fields";
import { sqlitePath } from "../../server/db/index";
import { INVALID_MESSAGE, invalidMessage, rateLimitMessage } from "../../server/requests/http";
import { unavailableMessage } from "../../server/requests/unavailable";
import { uploadMessages, WRONG_TYPE } from "../../server/uploads/intake";
import { createTestApp, type TestApp } from "../helpers/app";
import {
  bookingFormValues,
  multipartBody,
  openDate,
  pdfBytes,
  validAppointment,
  validEnquiry,
} from "../helpers/requests";

/*
 * Both forms in Setswana (issue 26): a plain post (no JavaScript) to /tn/book-appointment or
 * /tn/contact-us is answered in Setswana (errors beside the fields and in the summary, the values
 * kept, the confirmation, what stopped it), and the JSON API answers in Setswana when the request's
 * `language` is "tn", while its English answers stay what they were.
 */

const SAME_ORIGIN = { "sec-fetch-site": "same-origin" };
const tn = "tn" as const;

/** The HTML without React's text-node markers, so a sentence reads as one. */
const text = (html: string) => html.replace(/<!-- -->/g, "");
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
/** The text of the element with this id (its first line of markup), markers removed. */
const byId = (html: string, id: string) => new RegExp(`id="${id}"[^>]*>(.*?)</p>`).exec(text(html))?.[1];
/** HTML-escaped, as React writes text. */
const escaped = (s: string) => s.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");

const bookingValues = (overrides: Record<string, string> = {}): Record<string, string> =>
  bookingFormValues(
    { alternateNumber: "72345678", contactPreference: "sms", notes: "Ke tla tla le ngwanaka.", ...overrides },
    2,
  );

describe("the forms in Setswana", () => {
  let t: TestApp;
  beforeAll(async () => {
    // The outage test's write waits out the busy timeout before it fails: 200 ms here rather than 5 s.
    t = await createTestApp({ RATE_LIMIT_ENABLED: "false" }, { servePages: true, sqlite: { busyTimeoutMs: 200 } });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom("uploads").execute();
    await t.db.deleteFrom("appointment_status_history").execute();
    await t.db.deleteFrom("appointments").execute();
    await t.db.deleteFrom("enquiries").execute();
  });

  const count = async (table: "appointments" | "enquiries" | "uploads") =>
    (await t.db.selectFrom(table).select("id").execute()).length;

  /** The booking form as a browser posts it without JavaScript (multipart), with an optional file. */
  async function book(url: string, values: Record<string, string>, file?: { name: string; content: Buffer }) {
    const form = new FormData();
    for (const [name, value] of Object.entries(values)) form.append(name, value);
    if (file) form.append("referral", new Blob([new Uint8Array(file.content)]), file.name);
    const encoded = new Response(form);
    return t.app.inject({
      method: "POST",
      url,
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: { "content-type": encoded.headers.get("content-type")!, ...SAME_ORIGIN },
    });
  }

  const enquire = (url: string, values: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url,
      payload: new URLSearchParams(values).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", ...SAME_ORIGIN },
    });

  const json = (url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url, payload, headers: { "content-type": "application/json" } });

  it("answers a wrong plain booking at /tn/book-appointment in Setswana: the summary, each field's message, the values kept, nothing stored", async () => {
    const res = await book(
      "/tn/book-appointment",
      bookingValues({ name: "", dobMonth: "", phoneNumber: "12", appointmentDate: "Labobedi", paymentMethod: "pula" }),
    );
    expect(res.statusCode).toBe(400);
    const html = text(res.body);
    expect(html).toContain('<html lang="tn"');
    expect(titleOf(res.body)).toMatch(/^Phoso: Dira peeletso \| /);
    expect(html).toContain(">Go na le bothata</h2>");
    const M = appointmentMessages(tn);
    const expected: Record<string, string> = {
      "name-error": M.name,
      "dob-error": dobMessages(tn).incomplete(["month"]),
      "phoneNumber-error": fieldMessages(tn).phoneInvalid,
      "appointmentDate-error": dateMessages(tn).format,
      "medicalAidNumber-error": M.medicalAidNumber,
    };
    expect(expected["name-error"]).toBe("Leina la ntlha le a tlhokega.");
    expect(expected["dob-error"]).toBe("Letlha la matsalo le tshwanetse go nna le kgwedi.");
    for (const [id, message] of Object.entries(expected)) {
      // Beside its field, after the hidden "Phoso:", and as a link in the summary.
      expect(byId(res.body, id), id).toBe(`<span class="visually-hidden">Phoso: </span>${escaped(message)}`);
      expect(html).toContain(`>${escaped(message)}</a></li>`);
    }
    // No English message is left.
    expect(html).not.toContain("First name is required.");
    expect(html).not.toContain("There is a problem");
    // Values kept; the plain form posts to the Setswana page again.
    expect(html).toMatch(/id="surname"[^>]*value="Molefhe"/);
    expect(html).toMatch(/id="dobDay"[^>]*value="12"/);
    expect(html).toContain("Ke tla tla le ngwanaka.");
    expect(html).toMatch(/id="paymentMethod-pula"[^>]*checked/);
    expect(html).toMatch(/<form[^>]*action="\/tn\/book-appointment"/);
    expect(await count("appointments")).toBe(0);
  });

  it("refuses a referral file in Setswana on the plain Setswana form (415 by content, 413 over the limit)", async () => {
    const wrong = await book("/tn/book-appointment", bookingValues(), {
      name: "referral.pdf",
      content: Buffer.from("just text, not a PDF at all"),
    });
    expect(wrong.statusCode).toBe(415);
    expect(byId(wrong.body, "referral-error")).toContain(uploadMessages(tn).wrongType);
    expect(uploadMessages(tn).wrongType).toBe("Tsenya faele ya PDF, JPEG kgotsa PNG.");
    const big = await book("/tn/book-appointment", bookingValues(), {
      name: "big.pdf",
      content: Buffer.concat([pdfBytes(), Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)]),
    });
    expect(big.statusCode).toBe(413);
    expect(byId(big.body, "referral-error")).toContain(uploadMessages(tn).tooLarge(10 * 1024 * 1024));
    expect(await count("appointments")).toBe(0);
    expect(await count("uploads")).toBe(0);
  });

  it("confirms a valid plain booking at /tn/book-appointment in Setswana: the reference, the next step, the private link", async () => {
    const res = await book("/tn/book-appointment", bookingValues(), { name: "lekwalo.pdf", content: pdfBytes() });
    expect(res.statusCode).toBe(200);
    const html = text(res.body);
    const row = await t.db.selectFrom("appointments").selectAll().executeTakeFirstOrThrow();
    expect(row.language).toBe("tn");
    expect(html).toContain(requestReceived(tn));
    expect(requestReceived(tn)).toBe("Re amogetse kopo ya gago ya peeletso");
    expect(html).toContain(`Nomoro ya tshupetso ya gago ke<br/><strong>${row.reference}</strong>`);
    const answerBy = nextOpenDay(clinicToday(), [])!;
    expect(html).toContain(escaped(requestNextStep(answerBy, tn)));
    expect(requestNextStep(answerBy, tn)).toContain(formatLongDate(answerBy, tn));
    expect(html).toContain(`<dd>${formatLongDate(openDate(2), tn)}</dd>`);
    expect(html).toContain(referralWords(true, tn));
    expect(html).toContain(">Linki ya gago ya sephiri</h3>");
    expect(html).toMatch(/href="http:\/\/[^"]+\/appointment\/[A-Za-z0-9_-]{43}"[^>]*>Bona, fetola kgotsa khansela/);
    expect(html).not.toContain("We have received your appointment request");
    // Another request leads to the Setswana form.
    expect(html).toContain('href="/tn/book-appointment"');
  });

  it("answers the plain contact form at /tn/contact-us in Setswana: errors with the values kept, then the thank-you", async () => {
    const wrong = await enquire("/tn/contact-us", {
      name: "",
      phoneNumber: "3163012",
      email: "neo@example",
      description: "Lo bula ka Matlhatso?",
      website: "",
    });
    expect(wrong.statusCode).toBe(400);
    const html = text(wrong.body);
    expect(titleOf(wrong.body)).toMatch(/^Phoso: Ikgolaganye le rona \| /);
    expect(byId(wrong.body, "name-error")).toContain(contactMessages(tn).name);
    expect(byId(wrong.body, "email-error")).toContain(fieldMessages(tn).emailInvalid);
    expect(html).toContain(">Go na le bothata</h2>");
    expect(html).toContain("Lo bula ka Matlhatso?");
    expect(html).toMatch(/<form[^>]*action="\/tn\/contact-us"/);
    expect(await count("enquiries")).toBe(0);

    const sent = await enquire("/tn/contact-us", {
      ...validEnquiry({ description: "Lo bula ka Matlhatso?" }),
      website: "",
    } as Record<string, string>);
    expect(sent.statusCode).toBe(200);
    const row = await t.db.selectFrom("enquiries").selectAll().executeTakeFirstOrThrow();
    expect(row.language).toBe("tn");
    const thanks = text(sent.body);
    expect(thanks).toContain(">Re amogetse potso ya gago</p>");
    expect(thanks).toContain(`Nomoro ya tshupetso ya gago ke <strong>${row.reference}</strong>.`);
    expect(thanks).toContain("Kliniki e tla go araba ka nomoro ya mogala kgotsa aterese ya imeile e o e neileng.");
  });

  it.skipIf(!!process.env.TEST_DATABASE_URL)(
    "says a database outage (503) on the plain Setswana contact form in Setswana, with the values kept",
    async () => {
      // Another connection holds SQLite's write lock for longer than the busy timeout.
      const other = new SQLite(sqlitePath(t.config));
      other.exec("begin exclusive");
      try {
        const res = await enquire("/tn/contact-us", { ...validEnquiry(), website: "" } as Record<string, string>);
        expect(res.statusCode).toBe(503);
        expect(text(res.body)).toContain(
          `<p class="error-summary__description">${escaped(unavailableMessage(tn))}</p>`,
        );
        expect(text(res.body)).toMatch(/id="name"[^>]*value="Neo Sebego"/);
      } finally {
        other.exec("rollback");
        other.close();
      }
      expect(await count("enquiries")).toBe(0);
    },
    60_000,
  );

  it("answers the JSON API in Setswana when `language` is tn: the message and every field's error", async () => {
    const res = await json(
      APPOINTMENT_PATH,
      validAppointment({
        language: "tn",
        name: " ",
        phoneNumber: "12",
        dob: addDays(clinicToday(), 3),
        appointmentDate: addDays(clinicToday(), -1),
        service: { name: "Massage", paymentMethod: "pula" },
        medicalAidNumber: "",
      }),
    );
    expect(res.statusCode).toBe(400);
    const M = appointmentMessages(tn);
    expect(res.json()).toEqual({
      message: invalidMessage(tn),
      errors: {
        name: M.name,
        phoneNumber: fieldMessages(tn).phoneInvalid,
        dob: dobMessages(tn).past,
        appointmentDate: dateMessages(tn).past,
        "service.name": M.serviceNotListed,
        medicalAidNumber: M.medicalAidNumber,
      },
    });
    expect(invalidMessage(tn)).toBe(
      "Dintlha dingwe di tlhoka go baakanngwa. Tsweetswee tlhola mafelo a a tshwailweng.",
    );

    const enquiry = await json(ENQUIRY_PATH, validEnquiry({ language: "tn", description: "", phoneNumber: "1" }));
    expect(enquiry.statusCode).toBe(400);
    expect(enquiry.json()).toEqual({
      message: invalidMessage(tn),
      errors: { description: contactMessages(tn).description, phoneNumber: fieldMessages(tn).phoneInvalid },
    });

    const upload = multipartBody("referral.pdf", Buffer.from("not a PDF"));
    const refused = await t.app.inject({
      method: "POST",
      url: `${UPLOAD_PATH}?language=tn`,
      payload: upload.payload,
      headers: upload.headers,
    });
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toEqual({
      message: uploadMessages(tn).wrongType,
      errors: { file: uploadMessages(tn).wrongType },
    });
    expect(await count("appointments")).toBe(0);
    expect(await count("enquiries")).toBe(0);
  });

  it("keeps the JSON API's English answers as they were without `language`", async () => {
    const res = await json(
      APPOINTMENT_PATH,
      validAppointment({ name: " ", phoneNumber: "12", dob: addDays(clinicToday(), 3), medicalAidNumber: "" }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe(
      JSON.stringify({
        message: "Some details need attention. Please check the highlighted fields.",
        errors: {
          name: "First name is required.",
          medicalAidNumber: "Enter your medical aid membership number.",
          phoneNumber: "Enter a valid phone number: 7 or 8 digits for Botswana, or + and the country code.",
          dob: "Date of birth must be in the past.",
        },
      }),
    );
    const enquiry = await json(ENQUIRY_PATH, validEnquiry({ name: "", email: "x" }));
    expect(enquiry.json()).toEqual({
      message: INVALID_MESSAGE,
      errors: { name: "Enter your name.", email: "Enter a valid email address." },
    });
    const upload = multipartBody("referral.pdf", Buffer.from("not a PDF"));
    const refused = await t.app.inject({
      method: "POST",
      url: UPLOAD_PATH,
      ...{ payload: upload.payload },
      headers: upload.headers,
    });
    expect(refused.json()).toEqual({ message: WRONG_TYPE, errors: { file: WRONG_TYPE } });
    expect(WRONG_TYPE).toBe("Upload a PDF, JPEG or PNG file.");
    expect(PHONE_INVALID).toBe("Enter a valid phone number: 7 or 8 digits for Botswana, or + and the country code.");
  });
});

describe("a rate limit on a plain Setswana post, said in Setswana", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENQUIRIES_PER_MINUTE: "1" }, { servePages: true });
  });
  afterAll(() => t.close());

  const enquire = () =>
    t.app.inject({
      method: "POST",
      url: "/tn/contact-us",
      payload: new URLSearchParams({ ...validEnquiry(), website: "" } as Record<string, string>).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", ...SAME_ORIGIN },
    });

  it("answers the second enquiry in a minute 429 with the rate limit's words in Setswana", async () => {
    // The limit is one a minute: the second of two is over it.
    expect((await enquire()).statusCode).toBe(200);
    const res = await enquire();
    expect(res.statusCode).toBe(429);
    expect(titleOf(res.body)).toMatch(/^Phoso: /);
    expect(text(res.body)).toContain(`<p class="error-summary__description">${escaped(rateLimitMessage(tn))}</p>`);
    expect(rateLimitMessage(tn)).toBe(
      "Dikopo di dintsi thata. Tsweetswee leta motsotso o le mongwe, o bo o leka gape.",
    );
  });
});
