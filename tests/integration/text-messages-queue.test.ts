import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { septetCount } from "../../domain/gsm7";
import {
  blankOldMessageBodies,
  deleteMessagesAbout,
  deleteOutboxFilesOf,
  enqueueMessage,
  failingMessages,
  messageBodiesBefore,
  messagesAbout,
  messagesFor,
  purgeSmsOutbox,
  queuePatientText,
  resendMessage,
  setContactPreference,
  smsOutboxDir,
} from "../../server/texts/index";
import { createTextSenders } from "../../server/texts/senders";
import { smsOutboxMessageId } from "../../server/texts/sms-outbox";
import { claimMs, deliverDueMessages } from "../../server/texts/worker";
import { newToken } from "../../server/base/tokens";
import { messagesTestDb, recordingLog, type MessagesTestDb } from "../helpers/messages";
import { seedAppointment } from "../helpers/staff";

/**
 * Queuing a step's message (channel, composition, quiet hours), the disk
 * outbox without SMPP_URL, the staff's history, resend and failing count,
 * the patient's choice, and retention (decision 030). SQLite, or PostgreSQL
 * with TEST_DATABASE_URL.
 */

let t: MessagesTestDb;
beforeAll(async () => {
  t = await messagesTestDb();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.deleteFrom("text_messages").execute();
  fs.rmSync(smsOutboxDir(t), { recursive: true, force: true });
});

