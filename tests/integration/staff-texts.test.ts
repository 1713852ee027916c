import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orThrow } from "../helpers/outcome";
import { CONTACT_PREFERENCE_LABELS } from "../../domain/contact-preference";
import { addDays, clinicInstant, clinicToday, formatAbbreviatedDate, formatClinicDateTime } from "../../domain/dates";
import { parseQuietHours, TEXT_KIND_LABELS, TEXT_STATUS_LABELS } from "../../domain/text-messages";
import { closeAndTell } from "../../server/appointments/front-desk/closure-effects";
import { sendDueReminders } from "../../server/appointments/notices/reminders";
import { changeStatus, moveAppointment } from "../../server/appointments/front-desk/staff-changes";
import { resendAppointmentText, RESEND_REFUSED } from "../../server/appointments/notices/texts";
import { staffRuntime } from "../../server/db/runtime";
import { createTestApp, type TestApp } from "../helpers/app";
import { addStaff, form, openWeekdays, SAME_ORIGIN, seedAppointment, sessionCookieFor } from "../helpers/staff";

/** HTML-escaped as React writes text. */
const esc = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");

/**
 * What staff do to an appointment texts the patient by their channel
 * (decision 030), in the same transaction as the change and its e-mail:
 * confirmed, moved, cancelled by the clinic, the clinic closed that day.
 * A failed text can be sent again from the appointment's page, and only one
 * of that appointment's own. Needs a client build (`npm run build`).
 */
