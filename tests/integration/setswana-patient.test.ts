import fs from "node:fs";
import { orThrow } from "../helpers/outcome";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENQUIRY_PATH } from "../../domain/api-paths";
import { serviceTitle } from "../../domain/catalogue";
import { addDays, clinicInstant, formatLongDate } from "../../domain/dates";
import { m } from "../../domain/paraglide/messages.js";
import { patientLinkWords } from "../../domain/patient-link";
import { contactPreferenceWords, safetyWords } from "../../domain/patient-words";
import { septetCount, SMS_MAX_SEPTETS } from "../../domain/gsm7";
import { smsDate } from "../../domain/text-messages";
import { visitWords } from "../../domain/visit-words";
import { closeAndTell } from "../../server/appointments/front-desk/closure-effects";
import { sendDueReminders } from "../../server/appointments/notices/reminders";
import { changeStatus, moveAppointment } from "../../server/appointments/front-desk/staff-changes";
import { createSender } from "../../server/mail/transport";
import { deliverDueMail } from "../../server/mail/worker";
import { createTextSenders } from "../../server/texts/senders";
import { claimMs, deliverDueMessages } from "../../server/texts/worker";
import { staffRuntime } from "../../server/db/runtime";
import { readMails, startMailSink, type MailSink } from "../e2e/mail-sink";
import { createTestApp, type TestApp } from "../helpers/app";
import { bookWithLink } from "../helpers/patient-link";
import { openDate, validEnquiry } from "../helpers/requests";
import { startSmsc, type Smsc } from "../helpers/smsc";
import { addStaff, form, openWeekdays, SAME_ORIGIN, sessionCookieFor } from "../helpers/staff";
import { mailParts } from "../helpers/staff-mail";

/**
 * A patient who booked in Setswana hears from the clinic in Setswana
 * (decision 037): every e-mail (subject, body, `<html lang="tn">`), every
 * SMS (one GSM-7 segment), the WhatsApp template's link, and their private
 * page at /tn/appointment/<token> with its forms' answers; every link sent
 * leads to /tn/appointment/. An English patient's messages are unchanged.
 * Staff see the patient's language. Through the real peers: an SMTP server,
 * an SMPP server and a local stand-in for WhatsApp's Cloud API. Needs a client
 * build (`npm run build`).
 */

const tn = { locale: "tn" } as const;
/** The service booked, as a Setswana patient reads it. */
const xray = serviceTitle("x-ray", "tn");
/** HTML-escaped as React writes text, with its text nodes joined. */
const esc = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");
const page = (html: string) => html.replace(/<!-- -->/g, "");
/** A header as written (RFC 2047 encoded words, which a subject with "š" needs, decoded). */
const header = (value: string | undefined) =>
  (value ?? "").replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, how: string, data: string) =>
    how.toUpperCase() === "B"
      ? Buffer.from(data, "base64").toString("utf8")
      : Buffer.from(
          data
            .replace(/_/g, " ")
            .replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          "latin1",
        ).toString("utf8"),
  );

