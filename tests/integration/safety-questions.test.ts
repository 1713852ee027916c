import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, clinicInstant, clinicToday } from "../../domain/dates";
import { PATIENT_MESSAGES } from "../../domain/patient-link";
import { SAFETY_MESSAGES, SAFETY_TEXT_MAX } from "../../domain/safety-questions";
import { sendDueReminders } from "../../server/appointments/notices/reminders";
import { findPatient, matchFingerprint } from "../../server/privacy/patient-lookup";
import { erasePatient, exportPatient } from "../../server/privacy/patient-rights";
import { staffRuntime } from "../../server/db/runtime";
import { createTestApp, type TestApp } from "../helpers/app";
import { bookWithLink } from "../helpers/patient-link";
import { openDate } from "../helpers/requests";
import { distinctDays } from "../helpers/days";
import { addStaff, sessionCookieFor } from "../helpers/staff";

/**
 * The pre-exam safety questions on a patient's private link (decision
 * 020): each service asks its own, the answers are stored with
 * the appointment and shown to staff with a flag, and they go into the
 * patient's export and erasure, never into an e-mail. Needs a client build.
 */

const SAME_ORIGIN = { "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" };
/** A value no template or page holds, so finding it anywhere means an answer leaked there. */
const MARKER = "Zyxwaterfallmarker";

