import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, clinicInstant } from "../../domain/dates";
import { sendDueReminders } from "../../server/appointments/notices/reminders";
import { createTestApp, type TestApp } from "../helpers/app";
import { distinctDays } from "../helpers/days";
import { openDate } from "../helpers/requests";
import { seedAppointment } from "../helpers/staff";

/**
 * The reminder's link (decision 069): the private page it opens gives the
 * preparation at the booked time's clock and asks "Are you coming?": one
 * plain form post records it against the confirmed time; "I cannot come"
 * leads to the cancellation, which frees the time. Needs a client build.
 */

const SAME_ORIGIN = { "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" };

describe("confirming from the reminder", () => {
  let t: TestApp;
  let day: (offset: number) => string;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: "false" }, { servePages: true });
    day = distinctDays((offset) => openDate(offset));
  });
  afterAll(() => t.close());

  let patients = 0;
  /** A confirmed 09:30 abdominal ultrasound on `date`, reminded the evening before: its id and the reminder's link path. */
  async function reminded(date: string, language: "en" | "tn" = "en") {
    const id = await seedAppointment(t.db, {
      status: "confirmed",
      confirmed_date: date,
      confirmed_time: "09:30",
      service_name: "ultrasound",
      examination: "Abdomen (Upper)",
      phone: `+2677100${String((patients += 1)).padStart(4, "0")}`,
      language,
    });
    const { reference } = await t.db
      .selectFrom("appointments")
      .select("reference")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    await sendDueReminders(t.db, t.config, clinicInstant(addDays(date, -1), "17:00"));
    const mail = await t.db
      .selectFrom("mail_queue")
      .select("text_body")
      .where("about_reference", "=", reference)
      .executeTakeFirstOrThrow();
    const path = /https?:\/\/[^/\s]+(\/(?:tn\/)?appointment\/[A-Za-z0-9_-]{43})/.exec(mail.text_body)![1]!;
    return { id, path };
  }

  const post = (path: string, fields: Record<string, string>) =>
    t.app.inject({ method: "POST", url: path, headers: SAME_ORIGIN, payload: new URLSearchParams(fields).toString() });
  const row = (id: number) =>
    t.db.selectFrom("appointments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("shows the times to prepare and one button; saying yes is recorded for that time, and the page says so", async () => {
    const date = day(3);
    const { id, path } = await reminded(date);
    const page = await t.app.inject({ method: "GET", url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Are you coming?");
    expect(page.body).toContain("Do not eat after 03:30.");
    expect(page.body).toContain("Arrive by 09:15.");
    expect(page.body).toContain('name="intent" value="coming"');
    expect(page.body).toContain("I cannot come: cancel");
    const before = (await row(id)).updated_at;
    const yes = await post(path, { intent: "coming" });
    expect(yes.statusCode).toBe(200);
    expect(yes.body).toContain("Thank you: we have noted that you are coming.");
    // Said once: the outcome, not the outcome and the note under the appointment.
    expect(yes.body).not.toContain("You told us you are coming.");
    const after = await row(id);
    expect(after.coming_confirmed_for).toBe(`${date} 09:30`);
    expect(after.updated_at).toBe(before);
    const again = await t.app.inject({ method: "GET", url: path });
    expect(again.body).toContain("You told us you are coming.");
    expect(again.body).not.toContain('value="coming"');
  });

  it("in Setswana too; a cancelled appointment cannot be confirmed", async () => {
    const { id, path } = await reminded(day(4), "tn");
    const page = await t.app.inject({ method: "GET", url: path });
    expect(page.body).toContain("A o tla tla?");
    expect(page.body).toContain("O se ka wa ja sepe morago ga 03:30.");
    const cancel = await post(path, { intent: "cancel", version: (await row(id)).updated_at });
    expect(cancel.statusCode).toBe(200);
    const late = await post(path, { intent: "coming" });
    expect(late.statusCode).toBe(409);
    expect((await row(id)).coming_confirmed_for).toBeNull();
  });
});