const manageUrl = (origin = "http://127.0.0.1:3000") => `${origin}/appointment/${newToken()}`;
const row = (id: number) => t.db.selectFrom("text_messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

async function deliver(now: () => Date = () => new Date(), env: Record<string, string> = {}) {
  const config = t.config(env);
  const senders = createTextSenders(t.db, config);
  try {
    return await deliverDueMessages(t.db, senders, {
      quietHours: config.texts.quietHours,
      maxAttempts: 8,
      claimMs: claimMs(config),
      now,
    });
  } finally {
    await senders.close();
  }
}

describe("queuing a step's message", () => {
  const base = {
    reference: "APT-2026-000123",
    kind: "confirmed" as const,
    date: "2026-12-07",
    time: "10:15",
    language: "en" as const,
  };

  it("texts a mobile by SMS by default, with the clinic's SMS name, the facts and the link on the SMS origin", async () => {
    const config = t.config({ SMS_SENDER_NAME: "Gaborone Imaging", SMS_LINK_BASE_URL: "https://gi.example.bw" });
    const url = manageUrl("https://clinic.example.org");
    const queued = await queuePatientText(
      config,
      {
        ...base,
        phone: "+26771234567",
        preference: null,
        manageUrl: url,
      },
      new Date(),
      t.db,
    );
    expect(queued).toMatchObject({ channel: "sms" });
    const message = await row((queued as { id: number }).id);
    const link = `https://gi.example.bw${new URL(url).pathname}`;
    expect(message).toMatchObject({
      channel: "sms",
      to_number: "+26771234567",
      about_reference: base.reference,
      kind: "confirmed",
      template_json: null,
      status: "pending",
    });
    expect(message.body).toBe(
      `Gaborone Imaging: appointment APT-2026-000123 confirmed for Mon 7 Dec at 10:15. ${link}`,
    );
    expect(septetCount(message.body)).toBeLessThanOrEqual(160);
  });

  it("WhatsApp by choice, with its template and the SMS text beside it; nothing for e-mail only or a landline", async () => {
    const config = t.config();
    const url = manageUrl();
    const wa = await queuePatientText(
      config,
      {
        ...base,
        phone: "+26771234567",
        preference: "whatsapp",
        manageUrl: url,
      },
      new Date(),
      t.db,
    );
    const message = await row((wa as { id: number }).id);
    expect(message.channel).toBe("whatsapp");
    expect(JSON.parse(message.template_json!)).toEqual({
      name: "appointment_confirmed",
      language: "en",
      params: ["Example Imaging", "APT-2026-000123", "Monday 7 December 2026", "10:15", url],
    });
    expect(
      await queuePatientText(
        config,
        { ...base, phone: "+26771234567", preference: "email", manageUrl: url },
        new Date(),
        t.db,
      ),
    ).toEqual({ skipped: "email-only" });
    expect(
      await queuePatientText(
        config,
        { ...base, phone: "+2673163012", preference: "sms", manageUrl: url },
        new Date(),
        t.db,
      ),
    ).toEqual({ skipped: "not-mobile" });
  });

  it("queues in the caller's transaction: rolled back with it", async () => {
    const config = t.config();
    await t.db
      .transaction()
      .execute(async (trx) => {
        await queuePatientText(
          config,
          {
            ...base,
            phone: "+26771234567",
            preference: null,
            manageUrl: manageUrl(),
          },
          new Date(),
          trx,
        );
        throw new Error("the booking failed");
      })
      .catch(() => undefined);
    expect(await t.db.selectFrom("text_messages").selectAll().execute()).toHaveLength(0);
  });

  it("refuses a number not in E.164, a body past one segment, and WhatsApp without a template; nothing is stored", async () => {
    const ok = { channel: "sms" as const, to: "+26771234567", about: null, kind: "reminder" as const, body: "x" };
    await expect(enqueueMessage({ ...ok, to: "71234567" }, new Date(), t.db)).rejects.toThrow(/E\.164/);
    await expect(enqueueMessage({ ...ok, body: "x".repeat(161) }, new Date(), t.db)).rejects.toThrow(/160 septets/);
    await expect(enqueueMessage({ ...ok, body: "smile 😀" }, new Date(), t.db)).rejects.toThrow(/GSM-7/);
    await expect(enqueueMessage({ ...ok, channel: "whatsapp" }, new Date(), t.db)).rejects.toThrow(/template/);
    expect(await t.db.selectFrom("text_messages").selectAll().execute()).toHaveLength(0);
  });
});

describe("quiet hours, with the clock injected", () => {
  it("a message queued at 21:30 Gaborone time waits for 07:00; the worker sends it then, not before", async () => {
    const config = t.config({ MESSAGE_QUIET_HOURS: "20:00-07:00" });
    const evening = new Date("2026-12-07T19:30:00Z"); // 21:30 in Gaborone
    const queued = await queuePatientText(
      config,
      {
        reference: "APT-2026-000124",
        kind: "confirmed",
        date: "2026-12-08",
        time: "09:00",
        phone: "+26771234567",
        preference: null,
        manageUrl: manageUrl(),
        language: "en",
      },
      evening,
      t.db,
    );
    const id = (queued as { id: number }).id;
    expect((await row(id)).next_attempt_at).toBe("2026-12-08T05:00:00.000Z");
    const env = { MESSAGE_QUIET_HOURS: "20:00-07:00" };
    expect(await deliver(() => new Date("2026-12-08T04:59:00Z"), env)).toMatchObject({ sent: 0 });
    expect(await deliver(() => new Date("2026-12-08T05:00:00Z"), env)).toMatchObject({ sent: 1 });
  });

  it("a reminder that quiet hours would hold until the appointment's own day is not texted: it is the day before's", async () => {
    const config = t.config({ MESSAGE_QUIET_HOURS: "20:00-07:00" });
    const reminder = (at: Date) =>
      queuePatientText(
        config,
        {
          reference: "APT-2026-000126",
          kind: "reminder",
          date: "2026-12-08",
          time: "10:00",
          phone: "+26771234567",
          preference: null,
          manageUrl: manageUrl(),
          language: "en",
        },
        at,
        t.db,
      );
    // Queued at 21:30 the evening before (confirmed late): it could only leave at 07:00 on the day.
    expect(await reminder(new Date("2026-12-07T19:30:00Z"))).toEqual({ skipped: "too-late" });
    expect(await t.db.selectFrom("text_messages").selectAll().execute()).toHaveLength(0);
    // Queued at 19:30 the evening before, it goes at once.
    const early = await reminder(new Date("2026-12-07T17:30:00Z"));
    expect(early).toMatchObject({ channel: "sms" });
    expect((await row((early as { id: number }).id)).next_attempt_at).toBe("2026-12-07T17:30:00.000Z");
  });

  it("a message already due when quiet hours begin is held until they end (a retry, a resend)", async () => {
    const id = await enqueueMessage(
      { channel: "sms", to: "+26771234567", about: null, kind: "reminder", body: "held" },
      new Date("2026-12-07T17:00:00Z"),
      t.db,
    );
    const env = { MESSAGE_QUIET_HOURS: "20:00-07:00" };
    const night = await deliver(() => new Date("2026-12-07T22:00:00Z"), env); // midnight in Gaborone
    expect(night).toMatchObject({ sent: 0, postponed: 1 });
    expect(await row(id)).toMatchObject({
      status: "pending",
      next_attempt_at: "2026-12-08T05:00:00.000Z",
      attempts: 0,
    });
  });
});

describe("without SMPP_URL: the disk outbox", () => {
  it("writes each SMS to DATA_DIR/sms-outbox, named by the message's id (no number), 0600 in a 0700 folder", async () => {
    const id = await enqueueMessage(
      {
        channel: "sms",
        to: "+26771234567",
        about: "APT-2026-000125",
        kind: "received",
        body: "Example Imaging: hello",
      },
      new Date(),
      t.db,
    );
    expect(await deliver()).toMatchObject({ sent: 1 });
    const dir = smsOutboxDir(t);
    const [name] = fs.readdirSync(dir);
    expect(smsOutboxMessageId(name!)).toBe(id);
    // The whole name is the time, a random tail and the id: no room for the number. (A search for
    // "267" in it failed whenever the random tail or the milliseconds held those digits.)
    expect(name).toMatch(
      new RegExp(`^\\d{4}-\\d{2}-\\d{2}T\\d{2}-\\d{2}-\\d{2}-\\d{3}Z-[0-9a-f]{8}-text-${id}\\.txt$`),
    );
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dir, name!)).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(path.join(dir, name!), "utf8")).toBe(
      "To: +26771234567\nAbout: APT-2026-000125\nKind: received\nSeptets: 22\n\nExample Imaging: hello\n",
    );
    expect(await row(id)).toMatchObject({ status: "sent", channel: "sms" });
  });
});