describe("texts from the desk", () => {
  let t: TestApp;
  let day: string;
  let later: string;
  /** Each test's own day: a closure left on one never refuses another's confirmation. */
  let openDay: (offset: number) => string;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: "false", MESSAGE_QUIET_HOURS: "" }, { servePages: true });
    openDay = openWeekdays(t.config);
    day = openDay(5);
    later = openDay(12);
  });
  afterAll(() => t.close());

  const rt = () => staffRuntime(t.db, t.config);
  const reference = async (id: number) =>
    (await t.db.selectFrom("appointments").select("reference").where("id", "=", id).executeTakeFirstOrThrow())
      .reference;
  const texts = async (id: number) =>
    t.db
      .selectFrom("text_messages")
      .selectAll()
      .where("about_reference", "=", await reference(id))
      .orderBy("id")
      .execute();

  /** "Send again" on the appointment's page for one of its messages, posted with this session. */
  const resend = (cookie: string, id: number, messageId: number) =>
    t.app.inject({
      method: "POST",
      url: `/staff/appointments/${id}`,
      headers: { ...SAME_ORIGIN, cookie },
      payload: form({ intent: "resend", messageId: String(messageId) }),
    });
  /** The desk confirms the appointment at `time` on `date`, no examination chosen; a refusal fails the test. */
  const confirm = (
    staff: Parameters<typeof changeStatus>[1],
    id: number,
    date: string,
    time: string,
    room: string | null = null,
    runtime = rt(),
  ) => orThrow(changeStatus(runtime, staff, id, { to: "confirmed", date, time, examination: null, room }));

  it("confirming, moving and cancelling each text the patient with the new facts", async () => {
    const staff = await addStaff(t.db, { role: "reception" });
    const id = await seedAppointment(t.db, { service_name: "x-ray", requested_date: day, phone: "+26771000111" });
    await confirm(staff, id, day, "10:00");
    await orThrow(moveAppointment(rt(), staff, id, { date: later, time: "11:00", examination: null, room: null }));
    await orThrow(changeStatus(rt(), staff, id, { to: "cancelled", reason: "The machine is being repaired" }));
    const sent = await texts(id);
    expect(sent.map((m) => [m.kind, m.channel, m.to_number])).toEqual([
      ["confirmed", "sms", "+26771000111"],
      ["moved", "sms", "+26771000111"],
      ["cancelled", "sms", "+26771000111"],
    ]);
    const short = (iso: string) => formatAbbreviatedDate(iso).replace(/ \d{4}$/, "");
    expect(sent[0]!.body).toContain(short(day));
    expect(sent[0]!.body).toContain("10:00");
    expect(sent[1]!.body).toContain(short(later));
    expect(sent[1]!.body).toContain("11:00");
    // No health detail, not even the reason staff typed: the phone may be shared.
    for (const m of sent) {
      expect(m.body).not.toMatch(/x-ray|machine|repaired/i);
      expect(m.body).toContain(await reference(id));
    }
  });

  it("a patient who chose e-mail only gets no text from the desk", async () => {
    const staff = await addStaff(t.db, { role: "reception" });
    const id = await seedAppointment(t.db, {
      service_name: "x-ray",
      requested_date: day,
      phone: "+26771000222",
      contact_preference: "email",
    });
    await confirm(staff, id, day, "12:00");
    expect(await texts(id)).toEqual([]);
  });

  it("a closure over the day texts each patient it reaches that the clinic is closed", async () => {
    const manager = await addStaff(t.db, { role: "manager" });
    const closed = openDay(20);
    const id = await seedAppointment(t.db, { service_name: "x-ray", requested_date: closed, phone: "+26771000333" });
    const result = await closeAndTell(
      rt(),
      manager,
      { firstDate: closed, lastDate: closed, reason: "Power cut" },
      { confirmed: true },
    );
    expect(result).toMatchObject({ ok: true, saved: true });
    const [text] = await texts(id);
    expect(text).toMatchObject({ kind: "closed", channel: "sms", to_number: "+26771000333" });
    expect(text!.body).not.toMatch(/power/i);
  });

  it("one room out of service over the day texts that the appointment cannot go ahead, not that the clinic is closed", async () => {
    const manager = await addStaff(t.db, { role: "manager" });
    const out = openDay(22);
    const id = await seedAppointment(t.db, { service_name: "x-ray", requested_date: out, phone: "+26771000999" });
    await confirm(manager, id, out, "10:00", "x-ray");
    const result = await closeAndTell(
      rt(),
      manager,
      { firstDate: out, lastDate: out, reason: "X-ray tube replacement", room: "x-ray" },
      { confirmed: true },
    );
    expect(result).toMatchObject({ ok: true, saved: true });
    const text = (await texts(id)).at(-1)!;
    expect(text).toMatchObject({ kind: "room-closed", channel: "sms", to_number: "+26771000999" });
    expect(text.body).toContain(await reference(id));
    expect(text.body).not.toMatch(/closed|x-ray|tube/i);
  });

  it("staff send a failed text again from the appointment's page, only one of its own, once", async () => {
    const reception = await addStaff(t.db, { role: "reception" });
    const cookie = await sessionCookieFor(t.db, t.config, reception.id);
    const id = await seedAppointment(t.db, { service_name: "x-ray", requested_date: day, phone: "+26771000444" });
    const other = await seedAppointment(t.db, { service_name: "x-ray", requested_date: day, phone: "+26771000555" });
    await confirm(reception, id, day, "14:00");
    await confirm(reception, other, day, "15:00");
    const [failed] = await texts(id);
    const [othersText] = await texts(other);
    await t.db
      .updateTable("text_messages")
      .set({ status: "failed" })
      .where("id", "in", [failed!.id, othersText!.id])
      .execute();

    const page = await t.app.inject({ method: "GET", url: `/staff/appointments/${id}`, headers: { cookie } });
    expect(page.body).toContain("Messages to the patient");
    expect(page.body).toContain("Send again");
    // Each message's step, channel, time and status, in its row.
    const rowOf = /<tr[^>]*>(?:(?!<\/tr>).)*Send again(?:(?!<\/tr>).)*<\/tr>/s.exec(
      page.body.replace(/<!-- -->/g, ""),
    )![0];
    expect(rowOf).toContain(TEXT_KIND_LABELS.confirmed);
    expect(rowOf).toContain(CONTACT_PREFERENCE_LABELS.sms);
    expect(rowOf).toContain(formatClinicDateTime(failed!.created_at));
    expect(rowOf).toContain(TEXT_STATUS_LABELS.failed);
    // The text as it was sent: its words and number (decision 043).
    expect(rowOf).toContain(esc(failed!.body));
    expect(rowOf).toContain("+26771000444");

    const post = (messageId: number) => resend(cookie, id, messageId);
    // Another appointment's message is refused and nothing is queued.
    const wrong = await post(othersText!.id);
    expect(wrong.statusCode).toBe(422);
    expect((await texts(other)).length).toBe(1);

    const ok = await post(failed!.id);
    expect(ok.statusCode).toBe(302);
    // The page comes back at the messages, and says there that the message goes again (not off-screen at the top).
    expect(ok.headers.location).toBe(`/staff/appointments/${id}?done=resent#messages`);
    const back = await t.app.inject({ method: "GET", url: ok.headers.location!.split("#")[0]!, headers: { cookie } });
    const section = /<section id="messages"(?:(?!<\/section>).)*<\/section>/s.exec(back.body)![0];
    expect(section).toContain("The text message is queued to be sent again.");
    expect(back.body.indexOf("The text message is queued to be sent again.")).toBeGreaterThan(
      back.body.indexOf('<section id="messages"'),
    );
    const after = await texts(id);
    expect(after.map((m) => [m.status, m.resent_from])).toEqual([
      ["failed", null],
      ["pending", failed!.id],
    ]);
    expect(await resendAppointmentText(rt(), reception, id, failed!.id)).toEqual({
      ok: false,
      reason: "already-resent",
    });
    expect(RESEND_REFUSED["already-resent"]).toMatch(/already/);
    const audit = await t.db.selectFrom("staff_audit").selectAll().where("action", "=", "text_resent").execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).not.toContain("+267");
  });

  it("the desk changes or stops the patient's channel as they ask on the phone: reception and manager, audited; e-mail only stops the texts still waiting", async () => {
    const reception = await addStaff(t.db, { role: "reception" });
    const manager = await addStaff(t.db, { role: "manager" });
    const id = await seedAppointment(t.db, { service_name: "x-ray", requested_date: day, phone: "+26771000121" });
    await confirm(reception, id, day, "08:00");
    const [waiting] = await texts(id);
    expect(waiting!.status).toBe("pending");
    const post = async (staffId: number, channel: string, headers: Record<string, string> = SAME_ORIGIN) =>
      t.app.inject({
        method: "POST",
        url: `/staff/appointments/${id}`,
        headers: { ...headers, cookie: await sessionCookieFor(t.db, t.config, staffId) },
        payload: form({ intent: "channel", channel }),
      });
    const preference = async () =>
      (
        await t.db
          .selectFrom("appointments")
          .select("contact_preference")
          .where("id", "=", id)
          .executeTakeFirstOrThrow()
      ).contact_preference;

    // The page offers the choice; WhatsApp only while it is set up (here it is not).
    const cookie = await sessionCookieFor(t.db, t.config, reception.id);
    const page = await t.app.inject({ method: "GET", url: `/staff/appointments/${id}`, headers: { cookie } });
    expect(page.body).toContain("Change how the patient gets texts");
    expect(page.body).toContain(`id="channel-sms"`);
    expect(page.body).toContain(`id="channel-email"`);
    expect(page.body).not.toContain(`id="channel-whatsapp"`);
    const refused = await post(reception.id, "whatsapp");
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain("WhatsApp is not set up");
    expect((await post(reception.id, "fax")).statusCode).toBe(400);
    expect(await preference()).toBeNull();

    // A cross-site post and a post without a session change nothing.
    const crossSite = await post(reception.id, "email", {
      "sec-fetch-site": "cross-site",
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(crossSite.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: "POST",
      url: `/staff/appointments/${id}`,
      headers: SAME_ORIGIN,
      payload: form({ intent: "channel", channel: "email" }),
    });
    expect(anonymous.headers.location).toBe("/staff/login");
    expect(await preference()).toBeNull();

    // Reception stops texts: the waiting one is stopped, and the page comes back to the section, saying so.
    const stopped = await post(reception.id, "email");
    expect(stopped.statusCode).toBe(302);
    expect(stopped.headers.location).toBe(`/staff/appointments/${id}?done=channel#messages`);
    expect(await preference()).toBe("email");
    expect((await texts(id)).map((m) => m.status)).toEqual(["stopped"]);
    const back = await t.app.inject({
      method: "GET",
      url: stopped.headers.location!.split("#")[0]!,
      headers: { cookie },
    });
    const section = /<section id="messages"(?:(?!<\/section>).)*<\/section>/s.exec(
      back.body.replace(/<!-- -->/g, ""),
    )![0];
    expect(section).toContain("Saved: how the patient gets texts.");
    expect(section).toContain("no texts (e-mail only)");
    // A manager turns SMS back on; the next step texts again.
    expect((await post(manager.id, "sms")).statusCode).toBe(302);
    expect(await preference()).toBe("sms");
    await orThrow(moveAppointment(rt(), manager, id, { date: later, time: "09:00", examination: null, room: null }));
    expect((await texts(id)).map((m) => [m.kind, m.status])).toEqual([
      ["confirmed", "stopped"],
      ["moved", "pending"],
    ]);
    const audit = await t.db
      .selectFrom("staff_audit")
      .selectAll()
      .where("action", "=", "text_channel_set")
      .where("target_id", "=", String(id))
      .orderBy("id")
      .execute();
    expect(audit.map((a) => [a.staff_id, a.detail])).toEqual([
      [reception.id, "not chosen to E-mail only"],
      [manager.id, "E-mail only to Text message (SMS)"],
    ]);
    for (const a of audit) expect(a.detail).not.toContain("+267");
  });

  it("any text done with can be sent again, a delivered one too; one still on its way cannot", async () => {
    const reception = await addStaff(t.db, { role: "reception" });
    const cookie = await sessionCookieFor(t.db, t.config, reception.id);
    const id = await seedAppointment(t.db, { service_name: "x-ray", requested_date: day, phone: "+26771000131" });
    await confirm(reception, id, day, "08:30");
    const [text] = await texts(id);
    const post = (messageId: number) => resend(cookie, id, messageId);
    const waiting = await post(text!.id);
    expect(waiting.statusCode).toBe(422);
    expect(waiting.body).toContain("still on its way");
    await t.db
      .updateTable("text_messages")
      .set({ status: "delivered", sent_at: new Date().toISOString() })
      .where("id", "=", text!.id)
      .execute();
    const page = await t.app.inject({ method: "GET", url: `/staff/appointments/${id}`, headers: { cookie } });
    const html = page.body.replace(/<!-- -->/g, "");
    expect(html).toContain(TEXT_STATUS_LABELS.delivered);
    expect(html).toContain("Send again");
    expect((await post(text!.id)).statusCode).toBe(302);
    expect((await texts(id)).map((m) => [m.status, m.resent_from])).toEqual([
      ["delivered", null],
      ["pending", text!.id],
    ]);
  });

  it("quiet hours hold the texts, never the e-mail: a confirmation at 21:30 is e-mailed at once and texted at 07:00; a reminder then is e-mailed only", async () => {
    const quiet = { ...t.config, texts: { ...t.config.texts, quietHours: parseQuietHours("20:00-07:00") } };
    const staff = await addStaff(t.db, { role: "reception" });
    const evening = clinicInstant(clinicToday(), "21:30");
    const id = await seedAppointment(t.db, { service_name: "x-ray", requested_date: day, phone: "+26771000777" });
    await confirm(
      staff,
      id,
      day,
      "09:00",
      null,
      staffRuntime(t.db, quiet, () => evening),
    );
    const mailsAbout = async (ref: string) =>
      t.db.selectFrom("mail_queue").selectAll().where("about_reference", "=", ref).execute();
    const [text] = await texts(id);
    expect(text!.next_attempt_at).toBe(clinicInstant(addDays(clinicToday(), 1), "07:00").toISOString());
    const [mail] = await mailsAbout(await reference(id));
    expect(mail!.next_attempt_at).toBe(evening.toISOString());

    // The reminder for tomorrow's 10:00, due at 21:30: quiet hours would hold it until the day itself.
    const tomorrow = await seedAppointment(t.db, {
      service_name: "x-ray",
      status: "confirmed",
      requested_date: "2027-03-02",
      confirmed_date: "2027-03-02",
      confirmed_time: "10:00",
      phone: "+26771000888",
    });
    const late = clinicInstant("2027-03-01", "21:30");
    expect(await sendDueReminders(t.db, quiet, late)).toBe(1);
    expect(await texts(tomorrow)).toEqual([]);
    const reminders = await mailsAbout(await reference(tomorrow));
    expect(reminders.map((m) => m.next_attempt_at)).toEqual([late.toISOString()]);
  });

  it("the day-before reminder texts the patient too, once", async () => {
    const id = await seedAppointment(t.db, {
      service_name: "x-ray",
      status: "confirmed",
      requested_date: "2027-03-02",
      confirmed_date: "2027-03-02",
      confirmed_time: "10:00",
      phone: "+26771000666",
    });
    const now = clinicInstant("2027-03-01", "17:00");
    await sendDueReminders(t.db, t.config, now);
    await sendDueReminders(t.db, t.config, now);
    const sent = await texts(id);
    expect(sent.map((m) => m.kind)).toEqual(["reminder"]);
    expect(sent[0]!.body).toContain("10:00");
  });
});
