import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, clinicDate, clinicInstant, clinicTime } from "../../domain/dates";
import { septetCount, SMS_MAX_SEPTETS } from "../../domain/gsm7";
import { reminderDue, sendDueReminders } from "../../server/appointments/notices/reminders";
import { openDb } from "../../server/db/index";
import { hashToken } from "../../server/base/tokens";
import { createTestApp, type TestApp } from "../helpers/app";
import { twoInstances } from "../helpers/instances";
import { stopServers } from "../../scripts/server-process";
import { seedAppointment } from "../helpers/staff";

/**
 * The reminder e-mail the day before a confirmed appointment (decision 019),
 * driven by an injected clock: due from 08:00 in Gaborone the day before, at
 * once when confirmed later, never within 3 hours, never for a cancelled or
 * moved appointment, once per confirmed time across instances.
 */

const at = (date: string, time: string) => clinicInstant(date, time);
const DATE = "2026-12-02";
const confirmed = {
  status: "confirmed" as const,
  confirmed_date: DATE,
  confirmed_time: "10:00",
  reminder_sent_for: null,
};

describe("when a reminder is due", () => {
  it("from 17:00 in Gaborone on the evening before, before quiet hours, not earlier", () => {
    expect(reminderDue(confirmed, at("2026-12-01", "16:59"))).toBe(false);
    expect(reminderDue(confirmed, at("2026-12-01", "17:00"))).toBe(true);
    expect(reminderDue(confirmed, at("2026-12-01", "19:00"))).toBe(true);
  });

  it("at once for a time booked on the day before or the day itself; at 17:00 for one booked earlier", () => {
    const morning = at("2026-12-01", "09:00");
    expect(reminderDue(confirmed, morning, at("2026-12-01", "08:55").toISOString())).toBe(true);
    expect(reminderDue(confirmed, morning, at("2026-11-30", "23:59").toISOString())).toBe(false);
    expect(reminderDue(confirmed, at(DATE, "06:30"), at(DATE, "06:29").toISOString())).toBe(true);
  });

  it("at once when confirmed after that, unless less than 3 hours ahead", () => {
    expect(reminderDue(confirmed, at(DATE, "06:59"))).toBe(true);
    expect(reminderDue(confirmed, at(DATE, "07:00"))).toBe(true);
    expect(reminderDue(confirmed, at(DATE, "07:01"))).toBe(false);
    expect(reminderDue(confirmed, at(DATE, "11:00"))).toBe(false);
  });

  it("never for an appointment not confirmed, or already reminded for this time; again for a new time", () => {
    const now = at("2026-12-01", "18:00");
    for (const status of ["requested", "cancelled", "attended", "no_show"] as const) {
      expect(reminderDue({ ...confirmed, status }, now)).toBe(false);
    }
    expect(reminderDue({ ...confirmed, reminder_sent_for: `${DATE} 10:00` }, now)).toBe(false);
    expect(reminderDue({ ...confirmed, reminder_sent_for: `${DATE} 09:00` }, now)).toBe(true);
  });
});