describe("staff: history, resend, failing", () => {
  it("lists a reference's messages; resends a failed one once, as a new message; counts the failing ones", async () => {
    await seedAppointment(t.db, { reference: "APT-2026-000200", phone: "+26771234567" });
    const now = new Date("2026-12-07T08:00:00Z");
    const ok = await enqueueMessage(
      { channel: "sms", to: "+26771234567", about: "APT-2026-000200", kind: "received", body: "one" },
      now,
      t.db,
    );
    const bad = await enqueueMessage(
      { channel: "sms", to: "+26771234567", about: "APT-2026-000200", kind: "confirmed", body: "two" },
      now,
      t.db,
    );
    await enqueueMessage(
      { channel: "sms", to: "+26771234567", about: "APT-2026-000999", kind: "received", body: "other" },
      now,
      t.db,
    );
    await t.db
      .updateTable("text_messages")
      .set({ status: "failed", last_error: "0x000b" })
      .where("id", "=", bad)
      .execute();

    expect(await failingMessages(t.db, now)).toBe(1);
    const history = await messagesFor(t.db, "APT-2026-000200");
    expect(history.map((m) => [m.id, m.kind, m.status, m.canResend])).toEqual([
      [ok, "received", "pending", false],
      [bad, "confirmed", "failed", true],
    ]);
    expect(await resendMessage(t.db, ok, now)).toEqual({ ok: false, reason: "not-finished" });
    const resent = await resendMessage(t.db, bad, now);
    expect(resent).toMatchObject({ ok: true });
    const copy = await row((resent as { id: number }).id);
    expect(copy).toMatchObject({ status: "pending", body: "two", kind: "confirmed", resent_from: bad, attempts: 0 });
    expect(await resendMessage(t.db, bad, now)).toEqual({ ok: false, reason: "already-resent" });
    // Sent again: no longer counted as failing, and no longer offered for resending.
    expect(await failingMessages(t.db, now)).toBe(0);
    expect((await messagesFor(t.db, "APT-2026-000200")).find((m) => m.id === bad)?.canResend).toBe(false);
    // Failures older than the overview's week are not counted.
    expect(await failingMessages(t.db, new Date("2026-12-20T08:00:00Z"))).toBe(0);
    expect(await resendMessage(t.db, 999_999, now)).toEqual({ ok: false, reason: "not-found" });
  });

  it("refuses to resend to a patient who now wants e-mail only", async () => {
    await seedAppointment(t.db, { reference: "APT-2026-000201", phone: "+26771234567" });
    const id = await enqueueMessage(
      {
        channel: "sms",
        to: "+26771234567",
        about: "APT-2026-000201",
        kind: "confirmed",
        body: "x",
      },
      new Date(),
      t.db,
    );
    await t.db.updateTable("text_messages").set({ status: "unknown" }).where("id", "=", id).execute();
    expect(await setContactPreference("APT-2026-000201", "email", new Date(), t.db)).toBe(true);
    expect(await resendMessage(t.db, id)).toEqual({ ok: false, reason: "email-only" });
  });
});

describe("the patient's choice", () => {
  it("switching to e-mail only stops that appointment's waiting messages; another choice keeps them", async () => {
    await seedAppointment(t.db, { reference: "APT-2026-000300", phone: "+26771234567" });
    const later = new Date("2999-01-01T00:00:00Z");
    const a = await enqueueMessage(
      {
        channel: "sms",
        to: "+26771234567",
        about: "APT-2026-000300",
        kind: "reminder",
        body: "a",
        notBefore: later,
      },
      new Date(),
      t.db,
    );
    expect(await setContactPreference("APT-2026-000300", "whatsapp", new Date(), t.db)).toBe(true);
    expect(await row(a)).toMatchObject({ status: "pending" });
    expect(await setContactPreference("APT-2026-000300", "email", new Date(), t.db)).toBe(true);
    expect(await row(a)).toMatchObject({ status: "stopped" });
    const appt = await t.db
      .selectFrom("appointments")
      .select("contact_preference")
      .where("reference", "=", "APT-2026-000300")
      .executeTakeFirstOrThrow();
    expect(appt.contact_preference).toBe("email");
    expect(await setContactPreference("APT-2026-404404", "sms", new Date(), t.db)).toBe(false);
  });
});