describe("pre-exam safety questions", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: "false" }, { servePages: true });
  });
  afterAll(() => t.close());

  const book = (overrides: Record<string, unknown> = {}) => bookWithLink(t, overrides);
  const open = (path: string) => t.app.inject({ method: "GET", url: path });
  const save = (path: string, fields: Record<string, string>, headers: Record<string, string> = SAME_ORIGIN) =>
    t.app.inject({
      method: "POST",
      url: path,
      headers,
      payload: new URLSearchParams({ intent: "safety", ...fields }).toString(),
    });
  const row = (id: number) =>
    t.db.selectFrom("appointments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const service = (name: string) => ({ service: { name, paymentMethod: "cash" } });

  it("each service asks its own questions, and every one asks the questions for any visit", async () => {
    const questions = async (name: string) => (await open((await book(service(name))).path)).body;
    const xray = await questions("X-ray Imaging");
    expect(xray).toContain("Could you be pregnant?");
    expect(xray).not.toContain("contrast medium (the dye");
    expect(xray).not.toContain("thins the blood");
    expect(xray).toContain("Would you like an interpreter?");
    expect(xray).toContain("Is there anything else the clinic should know");
    const fluoro = await questions("Fluoroscopy Imaging");
    for (const q of ["Could you be pregnant?", "contrast medium (the dye", "kidney disease", "medicine for diabetes"])
      expect(fluoro).toContain(q);
    const dexa = await questions("Bone Densitometry (DEXA Scan)");
    for (const q of ["nuclear medicine scan", "calcium supplements", "Could you be pregnant?"])
      expect(dexa).toContain(q);
    const pain = await questions("Pain Management");
    for (const q of ["thins the blood", "bleeding disorder", "local anaesthetic", "latex"]) expect(pain).toContain(q);
    expect(pain).not.toContain("Could you be pregnant?");
    const ultrasound = await questions("Ultrasound Imaging");
    expect(ultrasound).not.toContain("Could you be pregnant?");
    expect(ultrasound).toContain("help moving about");
    // The form is plain HTML: radios and text fields posted back to the page.
    expect(xray).toMatch(/<input[^>]*type="radio"[^>]*name="safety-pregnant"[^>]*value="not_sure"/);
    expect(xray).toContain("Not answered yet.");
  });

  it("saves the answers with the time, shows them again, and leaves the booking's version alone", async () => {
    const { path, id } = await book();
    const before = await row(id);
    const res = await save(path, {
      "safety-pregnant": "not_sure",
      "safety-mobility-help": "no",
      "safety-interpreter": "yes",
      "safety-interpreter-detail": "Setswana",
      "safety-anything-else": `Claustrophobic ${MARKER}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(SAFETY_MESSAGES.saved);
    expect(res.body).toMatch(/Last saved \w+day \d+ \w+ \d{4} at \d\d:\d\d\./);
    const radio = (value: string) => new RegExp(`<input[^>]*id="safety-pregnant-${value}"[^>]*>`).exec(res.body)![0];
    expect(radio("not_sure")).toContain("checked");
    expect(radio("yes")).not.toContain("checked");
    const after = await row(id);
    expect(JSON.parse(after.safety_answers!)).toEqual({
      pregnant: { choice: "not_sure" },
      "mobility-help": { choice: "no" },
      interpreter: { choice: "yes", text: "Setswana" },
      "anything-else": { text: `Claustrophobic ${MARKER}` },
    });
    expect(after.safety_saved_at).not.toBeNull();
    expect(after.updated_at).toBe(before.updated_at);
    expect(after.status).toBe("requested");
    // A second save replaces the answers: "until the visit" they may change.
    expect((await save(path, { "safety-pregnant": "no" })).statusCode).toBe(200);
    expect(JSON.parse((await row(id)).safety_answers!)).toEqual({ pregnant: { choice: "no" } });
  });

  it("bad answers are refused whole with the reason beside the field, and nothing is saved", async () => {
    const { path, id } = await book();
    expect((await save(path, { "safety-pregnant": "yes" })).statusCode).toBe(200);
    const saved = await row(id);
    const bad = await save(path, { "safety-pregnant": "maybe", "safety-interpreter": "no" });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(SAFETY_MESSAGES.invalid);
    expect(bad.body).toContain(SAFETY_MESSAGES.badChoice);
    const long = await save(path, { "safety-anything-else": "x".repeat(SAFETY_TEXT_MAX + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain(SAFETY_MESSAGES.tooLong);
    const crossSite = await save(
      path,
      { "safety-pregnant": "no" },
      { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
    );
    expect(crossSite.statusCode).toBe(403);
    const now = await row(id);
    expect(now.safety_answers).toBe(saved.safety_answers);
    expect(now.safety_saved_at).toBe(saved.safety_saved_at);
  });

  it("once cancelled, or once the visit has begun, the answers are shown and no longer taken", async () => {
    const cancelled = await book();
    await save(cancelled.path, { "safety-pregnant": "no" });
    await t.db.updateTable("appointments").set({ status: "cancelled" }).where("id", "=", cancelled.id).execute();
    const refused = await save(cancelled.path, { "safety-pregnant": "yes" });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain(PATIENT_MESSAGES.alreadyCancelled.replace(/'/g, "&#x27;"));
    expect(JSON.parse((await row(cancelled.id)).safety_answers!)).toEqual({ pregnant: { choice: "no" } });

    const begun = await book();
    // Confirmed for yesterday (the link stays valid for a week after the date).
    await t.db
      .updateTable("appointments")
      .set({ status: "confirmed", confirmed_date: addDays(clinicToday(), -1), confirmed_time: "10:00" })
      .where("id", "=", begun.id)
      .execute();
    const page = await open(begun.path);
    expect(page.body).not.toContain('name="safety-pregnant"');
    expect((await save(begun.path, { "safety-pregnant": "yes" })).statusCode).toBe(409);
    expect((await row(begun.id)).safety_answers).toBeNull();
  });

  it("staff see the answers on the appointment, the list flags those to check, and no e-mail holds them", async () => {
    const { path, id, reference } = await book(service("Fluoroscopy Imaging"));
    await save(path, {
      "safety-pregnant": "no",
      "safety-contrast-reaction": "yes",
      "safety-contrast-reaction-detail": `Hives ${MARKER}`,
      "safety-kidney-disease": "no",
      "safety-diabetes-medicine": "not_sure",
    });
    const staff = await addStaff(t.db, { role: "reception" });
    const cookie = await sessionCookieFor(t.db, t.config, staff.id);
    const page = await t.app.inject({ method: "GET", url: `/staff/appointments/${id}`, headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Safety answers");
    expect(page.body).toContain(`Yes: Hives ${MARKER}`);
    expect(page.body).toContain("staff-dl__row--attention");
    const list = await t.app.inject({ method: "GET", url: "/staff/appointments", headers: { cookie } });
    const listed = list.body.slice(list.body.indexOf(reference));
    expect(listed.slice(0, listed.indexOf("</tr>"))).toContain("Safety: 2 to check");
    expect(list.body).not.toContain(MARKER);

    // Mail goes out after the answers: the patient changes the date, the clinic confirms, a reminder is due.
    // Each its own day: from 23 December 2026, "4 days ahead" is 28 December, the booked day ("2 days ahead").
    const days = distinctDays((offset) => openDate(offset));
    days(2); // validAppointment()'s day (tests/helpers/requests.ts)
    const form = await t.app.inject({ method: "GET", url: path });
    const version = /name="version" value="([^"]+)"/.exec(form.body)![1]!;
    const change = await t.app.inject({
      method: "POST",
      url: path,
      headers: SAME_ORIGIN,
      payload: new URLSearchParams({ intent: "change", version, date: days(4) }).toString(),
    });
    expect(change.statusCode).toBe(200);
    const day = days(5);
    await t.db
      .updateTable("appointments")
      .set({ status: "confirmed", confirmed_date: day, confirmed_time: "10:00" })
      .where("id", "=", id)
      .execute();
    expect(await sendDueReminders(t.db, t.config, clinicInstant(addDays(day, -1), "17:00"))).toBeGreaterThan(0);
    const mails = await t.db.selectFrom("mail_queue").selectAll().execute();
    expect(mails.some((m) => m.text_body.includes(reference))).toBe(true);
    for (const m of mails) {
      expect(m.text_body).not.toContain(MARKER);
      expect(m.html_body ?? "").not.toContain(MARKER);
      expect(m.text_body).not.toContain("Hives");
    }
  });

  it("the patient's export holds the answers in words, and erasure removes them", async () => {
    const email = "safety.rights@example.net";
    const { path, reference } = await book({ email });
    await save(path, { "safety-pregnant": "yes", "safety-anything-else": `Needs a chaperone ${MARKER}` });
    const rt = staffRuntime(t.db, t.config);
    const manager = await addStaff(t.db);
    const match = (await findPatient(t.db, { kind: "reference", value: reference }))!;
    const exported = await exportPatient(rt, manager, match);
    const document = JSON.parse(strFromU8(unzipSync(exported.zip)["patient-data.json"]!)) as {
      appointments: { safety_answers: { question: string; answer: string }[] }[];
    };
    expect(document.appointments[0]!.safety_answers).toContainEqual({
      question: "Could you be pregnant?",
      answer: "Yes",
    });
    expect(document.appointments[0]!.safety_answers).toContainEqual({
      question: "Is there anything else the clinic should know before your appointment?",
      answer: `Needs a chaperone ${MARKER}`,
    });
    await erasePatient(rt, manager, match, matchFingerprint(match));
    const left = await t.db.selectFrom("appointments").select("safety_answers").execute();
    for (const r of left) expect(r.safety_answers ?? "").not.toContain("chaperone");
    const audit = await t.db.selectFrom("staff_audit").select("detail").execute();
    for (const a of audit) expect(a.detail ?? "").not.toContain(MARKER);
  });
});