describe("sending reminders", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const reminders = (reference: string) =>
    t.db
      .selectFrom("mail_queue")
      .selectAll()
      .where("subject", "like", "Reminder:%")
      .where("text_body", "like", `%${reference}%`)
      .execute();

  it("queues one reminder with the time, arrival, what to bring, preparation and a working link; no health details", async () => {
    const now = at("2026-12-01", "18:00");
    const id = await seedAppointment(t.db, {
      ...confirmed,
      service_name: "bone-densitometry-dexa-scan",
      notes: "Fractured wrist in 2019",
      email: "reminded@example.org",
    });
    const { reference } = await t.db
      .selectFrom("appointments")
      .select("reference")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(await sendDueReminders(t.db, t.config, now)).toBeGreaterThanOrEqual(1);
    expect(await sendDueReminders(t.db, t.config, now)).toBe(0);
    const [mail, ...more] = await reminders(reference);
    expect(more).toEqual([]);
    expect(mail!.to_address).toBe("reminded@example.org");
    expect(mail!.subject).toBe("Reminder: your appointment on Wednesday 2 December 2026 at 10:00");
    expect(mail!.text_body).toContain("Please arrive 15 minutes before your appointment.");
    expect(mail!.text_body).toContain("Bring a valid ID and your medical aid card.");
    expect(mail!.text_body).toContain("Bone Densitometry");
    expect(mail!.text_body).toContain("How to prepare:");
    expect(mail!.text_body).not.toContain("Fractured");
    const token = /\/appointment\/([A-Za-z0-9_-]{43})/.exec(mail!.text_body)![1]!;
    const link = await t.db
      .selectFrom("appointment_links")
      .select("appointment_id")
      .where("token_hash", "=", hashToken(token))
      .executeTakeFirst();
    expect(link?.appointment_id).toBe(id);
  });

  const refOf = async (id: number) =>
    (await t.db.selectFrom("appointments").select("reference").where("id", "=", id).executeTakeFirstOrThrow())
      .reference;
  const textsAbout = (reference: string) =>
    t.db.selectFrom("text_messages").selectAll().where("about_reference", "=", reference).execute();

  it("a reminder for a 09:30 abdominal ultrasound names 03:30 and fits one segment, in both languages", async () => {
    const date = "2026-12-09";
    for (const [language, fast] of [
      ["en", "No food after 03:30."],
      ["tn", "O se je morago ga 03:30."],
    ] as const) {
      const id = await seedAppointment(t.db, {
        ...confirmed,
        confirmed_date: date,
        confirmed_time: "09:30",
        service_name: "ultrasound",
        examination: "Abdomen (Upper)",
        phone: language === "en" ? "+26771000937" : "+26771000938",
        language,
      });
      const reference = await refOf(id);
      await sendDueReminders(t.db, t.config, at("2026-12-08", "17:00"));
      const [text, ...others] = await textsAbout(reference);
      expect(others).toEqual([]);
      expect(text!.kind).toBe("reminder");
      expect(text!.body).toContain(fast);
      expect(septetCount(text!.body)).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
      // No health details: neither the service nor the examination.
      expect(text!.body).not.toMatch(/ultrasound|abdom|mpa/i);
      const [mail] = await reminders(reference);
      const body =
        mail?.text_body ??
        (
          await t.db
            .selectFrom("mail_queue")
            .selectAll()
            .where("about_reference", "=", reference)
            .executeTakeFirstOrThrow()
        ).text_body;
      expect(body).toContain(language === "en" ? "Do not eat after 03:30." : "O se ka wa ja sepe morago ga 03:30.");
      expect(body).toContain(language === "en" ? "Arrive by 09:15." : "Goroga pele ga 09:15.");
    }
  });

  it("one text a day holds all of a patient's appointments that day; each has its e-mail", async () => {
    const date = "2026-12-10";
    const phone = "+26771000939";
    const ids = [
      await seedAppointment(t.db, { ...confirmed, confirmed_date: date, confirmed_time: "11:00", phone }),
      await seedAppointment(t.db, { ...confirmed, confirmed_date: date, confirmed_time: "08:30", phone }),
    ];
    await sendDueReminders(t.db, t.config, at("2026-12-09", "17:30"));
    const texts = await t.db.selectFrom("text_messages").selectAll().where("to_number", "=", phone).execute();
    expect(texts).toHaveLength(1);
    expect(texts[0]!.about_reference).toBe(await refOf(ids[1]!));
    expect(texts[0]!.body).toContain("08:30, 11:00");
    for (const id of ids) {
      const mails = await t.db
        .selectFrom("mail_queue")
        .select("id")
        .where("about_reference", "=", await refOf(id))
        .execute();
      expect(mails).toHaveLength(1);
    }
  });

  it("a time booked for the next day is reminded at booking, not at 17:00", async () => {
    const date = "2026-12-11";
    const bookedAt = at("2026-12-10", "07:30");
    const id = await seedAppointment(t.db, { ...confirmed, confirmed_date: date, confirmed_time: "10:00" });
    await t.db
      .insertInto("appointment_status_history")
      .values({
        appointment_id: id,
        from_status: null,
        to_status: "confirmed",
        note: "Booked online",
        staff_id: null,
        created_at: bookedAt.toISOString(),
      })
      .execute();
    await sendDueReminders(t.db, t.config, new Date(bookedAt.getTime() + 1000));
    expect(await reminders(await refOf(id))).toHaveLength(1);
  });

  it("never for a cancelled appointment; once more for a moved one, for its new time", async () => {
    const now = at("2026-12-01", "18:00");
    const cancelled = await seedAppointment(t.db, { ...confirmed, status: "cancelled" });
    const moved = await seedAppointment(t.db, { ...confirmed, reminder_sent_for: `${DATE} 09:00` });
    await sendDueReminders(t.db, t.config, now);
    expect(await reminders(await refOf(cancelled))).toHaveLength(0);
    expect(await reminders(await refOf(moved))).toHaveLength(1);
    const row = await t.db
      .selectFrom("appointments")
      .select("reminder_sent_for")
      .where("id", "=", moved)
      .executeTakeFirstOrThrow();
    expect(row.reminder_sent_for).toBe(`${DATE} 10:00`);
  });

  it("parallel runs queue one reminder per appointment", async () => {
    const now = at("2026-12-01", "18:00");
    const ids = await Promise.all([1, 2, 3].map(() => seedAppointment(t.db, confirmed)));
    const runs = await Promise.all(Array.from({ length: 6 }, () => sendDueReminders(t.db, t.config, now)));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(ids.length);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("reminders with two instances on PostgreSQL", () => {
  const two = twoInstances("reminders", () => ({ REMINDER_POLL_MS: "100", MAIL_POLL_MS: "60000" }));

  it("a second handle on the database, racing the servers' own runs, queues nothing more", async () => {
    const other = openDb(two.config);
    try {
      const tomorrow = addDays(clinicDate(new Date()), 1);
      await seedAppointment(two.db, { ...confirmed, confirmed_date: tomorrow, confirmed_time: "23:00" });
      const runs = await Promise.all([
        sendDueReminders(two.db, two.config, at(tomorrow, "12:00")),
        sendDueReminders(other, two.config, at(tomorrow, "12:00")),
      ]);
      expect(runs[0]! + runs[1]!).toBeLessThanOrEqual(1);
    } finally {
      await other.destroy();
    }
  });

  it("both servers look every 100 ms; the reminder is queued exactly once", async () => {
    // A confirmed appointment five hours from now: its reminder is due at once.
    const start = new Date(Date.now() + 5 * 3600_000);
    const id = await seedAppointment(two.db, {
      ...confirmed,
      confirmed_date: clinicDate(start),
      confirmed_time: clinicTime(start),
    });
    const { reference } = await two.db
      .selectFrom("appointments")
      .select("reference")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const count = async () =>
      (
        await two.db
          .selectFrom("mail_queue")
          .select("id")
          .where("subject", "like", "Reminder:%")
          .where("text_body", "like", `%${reference}%`)
          .execute()
      ).length;
    const deadline = Date.now() + 15_000;
    while ((await count()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(await count()).toBe(1);
    // Looking again now, as the servers' next runs do (the same function, on the same database,
    // by the real clock), queues nothing more.
    await sendDueReminders(two.db, two.config, new Date());
    // A run that raced the first one may still be under way. Each server's stop waits for its run
    // in progress: once both have exited, no run is left that could queue a second reminder.
    await stopServers([two.a, two.b]);
    expect(await count()).toBe(1);
  }, 30_000);
});
