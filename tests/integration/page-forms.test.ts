import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clinicToday } from "../../domain/dates";
import { nextOpenDay } from "../../domain/opening-days";
import { ENQUIRY_RECEIVED, REFERRAL_WORDS, REQUEST_RECEIVED, requestNextStep } from "../../domain/request-words";
import { DATE_MESSAGES, DOB_MESSAGES } from "../../domain/validation/appointment-dates";
import { REATTACH_FILE } from "../../app/components/forms/file-upload";
import { createTestApp, type TestApp } from "../helpers/app";
import { bookingFormFields, openDate, pdfBytes } from "../helpers/requests";
import { hashToken } from "../../server/base/tokens";

/** The page's <title>, and where an element (a regular expression over the HTML) starts in <main>, after its opening. */
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
function inMain(html: string, what: RegExp): number {
  const main = html.indexOf('<main id="main"');
  const at = html.slice(main).search(what);
  return at === -1 ? -1 : at;
}

/** The patient's private link in a confirmation page, as its token. */
const manageToken = (html: string) => /href="http:\/\/[^"]+\/appointment\/([A-Za-z0-9_-]{43})"/.exec(html)?.[1];

/**
 * The booking and contact forms posted as plain HTML (no JavaScript) to their
 * pages' actions: the JSON API's rules, the upload's checks and limits, the
 * same-origin check, and the page rendered again with the answer.
 */

type Field = [name: string, value: string];
type FilePart = { field: string; filename: string; content: Buffer; type?: string };

/** A multipart/form-data body as a browser sends a form: fields in order, and file parts. */
function multipart(fields: Field[], files: FilePart[] = []) {
  const boundary = `----WebKitFormBoundary${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type ?? "application/octet-stream"}\r\n\r\n`,
      ),
      f.content,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

const SAME_ORIGIN = { "sec-fetch-site": "same-origin" };

/** The booking form as a patient paying with medical aid fills it in, two open days ahead. */
const bookingFields = (overrides: Record<string, string> = {}): Field[] =>
  bookingFormFields(
    { paymentMethod: "bpomas", medicalAidNumber: "BP-998877", notes: "Left wrist & <b>fell</b>.", ...overrides },
    2,
  );