describe("a Setswana patient's messages and private page", () => {
  let t: TestApp;
  /** Each test's own day: a closure one leaves never meets another's (tests/helpers/days.ts). */
  let openDay: (offset?: number) => string;
  let sink: MailSink;
  let smsc: Smsc;
  let cloud: http.Server;
  const whatsapp: Record<string, unknown>[] = [];

  beforeAll(async () => {
    sink = await startMailSink(fs.mkdtempSync(path.join(os.tmpdir(), "clinic-tn-mail-")));
    smsc = await startSmsc();
    cloud = http.createServer((req, res) => {
      let data = "";
      req.on("data", (chunk) => (data += chunk));
      req.on("end", () => {
        whatsapp.push(JSON.parse(data) as Record<string, unknown>);
        res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ messages: [{ id: "wamid.1" }] }));
      });
    });
    await new Promise<void>((resolve) => cloud.listen(0, "127.0.0.1", resolve));
    t = await createTestApp(
      {
        RATE_LIMIT_ENABLED: "false",
        MESSAGE_QUIET_HOURS: "",
        SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
        SMPP_URL: smsc.url,
        SMS_SENDER_ID: "ExampleImg",
        WHATSAPP_API_URL: `http://127.0.0.1:${(cloud.address() as AddressInfo).port}/v23.0`,
        WHATSAPP_ACCESS_TOKEN: "EAAtestaccesstoken",
        WHATSAPP_PHONE_NUMBER_ID: "1234567890",
        WHATSAPP_APP_SECRET: "test-app-secret-0123456789",
        WHATSAPP_VERIFY_TOKEN: "verify-token-0123456789",
      },
      { servePages: true },
    );
    openDay = openWeekdays(t.config);
  });
  afterAll(async () => {
    await t.close();
    await smsc.close();
    await sink.close();
    await new Promise((resolve) => cloud.close(resolve));
  });

  /**
   * Sends every e-mail due `at` (now by default; a reminder is queued on the day before, ahead of
   * the real clock) to the SMTP server; answers those the server received for `email`, by subject.
   */
  async function mailsTo(email: string, at = new Date()) {
    const sender = createSender(t.config);
    const options = { from: t.config.mail.from, maxAttempts: t.config.mail.maxAttempts, now: () => at };
    await deliverDueMail(t.db, sender.send, options);
    sender.close();
    const mails = readMails(sink.dir)
      .map(mailParts)
      .filter((mail) => mail.headers.to === email);
    return new Map(mails.map((mail) => [header(mail.headers.subject), mail]));
  }
  const textOf = (mail: ReturnType<typeof mailParts>) =>
    mail.parts.find((p) => p.contentType === "text/plain")!.body.replace(/\r\n/g, "\n");
  const htmlOf = (mail: ReturnType<typeof mailParts>) => mail.parts.find((p) => p.contentType === "text/html")?.body;

  /** Sends every text due `at` through the SMPP server and the WhatsApp stand-in. */
  async function sendTexts(at = new Date()) {
    const senders = createTextSenders(t.db, t.config);
    try {
      expect(await senders.smpp!.whenBound(3000)).toBe(true);
      const options = { quietHours: null, maxAttempts: 3, claimMs: claimMs(t.config), now: () => at };
      await deliverDueMessages(t.db, senders, options);
    } finally {
      await senders.close();
    }
  }
  const smsTo = (phone: string) => smsc.submits.filter((s) => `+${s.to.replace(/^\+/, "")}` === phone);

  const rt = () => staffRuntime(t.db, t.config);

  it("the request: e-mail, SMS and links in Setswana; an English patient's unchanged", async () => {
    const email = "mpho.tn@example.net";
    const booked = await bookWithLink(t, {
      language: "tn",
      email,
      phoneNumber: "71000101",
      idPassportNumber: "100000101",
    });
    expect(booked.row.language).toBe("tn");
    expect(booked.path).toMatch(/^\/tn\/appointment\/[A-Za-z0-9_-]{43}$/);
    const english = await bookWithLink(t, {
      email: "neo.en@example.net",
      phoneNumber: "71000102",
      idPassportNumber: "100000102",
    });
    expect(english.path).toMatch(/^\/appointment\//);

    const received = await mailsTo(email);
    expect([...received.keys()]).toEqual([m.mail_received_subject({ ref: booked.reference }, tn)]);
    const [mail] = received.values();
    const text = textOf(mail!);
    expect(text).toMatch(/^Dumela Kagiso,$/m);
    expect(text).toContain(m.mail_request_received_at({ clinicName: t.config.clinic.name }, tn));
    expect(text).toContain(`Letlha le o le kopileng: ${formatLongDate(booked.row.requested_date, "tn")}`);
    expect(text).toContain("Melawana ya go beeletsa:");
    expect(text).toMatch(/^Bona, fetola kgotsa khansela peeletso ya gago: http:\/\/[^/]+\/tn\/appointment\/\S{43}$/m);
    expect(text).not.toMatch(/Dear|Reference|Booking policy|Questions\?/);
    const html = htmlOf(mail!)!;
    expect(html).toMatch(/^<!doctype html><html lang="tn">/);
    expect(html).toContain(`/tn/appointment/`);

    const mailEn = (await mailsTo("neo.en@example.net")).get(`Your appointment request ${english.reference}`);
    const textEn = textOf(mailEn!);
    expect(textEn).toMatch(/^Dear Kagiso,$/m);
    expect(textEn).toContain(`We have received your appointment request at ${t.config.clinic.name}.`);
    expect(textEn).toContain("Booking policy:\n- Please arrive 15 minutes before your appointment.");
    expect(textEn).toMatch(/^See, change or cancel your appointment: http:\/\/[^/]+\/appointment\/\S{43}$/m);
    expect(htmlOf(mailEn!)).toMatch(/^<!doctype html><html lang="en">/);

    await sendTexts();
    const [sms] = smsTo("+26771000101");
    expect(sms!.dataCoding).toBe(0);
    expect(septetCount(sms!.text)).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
    expect(sms!.text).toContain(`kopo ${booked.reference}`);
    expect(sms!.text).toContain(smsDate(booked.row.requested_date, "tn"));
    expect(sms!.text).toMatch(/\/tn\/appointment\/[A-Za-z0-9_-]{43}$/);
    const [smsEn] = smsTo("+26771000102");
    expect(smsEn!.text).toContain(`request ${english.reference}`);
    expect(smsEn!.text).toMatch(/[^n]\/appointment\/[A-Za-z0-9_-]{43}$/);
  });

  it("confirmed, the reminder, moved and cancelled by the clinic: each e-mail and SMS in Setswana", async () => {
    const email = "lesego.tn@example.net";
    const day = openDay(5);
    const later = openDay(12);
    const booked = await bookWithLink(t, {
      language: "tn",
      email,
      phoneNumber: "71000201",
      idPassportNumber: "100000201",
      appointmentDate: day,
    });
    const staff = await addStaff(t.db, { role: "reception" });
    await orThrow(
      changeStatus(rt(), staff, booked.id, {
        to: "confirmed",
        date: day,
        time: "10:00",
        examination: null,
        room: null,
      }),
    );
    const dayBefore = clinicInstant(addDays(day, -1), "17:00");
    expect(await sendDueReminders(t.db, t.config, dayBefore)).toBe(1);
    await orThrow(
      moveAppointment(rt(), staff, booked.id, { date: later, time: "11:00", examination: null, room: null }),
    );
    await orThrow(changeStatus(rt(), staff, booked.id, { to: "cancelled", reason: "Motšhini o a baakanngwa" }));

    const mails = await mailsTo(email, dayBefore);
    const when = (date: string, time: string) => m.mail_when({ date: formatLongDate(date, "tn"), time }, tn);
    const subjects = {
      confirmed: m.mail_confirmed_subject({ service: xray, when: when(day, "10:00") }, tn),
      reminder: m.mail_reminder_subject({ when: when(day, "10:00") }, tn),
      moved: m.mail_moved_subject({ service: xray, when: when(later, "11:00") }, tn),
      cancelled: m.mail_cancelled_subject({ service: xray, ref: booked.reference }, tn),
    };
    expect([...mails.keys()].sort()).toEqual(
      [m.mail_received_subject({ ref: booked.reference }, tn), ...Object.values(subjects)].sort(),
    );
    const [confirmed, reminder, moved, cancelled] = Object.values(subjects).map((subject) =>
      textOf(mails.get(subject)!),
    );
    expect(confirmed).toContain(m.mail_confirmed_intro({ service: xray, when: when(day, "10:00") }, tn));
    expect(confirmed).toContain(m.mail_confirmed_calendar({}, tn));
    const ics = mails.get(subjects.confirmed)!.parts.find((p) => p.contentType === "text/calendar")!.body;
    expect(ics).toContain(`SUMMARY:${xray} kwa`);
    expect(reminder).toContain(m.mail_reminder_intro({ service: xray, when: when(day, "10:00") }, tn));
    expect(reminder).toContain(visitWords("tn").pleaseArriveEarly);
    expect(htmlOf(mails.get(subjects.reminder)!)).toMatch(/^<!doctype html><html lang="tn">/);
    expect(moved).toContain(m.mail_moved_intro({ service: xray, when: when(later, "11:00") }, tn));
    expect(cancelled).toContain(m.mail_cancelled_intro({ service: xray }, tn));
    expect(cancelled).toContain("Lebaka: Motšhini o a baakanngwa");
    for (const text of [confirmed, reminder, moved, cancelled]) {
      expect(text).toMatch(/^Dumela Kagiso,$/m);
      expect(text).toMatch(/\/tn\/appointment\/[A-Za-z0-9_-]{43}$/m);
      expect(text).not.toMatch(/\bDear\b|Reference:|Questions\?|appointment for/);
    }

    await sendTexts(dayBefore);
    const sms = smsTo("+26771000201").map((s) => s.text);
    expect(sms).toHaveLength(5);
    for (const text of sms) {
      expect(septetCount(text)).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
      expect(text).toMatch(/\/tn\/appointment\/[A-Za-z0-9_-]{43}$/);
      expect(text).not.toMatch(/\b(confirmed|tomorrow|moved|cancelled|request)\b/);
    }
    const short = (iso: string) => smsDate(iso, "tn");
    expect(sms).toContainEqual(expect.stringMatching(`e tlhomamisitswe ka ${short(day)} ka 10:00`));
    // The reminder gives the time to arrive by (decision 069).
    expect(sms).toContainEqual(expect.stringMatching(`${short(day)} 10:00\\. Goroga pele ga 09:45\\.`));
    expect(sms).toContainEqual(expect.stringMatching(`e sutisitswe go ${short(later)} ka 11:00`));
    expect(sms).toContainEqual(expect.stringMatching(`re khansetse peeletso ${booked.reference}`));
  });

  it("a closure: the e-mail in Setswana, and WhatsApp's English template leads to the Setswana page", async () => {
    const email = "naledi.tn@example.net";
    const closed = openDay(20);
    const booked = await bookWithLink(t, {
      language: "tn",
      email,
      phoneNumber: "71000301",
      idPassportNumber: "100000301",
      appointmentDate: closed,
      contactPreference: "whatsapp",
    });
    const manager = await addStaff(t.db, { role: "manager" });
    const result = await closeAndTell(
      rt(),
      manager,
      { firstDate: closed, lastDate: closed, reason: "Motlakase o kgaotsegile" },
      { confirmed: true },
    );
    expect(result).toMatchObject({ ok: true, saved: true });
    const date = formatLongDate(closed, "tn");
    const closure = (await mailsTo(email)).get(m.mail_closure_subject({ service: xray, date }, tn));
    const text = textOf(closure!);
    expect(text).toContain(m.mail_closure_clinic({ date, reason: "Motlakase o kgaotsegile." }, tn));
    expect(text).toContain(m.mail_closure_request({ service: xray, date }, tn));
    expect(text).toContain(m.mail_closure_choose({}, tn));
    expect(text).toMatch(/\/tn\/appointment\/[A-Za-z0-9_-]{43}$/m);

    whatsapp.length = 0;
    await sendTexts();
    const templateOf = (call: Record<string, unknown>) => call.template as { name: string; language: { code: string } };
    // The two are handed over side by side (the worker's window), so either may arrive first: PostgreSQL's
    // pool claims them at once, SQLite's one connection one after the other.
    expect(whatsapp.map((call) => [templateOf(call).name, templateOf(call).language.code]).sort()).toEqual([
      ["appointment_request_received", "en"],
      ["clinic_closed_on_appointment_day", "en"],
    ]);
    const params = JSON.stringify(
      whatsapp.find((call) => templateOf(call).name === "clinic_closed_on_appointment_day"),
    );
    expect(params).toMatch(/\/tn\/appointment\/[A-Za-z0-9_-]{43}/);
    // The SMS kept beside it (the history, and the fallback) is the Setswana one.
    const [row] = await t.db
      .selectFrom("text_messages")
      .select("body")
      .where("about_reference", "=", booked.reference)
      .where("kind", "=", "closed")
      .execute();
    expect(row!.body).toContain("re tswetse");
  });

  it("the private page at /tn/appointment/<token> is in Setswana, and so are its forms' answers", async () => {
    const booked = await bookWithLink(t, {
      language: "tn",
      email: "kabo.tn@example.net",
      phoneNumber: "71000401",
      idPassportNumber: "100000401",
    });
    const words = patientLinkWords("tn");
    const shown = await t.app.inject({ method: "GET", url: booked.path });
    expect(shown.statusCode).toBe(200);
    const body = page(shown.body);
    expect(body).toContain('<html lang="tn"');
    expect(body).toContain(`<title>${m.private_title({}, tn)}</title>`);
    expect(body).toContain(`<h1>${m.private_title({}, tn)}</h1>`);
    expect(body).toContain(words.statusWords.requested);
    expect(body).toContain(formatLongDate(booked.row.requested_date, "tn"));
    expect(body).toContain(esc(m.private_safety_pregnant_question({}, tn)));
    expect(body).toContain(m.private_updates_title({}, tn));
    expect(body).toContain(`action="${booked.path}"`);
    expect(body).not.toMatch(/Your appointment|Change the date|Safety questions|How we send you updates/);

    const post = async (fields: Record<string, string>) => {
      const row = await t.db
        .selectFrom("appointments")
        .select("updated_at")
        .where("id", "=", booked.id)
        .executeTakeFirstOrThrow();
      const res = await t.app.inject({
        method: "POST",
        url: booked.path,
        headers: SAME_ORIGIN,
        payload: form({ version: row.updated_at, ...fields }),
      });
      return { status: res.statusCode, body: page(res.body) };
    };
    const contact = contactPreferenceWords("tn");
    const badChannel = await post({ intent: "contact", contactPreference: "pigeon" });
    expect(badChannel.status).toBe(400);
    expect(badChannel.body).toContain(contact.message);
    expect(badChannel.body).toContain(`<title>${m.private_error_title({}, tn)}</title>`);
    expect(badChannel.body).toContain(m.private_problem_title({}, tn));
    const channel = await post({ intent: "contact", contactPreference: "whatsapp" });
    expect(channel.status).toBe(200);
    expect(channel.body).toContain(contact.chosen({ choice: "whatsapp", mobile: true, whatsapp: true }));
    // WhatsApp is set up on this server, so the page offers it, checked.
    expect(channel.body).toMatch(/<input[^>]*id="contactPreference-whatsapp"[^>]*checked=""/);

    const safety = safetyWords("tn");
    const badAnswer = await post({ intent: "safety", "safety-pregnant": "maybe" });
    expect(badAnswer.status).toBe(400);
    expect(badAnswer.body).toContain(safety.messages.invalid);
    expect(badAnswer.body).toContain(safety.messages.badChoice);
    const saved = await post({ intent: "safety", "safety-pregnant": "no" });
    expect(saved.body).toContain(safety.messages.saved);
    expect(saved.body).toMatch(/Di bolokilwe la bofelo ka \S+ \d{1,2} \S+ \d{4} ka \d\d:\d\d\./);

    const past = await post({ intent: "change", date: addDays(booked.row.requested_date, -30) });
    expect(past.status).toBe(400);
    expect(past.body).toContain(m.validation_date_past({}, tn));
    const same = await post({ intent: "change", date: booked.row.requested_date });
    expect(same.body).toContain(words.messages.sameDate);
    const next = openDate(6) === booked.row.requested_date ? openDate(7) : openDate(6);
    const changed = await post({ intent: "change", date: next });
    expect(changed.status).toBe(200);
    expect(changed.body).toContain(words.messages.changed);
    expect(changed.body).toContain(words.changeMailed);

    const cancelled = await post({ intent: "cancel", reason: "" });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toContain(words.messages.cancelled);
    expect(cancelled.body).toContain('href="/tn/book-appointment"');
    const again = await post({ intent: "cancel", reason: "" });
    expect(again.status).toBe(409);
    expect(again.body).toContain(words.messages.alreadyCancelled);

    // The patient's own record of each change, in Setswana, with the Setswana booking page.
    const records = await mailsTo("kabo.tn@example.net");
    const change = records.get(m.mail_change_changed_subject({ ref: booked.reference }, tn));
    const cancel = records.get(m.mail_change_cancelled_subject({ ref: booked.reference }, tn));
    expect(textOf(change!)).toContain(
      m.mail_change_changed(
        { date: formatLongDate(next, "tn"), from: formatLongDate(booked.row.requested_date, "tn") },
        tn,
      ),
    );
    expect(textOf(cancel!)).toMatch(/beeletsa peeletso e ntšha: http:\/\/[^/]+\/tn\/book-appointment$/m);
  });

  it("a wrong link at /tn/appointment/ is not found, in Setswana", async () => {
    const res = await t.app.inject({ method: "GET", url: `/tn/appointment/${"x".repeat(43)}` });
    expect(res.statusCode).toBe(404);
    expect(page(res.body)).toContain(`<h1>${m.private_link_not_valid({}, tn)}</h1>`);
  });

  it("staff see the patient's language on the appointment and in the enquiries", async () => {
    const booked = await bookWithLink(t, {
      language: "tn",
      email: "tumelo.tn@example.net",
      phoneNumber: "71000501",
      idPassportNumber: "100000501",
    });
    const enquiry = await t.app.inject({
      method: "POST",
      url: ENQUIRY_PATH,
      payload: validEnquiry({ language: "tn", description: "A lo bula ka Matlhatso?" }),
    });
    expect(enquiry.statusCode).toBe(201);
    const english = await t.app.inject({ method: "POST", url: ENQUIRY_PATH, payload: validEnquiry() });
    expect(english.statusCode).toBe(201);
    const staff = await addStaff(t.db, { role: "reception" });
    const cookie = await sessionCookieFor(t.db, t.config, staff.id);
    const appointment = await t.app.inject({
      method: "GET",
      url: `/staff/appointments/${booked.id}`,
      headers: { cookie },
    });
    expect(appointment.statusCode).toBe(200);
    expect(page(appointment.body)).toMatch(/<dt>Language<\/dt><dd>Setswana<\/dd>/);
    const enquiries = await t.app.inject({ method: "GET", url: "/staff/enquiries?status=all", headers: { cookie } });
    expect(page(enquiries.body)).toContain("Language: Setswana");
    expect(page(enquiries.body)).toContain("Language: English");
  });
});
