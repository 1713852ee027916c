import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APPOINTMENT_PATH } from "../../domain/api-paths";
import { CONTACT_PREFERENCE_MESSAGE, contactChoiceWords, contactPreferenceHint } from "../../domain/contact-preference";
import { formatAbbreviatedDate } from "../../domain/dates";
import { createTestApp, type TestApp } from "../helpers/app";
import { bookWithLink } from "../helpers/patient-link";
import { openDate, validAppointment } from "../helpers/requests";
import { distinctDays } from "../helpers/days";
import { addStaff, sessionCookieFor } from "../helpers/staff";
import { failingTexts } from "../../server/appointments/front-desk/overview";
import { resendMessage } from "../../server/texts/index";

/**
 * Every step of an appointment texts the patient by the channel they chose
 * (decision 030), queued in the transaction that makes the step: the request
 * received, and the patient's own change or cancellation; the private page
 * lets them switch channel or stop texts. Needs a client build (`npm run build`).
 */

const SAME_ORIGIN = { "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" };
/** HTML-escaped as React writes text. */
const esc = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");

describe("texts to the patient", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: "false", MESSAGE_QUIET_HOURS: "" }, { servePages: true });
  });
  afterAll(() => t.close());

  const texts = (reference: string) =>
    t.db.selectFrom("text_messages").selectAll().where("about_reference", "=", reference).orderBy("id").execute();
  const version = async (id: number) =>
    (await t.db.selectFrom("appointments").select("updated_at").where("id", "=", id).executeTakeFirstOrThrow())
      .updated_at;
  const post = async (path: string, id: number, fields: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url: path,
      headers: SAME_ORIGIN,
      payload: new URLSearchParams({ version: await version(id), ...fields }).toString(),
    });

  it("a booking without a choice and a mobile number gets the request-received SMS: reference, date and link, no service", async () => {
    const { reference, row, path } = await bookWithLink(t);
    expect(row.contact_preference).toBeNull();
    const [sms, ...more] = await texts(reference);
    expect(more).toEqual([]);
    expect(sms).toMatchObject({ channel: "sms", kind: "received", to_number: "+26771234567", status: "pending" });
    expect(sms!.body).toContain(reference);
    expect(sms!.body).toContain("/appointment/");
    expect(sms!.body).not.toMatch(/x-ray/i);
    // The link in the SMS opens the same appointment as the booking's answer.
    const token = /\/appointment\/([A-Za-z0-9_-]+)/.exec(sms!.body)![1]!;
    const page = await t.app.inject({ method: "GET", url: `/appointment/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(reference);
    expect(path).toMatch(/^\/appointment\//);
  });

  it("stores the choice the booking sends: WhatsApp is queued as WhatsApp, e-mail only sends no text", async () => {
    const whatsapp = await bookWithLink(t, { contactPreference: "whatsapp" });
    expect(whatsapp.row.contact_preference).toBe("whatsapp");
    expect((await texts(whatsapp.reference)).map((m) => [m.channel, m.kind])).toEqual([["whatsapp", "received"]]);

    const email = await bookWithLink(t, { contactPreference: "email" });
    expect(email.row.contact_preference).toBe("email");
    expect(await texts(email.reference)).toEqual([]);
  });

  it("e-mails the patient whatever the choice, and after their SMS failed for good", async () => {
    const mails = async (reference: string) =>
      (
        await t.db
          .selectFrom("mail_queue")
          .select("to_address")
          .where("about_reference", "=", reference)
          .where("to_address", "=", validAppointment().email as string)
          .execute()
      ).length;
    for (const contactPreference of [undefined, "sms", "whatsapp", "email"]) {
      const booked = await bookWithLink(t, contactPreference ? { contactPreference } : {});
      expect(await mails(booked.reference), String(contactPreference)).toBe(1);
    }
    // The request-received SMS failed on the network (a receipt's UNDELIV): the next step is e-mailed all the same.
    const { reference, id, path } = await bookWithLink(t);
    await t.db
      .updateTable("text_messages")
      .set({ status: "failed", last_error: "UNDELIV err:001" })
      .where("about_reference", "=", reference)
      .execute();
    expect((await post(path, id, { intent: "cancel", reason: "" })).statusCode).toBe(200);
    expect(await mails(reference)).toBe(2);
  });

  it("texts no landline, whatever was chosen", async () => {
    const landline = await bookWithLink(t, { phoneNumber: "3163012", contactPreference: "sms" });
    expect(await texts(landline.reference)).toEqual([]);
  });

  it("refuses a channel that is not one of the choices, and stores nothing", async () => {
    const before = await t.db.selectFrom("appointments").select("id").execute();
    const res = await t.app.inject({
      method: "POST",
      url: APPOINTMENT_PATH,
      payload: validAppointment({ contactPreference: "pigeon" }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.contactPreference).toBe(CONTACT_PREFERENCE_MESSAGE);
    expect(await t.db.selectFrom("appointments").select("id").execute()).toHaveLength(before.length);
  });

  it("the private page switches to e-mail only: the waiting SMS is stopped and the page says so", async () => {
    const { reference, id, path } = await bookWithLink(t);
    const res = await post(path, id, { intent: "contact", contactPreference: "email" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(esc(contactChoiceWords({ choice: "email", mobile: true, whatsapp: true })));
    const row = await t.db.selectFrom("appointments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.contact_preference).toBe("email");
    expect((await texts(reference)).map((m) => m.status)).toEqual(["stopped"]);

    // And back to WhatsApp: later steps are queued for WhatsApp. This server has no WhatsApp
    // number set up, so they leave as SMS, and the page says so rather than promise WhatsApp.
    const back = await post(path, id, { intent: "contact", contactPreference: "whatsapp" });
    expect(back.body).toContain(esc(contactChoiceWords({ choice: "sms", mobile: true, whatsapp: true })));
    expect(back.body).not.toContain(esc(contactChoiceWords({ choice: "whatsapp", mobile: true, whatsapp: true })));
    const page = await t.app.inject({ method: "GET", url: path });
    expect(page.body).toContain(esc(contactChoiceWords({ choice: "sms", mobile: true, whatsapp: true })));
    expect(page.body).not.toContain(esc(contactChoiceWords({ choice: "whatsapp", mobile: true, whatsapp: true })));
    // Nor does it offer WhatsApp, or name it in the hint: the choice it shows checked is the channel used, SMS.
    expect(page.body).not.toContain('value="whatsapp"');
    expect(page.body).toContain(esc(contactPreferenceHint("en", { whatsapp: false })));
    expect(page.body).not.toContain(esc(contactPreferenceHint("en", { whatsapp: true })));
    expect(page.body).toMatch(/<input[^>]*id="contactPreference-sms"[^>]*checked=""/);
    const cancelled = await post(path, id, { intent: "cancel", reason: "" });
    expect(cancelled.statusCode).toBe(200);
    expect((await texts(reference)).map((m) => [m.channel, m.kind])).toEqual([
      ["sms", "received"],
      ["whatsapp", "patient-cancelled"],
    ]);
  });

  it("a bad channel on the private page is an error that changes nothing", async () => {
    const { id, path } = await bookWithLink(t);
    const res = await post(path, id, { intent: "contact", contactPreference: "carrier-pigeon" });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(CONTACT_PREFERENCE_MESSAGE);
    const row = await t.db.selectFrom("appointments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.contact_preference).toBeNull();
  });

  it("the patient's change of date texts them with the new date", async () => {
    const { reference, id, path, row } = await bookWithLink(t);
    const calendar = await t.app.inject({ method: "GET", url: path });
    expect(calendar.statusCode).toBe(200);
    // Another open day than the one requested: from 24 March 2027 (Easter), "2" to "6 days ahead" are all 30 March.
    const days = distinctDays((offset) => openDate(offset));
    days(2); // validAppointment()'s day (tests/helpers/requests.ts)
    const next = days(5);
    expect(next).not.toBe(row.requested_date);
    const res = await post(path, id, { intent: "change", date: next });
    expect(res.statusCode).toBe(200);
    const changed = (await texts(reference)).at(-1)!;
    expect(changed.kind).toBe("patient-changed");
    // "Tue 1 Dec": the shortest wording drops the year.
    expect(changed.body).toContain(`new date ${formatAbbreviatedDate(next).replace(/ \d{4}$/, "")}`);
  });

  it("the overview warns of a failed text and links its appointment, until staff send it again", async () => {
    const { reference, id } = await bookWithLink(t);
    const [sms] = await texts(reference);
    await t.db
      .updateTable("text_messages")
      .set({ status: "failed", last_error: "0x0b", status_at: new Date().toISOString() })
      .where("id", "=", sms!.id)
      .execute();
    const failing = await failingTexts(t.db, new Date());
    expect(failing.count).toBeGreaterThanOrEqual(1);
    expect(failing.about).toContainEqual({ id, reference });

    const reception = await addStaff(t.db, { role: "reception" });
    const cookie = await sessionCookieFor(t.db, t.config, reception.id);
    const page = await t.app.inject({ method: "GET", url: "/staff", headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body.replace(/<!-- -->/g, "")).toMatch(/text messages? to patients failed in the last 7 days/);
    expect(page.body).toContain(`href="/staff/appointments/${id}#messages"`);

    expect(await resendMessage(t.db, sms!.id)).toMatchObject({ ok: true });
    expect((await failingTexts(t.db, new Date())).about).not.toContainEqual({ id, reference });
  });
});