describe("retention and patients' rights", () => {
  it("blanks the number and body of messages finished before the e-mail bodies' period; the rows stay", async () => {
    const config = t.config({ RETAIN_SENT_MAIL_DAYS: "7" });
    const now = new Date("2026-12-20T08:00:00Z");
    const old = await enqueueMessage(
      {
        channel: "whatsapp",
        to: "+26771234567",
        about: "APT-2026-000400",
        kind: "confirmed",
        body: "old",
        whatsapp: { name: "n", language: "en", params: ["p"] },
      },
      new Date(),
      t.db,
    );
    const recent = await enqueueMessage(
      {
        channel: "sms",
        to: "+26771234567",
        about: "APT-2026-000400",
        kind: "reminder",
        body: "recent",
      },
      new Date(),
      t.db,
    );
    const waiting = await enqueueMessage(
      {
        channel: "sms",
        to: "+26771234567",
        about: "APT-2026-000400",
        kind: "reminder",
        body: "waiting",
      },
      new Date(),
      t.db,
    );
    await t.db
      .updateTable("text_messages")
      .set({ status: "delivered", status_at: "2026-12-10T08:00:00.000Z" })
      .where("id", "=", old)
      .execute();
    await t.db
      .updateTable("text_messages")
      .set({ status: "sent", status_at: "2026-12-19T08:00:00.000Z" })
      .where("id", "=", recent)
      .execute();
    await t.db
      .updateTable("text_messages")
      .set({ status_at: "2026-12-01T08:00:00.000Z" })
      .where("id", "=", waiting)
      .execute();

    expect(await blankOldMessageBodies(t.db, messageBodiesBefore(config, now))).toBe(1);
    expect(await row(old)).toMatchObject({
      to_number: "",
      body: "",
      template_json: null,
      status: "delivered",
      about_reference: "APT-2026-000400",
    });
    expect(await row(recent)).toMatchObject({ body: "recent", to_number: "+26771234567" });
    expect(await row(waiting)).toMatchObject({ body: "waiting" }); // not finished: still to be sent
    expect(await blankOldMessageBodies(t.db, messageBodiesBefore(config, now))).toBe(0);
    // A blanked message cannot be resent.
    await t.db.updateTable("text_messages").set({ status: "failed" }).where("id", "=", old).execute();
    expect(await resendMessage(t.db, old)).toEqual({ ok: false, reason: "blanked" });
  });

  it("deletes outbox files after RETAIN_OUTBOX_DAYS, and a patient's messages and files on erasure", async () => {
    const mine = await enqueueMessage(
      {
        channel: "sms",
        to: "+26771234567",
        about: "APT-2026-000500",
        kind: "received",
        body: "mine",
      },
      new Date(),
      t.db,
    );
    const theirs = await enqueueMessage(
      {
        channel: "sms",
        to: "+26772222222",
        about: "APT-2026-000501",
        kind: "received",
        body: "theirs",
      },
      new Date(),
      t.db,
    );
    await deliver();
    expect(fs.readdirSync(smsOutboxDir(t))).toHaveLength(2);
    expect((await messagesAbout(t.db, ["APT-2026-000500"])).map((m) => m.id)).toEqual([mine]);
    const ids = await deleteMessagesAbout(t.db, ["APT-2026-000500"]);
    expect(ids).toEqual([mine]);
    expect(await deleteOutboxFilesOf(t, ids)).toBe(1);
    expect(fs.readdirSync(smsOutboxDir(t)).map(smsOutboxMessageId)).toEqual([theirs]);
    const config = t.config({ RETAIN_OUTBOX_DAYS: "7" });
    expect(await purgeSmsOutbox(config, new Date())).toBe(0);
    expect(await purgeSmsOutbox(config, new Date(Date.now() + 8 * 86_400_000))).toBe(1);
  });
});

describe("logs", () => {
  it("hold ids, counts and codes, never a number or a body", async () => {
    const log = recordingLog();
    const config = t.config();
    await enqueueMessage(
      {
        channel: "whatsapp",
        to: "+26771234567",
        about: null,
        kind: "confirmed",
        body: "Secret body text",
        whatsapp: { name: "n", language: "en", params: ["p"] },
      },
      new Date(),
      t.db,
    );
    const senders = createTextSenders(t.db, config, log);
    await deliverDueMessages(t.db, senders, { quietHours: null, maxAttempts: 1, claimMs: claimMs(config), log });
    await senders.close();
    expect(log.lines.length).toBeGreaterThan(0);
    expect(log.lines.join("\n")).not.toMatch(/71234567|Secret body/);
  });
});