describe("plain form posts (no JavaScript)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: "false" }, { servePages: true });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom("uploads").execute();
    await t.db.deleteFrom("appointment_status_history").execute();
    await t.db.deleteFrom("appointments").execute();
    await t.db.deleteFrom("enquiries").execute();
  });

  const count = async (table: "appointments" | "uploads" | "enquiries") =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((e) => e.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  const book = (fields: Field[], files: FilePart[] = [], headers: Record<string, string> = SAME_ORIGIN) => {
    const body = multipart(fields, files);
    return t.app.inject({
      method: "POST",
      url: "/book-appointment",
      payload: body.payload,
      headers: { "content-type": body.contentType, ...headers },
    });
  };

  const enquire = (values: Record<string, string>, headers: Record<string, string> = SAME_ORIGIN) =>
    t.app.inject({
      method: "POST",
      url: "/contact-us",
      payload: new URLSearchParams(values).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    });

  it("keeps the channel the form's choice posts: WhatsApp is stored and its text queued; e-mail only queues none", async () => {
    const texts = (reference: string) =>
      t.db.selectFrom("text_messages").select("channel").where("about_reference", "=", reference).execute();
    for (const [choice, queued] of [
      ["whatsapp", ["whatsapp"]],
      ["email", []],
    ] as const) {
      const res = await book(bookingFields({ contactPreference: choice, surname: `Chose ${choice}` }));
      expect(res.statusCode).toBe(200);
      const row = await t.db
        .selectFrom("appointments")
        .select(["reference", "contact_preference"])
        .where("surname", "=", `Chose ${choice}`)
        .executeTakeFirstOrThrow();
      expect(row.contact_preference).toBe(choice);
      expect((await texts(row.reference)).map((m) => m.channel)).toEqual(queued);
    }
  });

  it("stores a booking with its referral file and shows the confirmation with the reference", async () => {
    const res = await book(bookingFields(), [
      { field: "referral", filename: "my referral.pdf", content: pdfBytes(), type: "application/pdf" },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["cache-control"]).toBe("no-store");
    const row = await t.db.selectFrom("appointments").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: "Kagiso",
      dob: "1984-03-12", // the three boxes, joined as the API takes it
      phone: "+26771234567",
      alternate_phone: "+27821234567",
      service_name: "x-ray",
      payment_method: "bpomas",
      medical_aid_number: "BP-998877",
      requested_date: openDate(2),
      notes: "Left wrist & <b>fell</b>.",
    });
    // A request received, not a booked time; by when the clinic answers; and that the referral form came.
    expect(res.body).toContain(REQUEST_RECEIVED);
    expect(res.body).toContain(requestNextStep(nextOpenDay(clinicToday(), [])));
    expect(res.body).toContain(REFERRAL_WORDS.received);
    expect(res.body).not.toMatch(/scheduled successfully/i);
    expect(res.body).toContain(row.reference);
    // The confirmation links to the appointment's private page; only the token's hash is stored.
    const token = manageToken(res.body);
    expect(token).toBeDefined();
    const link = await t.db
      .selectFrom("appointment_links")
      .selectAll()
      .where("token_hash", "=", hashToken(token!))
      .executeTakeFirstOrThrow();
    expect(link.appointment_id).toBe(row.id);
    // The referral is attached, stored under a name the server made.
    const upload = await t.db.selectFrom("uploads").selectAll().executeTakeFirstOrThrow();
    expect(upload.appointment_id).toBe(row.id);
    expect(upload.mime_type).toBe("application/pdf");
    expect(upload.storage_name).not.toContain("referral");
    // Both e-mails are queued, as for the JSON API.
    const mails = await t.db.selectFrom("mail_queue").select("id").execute();
    expect(mails.length).toBeGreaterThanOrEqual(2);
  });

  it("stores a booking without a file (no file chosen: an empty file part)", async () => {
    const res = await book(bookingFields({ paymentMethod: "cash", medicalAidNumber: "" }), [
      { field: "referral", filename: "", content: Buffer.alloc(0) },
    ]);
    expect(res.statusCode).toBe(200);
    expect(await count("appointments")).toBe(1);
    expect(await count("uploads")).toBe(0);
    expect(res.body).toContain(REFERRAL_WORDS.none);
  });

  it("answers an invalid booking 400 with the errors beside the fields, the values kept, nothing stored", async () => {
    const res = await book(
      bookingFields({
        name: "",
        phoneNumber: "12",
        appointmentDate: "next tuesday",
        paymentMethod: "pula",
        medicalAidNumber: "",
      }),
      [{ field: "referral", filename: "referral.pdf", content: pdfBytes(), type: "application/pdf" }],
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("There is a problem");
    expect(res.body).toMatch(/id="name-error"[^>]*>.*First name is required\./);
    expect(res.body).toMatch(/id="phoneNumber-error"[^>]*>.*Enter a valid phone number/);
    expect(res.body).toMatch(/id="appointmentDate-error"[^>]*>.*day\/month\/year/);
    expect(res.body).toContain(DATE_MESSAGES.format.split(",")[0]);
    expect(res.body).toMatch(/id="medicalAidNumber-error"[^>]*>.*Enter your medical aid membership number\./);
    // Values kept (escaped), the file not: it must be attached again.
    expect(res.body).toMatch(/id="surname"[^>]*value="Molefhe"/);
    expect(res.body).toContain("Left wrist &amp; &lt;b&gt;fell&lt;/b&gt;.");
    expect(res.body).toMatch(/id="paymentMethod-pula"[^>]*checked/);
    expect(res.body).toContain(REATTACH_FILE);
    // The error summary at the top says so too, linking to the file field, in the fields' order.
    const summary = /<div[^>]*class="error-summary"[\s\S]*?<\/ul>/.exec(res.body)?.[0] ?? "";
    expect(summary).toContain(`<a href="#referral">${REATTACH_FILE}</a>`);
    expect(summary.indexOf('href="#medicalAidNumber"')).toBeLessThan(summary.indexOf('href="#referral"'));
    expect(await count("appointments")).toBe(0);
    expect(await count("uploads")).toBe(0);
  });

  it("puts the outcome first: the error summary at the top of <main>, before the heading, and the title starts with Error:", async () => {
    const res = await book(bookingFields({ name: "" }));
    expect(res.statusCode).toBe(400);
    expect(titleOf(res.body)).toMatch(/^Error: Book an Appointment \| /);
    const summary = inMain(res.body, /class="error-summary"/);
    expect(summary).toBeGreaterThan(-1);
    expect(summary).toBeLessThan(inMain(res.body, /<h1[ >]/));
    expect(summary).toBeLessThan(inMain(res.body, /Our booking policy/));

    const contact = await enquire({ name: "", phoneNumber: "3163012", email: "neo@example.net", description: "Hi" });
    expect(contact.statusCode).toBe(400);
    expect(titleOf(contact.body)).toMatch(/^Error: Contact Us \| /);
    expect(inMain(contact.body, /class="error-summary"/)).toBeLessThan(inMain(contact.body, /<h1[ >]/));

    // A thank-you comes first too, and the title is the page's own.
    const thanks = await enquire({
      name: "Neo",
      phoneNumber: "3163012",
      email: "neo@example.net",
      description: "Hi",
      website: "",
    });
    expect(titleOf(thanks.body)).toMatch(/^Contact Us \| /);
    expect(inMain(thanks.body, /notice--success/)).toBeGreaterThan(-1);
    expect(inMain(thanks.body, /notice--success/)).toBeLessThan(inMain(thanks.body, /<h1[ >]/));
    // The confirmation of a booking follows the heading at once: no lead, policy or form before it.
    const booked = await book(bookingFields());
    expect(booked.statusCode).toBe(200);
    expect(titleOf(booked.body)).toMatch(/^Book an Appointment \| /);
    const h1 = inMain(booked.body, /<h1[ >]/);
    expect(inMain(booked.body, /class="confirmation"/)).toBeGreaterThan(h1);
    expect(booked.body.slice(booked.body.indexOf("<h1"))).toMatch(
      /^<h1>Book an appointment<\/h1><div class="form-page__confirmed"><section class="confirmation"/,
    );
    // The plain page has one title, with no Error.
    const plain = await t.app.inject({ method: "GET", url: "/book-appointment" });
    expect(plain.body.match(/<title>/g)).toHaveLength(1);
    expect(titleOf(plain.body)).toMatch(/^Book an Appointment \| /);
  });

  it("shows what stopped a post that has no field errors at the top too", async () => {
    // A multipart body without its boundary cannot be read: the page says so, first.
    const res = await t.app.inject({
      method: "POST",
      url: "/book-appointment",
      payload: "name=Kagiso",
      headers: { "content-type": "multipart/form-data", ...SAME_ORIGIN },
    });
    expect(res.statusCode).toBe(400);
    expect(titleOf(res.body)).toMatch(/^Error: /);
    const failure = inMain(res.body, /The form could not be read\. Please try again\./);
    expect(failure).toBeGreaterThan(-1);
    expect(failure).toBeLessThan(inMain(res.body, /<h1[ >]/));
  });

  it("takes the date of birth in three boxes (day, month, year) and says what to fix in them", async () => {
    const res = await book(bookingFields({ dobDay: "12", dobMonth: "", dobYear: "1984" }));
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/id="dob-error"[^>]*>.*Date of birth must include a month\./);
    expect(res.body).toContain('href="#dobDay"'); // the summary jumps to the first box
    expect(res.body).toMatch(/id="dobDay"[^>]*value="12"/);
    expect(res.body).toMatch(/id="dobYear"[^>]*value="1984"/);
    const unreal = await book(bookingFields({ dobDay: "31", dobMonth: "2", dobYear: "1984" }));
    expect(unreal.body).toMatch(/id="dob-error"[^>]*>.*Date of birth must be a real date, for example 27 3 1985\./);
    const future = await book(
      bookingFields({ dobDay: "1", dobMonth: "1", dobYear: String(new Date().getFullYear() + 1) }),
    );
    expect(future.body).toMatch(/id="dob-error"[^>]*>.*Date of birth must be in the past\./);
    const none = await book(bookingFields({ dobDay: "", dobMonth: "", dobYear: "" }));
    expect(none.body).toContain(DOB_MESSAGES.missing);
    expect(await count("appointments")).toBe(0);
    // One fieldset with its legend and hint; each box numeric, with its autofill hint.
    const page = (await t.app.inject({ method: "GET", url: "/book-appointment" })).body;
    expect(page).toMatch(
      /<fieldset[^>]*role="group"[^>]*aria-describedby="dob-hint"[^>]*><legend[^>]*>Date of birth<\/legend>/,
    );
    for (const [box, autofill] of [
      ["dobDay", "bday-day"],
      ["dobMonth", "bday-month"],
      ["dobYear", "bday-year"],
    ]) {
      expect(page).toMatch(
        new RegExp(`<input id="${box}"[^>]*inputMode="numeric" autoComplete="${autofill}"[^>]*name="${box}"`),
      );
    }
    expect(page).not.toMatch(/type="date"/);
  });

  it("opens with the service a service page's Book Now names (?service=<slug>), rendered for it; others get the prerendered page", async () => {
    const get = (url: string) => t.app.inject({ method: "GET", url });
    // A service booked by request only, or one the patient chose to ask a date for (`&way=request`, decision 064).
    for (const [url, title] of [
      ["/book-appointment?service=fluoroscopy", "Fluoroscopy Imaging"],
      ["/book-appointment?service=x-ray&way=request", "X-ray Imaging"],
    ]) {
      const chosen = await get(url!);
      expect(chosen.statusCode).toBe(200);
      expect(chosen.headers.etag).toBeUndefined(); // rendered for this request
      expect(chosen.body).toContain(`<option value="${title}" selected="">${title}</option>`);
      // The island starts from the same choice, so the script keeps it.
      expect(chosen.body).toContain(`"service":"${title}"`);
    }
    for (const url of [
      "/book-appointment",
      "/book-appointment?service=no-such-service",
      "/book-appointment?utm_source=x",
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.etag, url).toBeDefined(); // the prerendered page, from memory
      expect(res.body, url).not.toMatch(/<option value="[^"]+" selected/);
    }
  });

  it("says beside the submit button what the details are used for, linking the privacy policy", async () => {
    const page = (await t.app.inject({ method: "GET", url: "/book-appointment" })).body;
    const form = page.slice(page.indexOf("<form"), page.indexOf("</form>"));
    const privacy = form.search(/<p class="form__privacy">[^<]*<a href="\/privacy">privacy policy<\/a>/);
    expect(privacy).toBeGreaterThan(-1);
    // After the last field (the notes), just before the submit button.
    expect(privacy).toBeGreaterThan(form.indexOf('id="notes"'));
    const between = form.slice(privacy, form.indexOf('<button type="submit"'));
    expect(between.match(/<(?:input|select|textarea)[^>]*>/g)).toEqual([expect.stringContaining('id="website"')]);
  });

  it("refuses a file over the 10 MB limit with 413 and the upload's message, storing nothing", async () => {
    const big = Buffer.concat([pdfBytes(), Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)]);
    const res = await book(bookingFields(), [{ field: "referral", filename: "big.pdf", content: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.body).toMatch(/id="referral-error"[^>]*>.*The file is too large: the limit is 10 MB\./);
    expect(res.body).toMatch(/id="name"[^>]*value="Kagiso"/);
    expect(await count("appointments")).toBe(0);
    expect(await count("uploads")).toBe(0);
  });

  it("refuses a file that is not a PDF, JPEG or PNG by its content (415), whatever its name", async () => {
    const res = await book(bookingFields(), [
      { field: "referral", filename: "referral.pdf", content: Buffer.from("just text, not a PDF at all") },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.body).toMatch(/id="referral-error"[^>]*>.*Upload a PDF, JPEG or PNG file\./);
    expect(await count("appointments")).toBe(0);
    expect(await count("uploads")).toBe(0);
  });

  it("refuses cross-site posts with 403 and changes nothing (Sec-Fetch-Site, else Origin)", async () => {
    const cross = await book(bookingFields(), [], { "sec-fetch-site": "cross-site" });
    expect(cross.statusCode).toBe(403);
    const origin = await book(bookingFields(), [], { origin: "https://evil.example" });
    expect(origin.statusCode).toBe(403);
    const contact = await enquire(
      { name: "Neo", phoneNumber: "3163012", email: "neo@example.net", description: "Hi", website: "" },
      { "sec-fetch-site": "same-site" },
    );
    expect(contact.statusCode).toBe(403);
    expect(await count("appointments")).toBe(0);
    expect(await count("enquiries")).toBe(0);
    // The same post from the page itself is accepted.
    const same = await book(bookingFields(), [], { origin: "http://clinic.example", host: "clinic.example" });
    expect(same.statusCode).toBe(200);
  });

  it("answers a filled honeypot like an accepted booking, storing nothing", async () => {
    const res = await book(bookingFields({ website: "http://spam.example" }));
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/APT-\d{4}-\d{6}/);
    // The same words and day as a stored request's.
    expect(res.body).toContain(requestNextStep(nextOpenDay(clinicToday(), [])));
    expect(await count("appointments")).toBe(0);
  });

  it("stores a contact enquiry and shows the thank-you with the reference and a cleared form", async () => {
    const res = await enquire({
      name: "Neo Sebego",
      phoneNumber: "3163012",
      email: "neo.sebego@example.net",
      description: "Do you do ultrasound on Saturdays?",
      website: "",
    });
    expect(res.statusCode).toBe(200);
    const row = await t.db.selectFrom("enquiries").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: "Neo Sebego", phone: "+2673163012" });
    expect(res.body).toContain(ENQUIRY_RECEIVED);
    expect(res.body).not.toMatch(/inquiry/i);
    expect(res.body).toContain(row.reference);
    expect(res.body).not.toContain("Do you do ultrasound on Saturdays?");
  });

  it("answers an invalid enquiry 400 with the schema's and the phone rule's messages, the values kept, nothing stored", async () => {
    const res = await enquire({ name: "", phoneNumber: "12", email: "neo@", description: "Hello", website: "" });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/id="name-error"[^>]*>.*Enter your name\./);
    expect(res.body).toMatch(/id="phoneNumber-error"[^>]*>.*Enter a valid phone number/);
    expect(res.body).toMatch(/id="email-error"[^>]*>.*Enter a valid email address\./);
    expect(res.body).toMatch(/id="email"[^>]*value="neo@"/);
    expect(res.body).toMatch(/<textarea[^>]*id="description"[^>]*>Hello<\/textarea>/);
    expect(await count("enquiries")).toBe(0);
  });

  it("a form sent again (a reload, a second tap) gets the first answer and creates nothing new", async () => {
    const values = {
      name: "Neo Again",
      phoneNumber: "3163012",
      email: "neo.again@example.net",
      description: "Same question twice",
      website: "",
    };
    const [first, second] = [await enquire(values), await enquire(values)];
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const rows = await t.db.selectFrom("enquiries").select("reference").execute();
    expect(rows).toHaveLength(1);
    expect(second.body).toContain(rows[0]!.reference);
    // Another question from the same address is a new enquiry.
    expect((await enquire({ ...values, description: "Another question" })).statusCode).toBe(200);
    expect(await count("enquiries")).toBe(2);

    const fields = bookingFields({ surname: "Twice" });
    const once = await book(fields);
    const again = await book(fields);
    expect(again.statusCode).toBe(200);
    const appointments = await t.db.selectFrom("appointments").select(["id", "reference"]).execute();
    expect(appointments).toHaveLength(1);
    expect(again.body).toContain(appointments[0]!.reference);
    // The replay says by when, reckoned from when the request was made.
    expect(again.body).toContain(requestNextStep(nextOpenDay(clinicToday(), [])));
    // The replay shows no private link and makes none: it points to the e-mail; the stored answer holds none.
    const tokens = [manageToken(once.body)];
    expect(tokens[0]).toBeDefined();
    expect(manageToken(again.body)).toBeUndefined();
    expect(again.body).toContain("so we did not make a new link");
    const link = await t.db
      .selectFrom("appointment_links")
      .select("appointment_id")
      .where("token_hash", "=", hashToken(tokens[0]!))
      .executeTakeFirstOrThrow();
    expect(link.appointment_id).toBe(appointments[0]!.id);
    const links = await t.db.selectFrom("appointment_links").selectAll().execute();
    expect(links).toHaveLength(1); // the first page's, which the e-mail carries too
    const stored = await t.db.selectFrom("idempotency_keys").select("response_json").execute();
    expect(stored.some((r) => r.response_json.includes(appointments[0]!.reference))).toBe(true);
    for (const { response_json } of stored) {
      expect(response_json).not.toContain("/appointment/");
      for (const token of tokens) expect(response_json).not.toContain(token);
    }
  });
});
