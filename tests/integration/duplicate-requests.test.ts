import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DUPLICATE_WORDS } from "../../domain/duplicate-requests";
import { createTestApp, type TestApp } from "../helpers/app";
import { bookWithLink } from "../helpers/patient-link";
import { openDate } from "../helpers/requests";
import { addStaff, form, SAME_ORIGIN, sessionCookieFor } from "../helpers/staff";

/**
 * Possible duplicate requests (decision 049): one patient (name, date of
 * birth, phone) asking twice for the same service on the same day. The
 * second is stored but not texted; the list, the day view and the
 * appointment's page mark both; reception closes one in one action, audited,
 * without e-mailing or texting the patient. Needs a client build.
 */
describe("possible duplicate requests", () => {
  let t: TestApp;
  let cookie: string;
  // A day of its own: no other test in this file's database books it.
  const day = openDate(37);
  const patient = {
    name: "Duplo",
    surname: "Twice",
    dob: "1979-05-06",
    phoneNumber: "71 555 123",
    appointmentDate: day,
  };

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: "false", MESSAGE_QUIET_HOURS: "" }, { servePages: true });
    cookie = await sessionCookieFor(t.db, t.config, (await addStaff(t.db, { role: "reception" })).id);
  });
  afterAll(() => t.close());

  const texts = (reference: string) =>
    t.db.selectFrom("text_messages").select("kind").where("about_reference", "=", reference).execute();
  const mails = async (reference: string) =>
    (await t.db.selectFrom("mail_queue").select("id").where("about_reference", "=", reference).execute()).length;
  const get = (url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });

  let first: Awaited<ReturnType<typeof bookWithLink>>;
  let second: Awaited<ReturnType<typeof bookWithLink>>;

  it("stores a second request from the same patient for the same service and day, but texts its acknowledgement once", async () => {
    first = await bookWithLink(t, patient);
    // The same person typed a little differently: letter case and spaces, the number with its country code.
    second = await bookWithLink(t, { ...patient, name: " duplo", surname: "TWICE ", phoneNumber: "+267 71 555 123" });
    expect(second.reference).not.toBe(first.reference);
    expect(await texts(first.reference)).toEqual([{ kind: "received" }]);
    expect(await texts(second.reference)).toEqual([]);
    // Each still gets its e-mail (its own reference and link).
    expect(await mails(second.reference)).toBeGreaterThan(0);
    // Another service that day, or another person, is no duplicate: texted as usual.
    const other = await bookWithLink(t, { ...patient, service: { name: "Ultrasound Imaging", paymentMethod: "cash" } });
    expect(await texts(other.reference)).toEqual([{ kind: "received" }]);
    const sibling = await bookWithLink(t, { ...patient, name: "Neo" });
    expect(await texts(sibling.reference)).toEqual([{ kind: "received" }]);
  });

  it("marks both in the list, the day view and the appointment's page, and no one else", async () => {
    /** Whether the table row holding `reference` carries the badge. */
    const flagged = (html: string, reference: string) =>
      (html.split("</tr>").find((row) => row.includes(reference)) ?? "").includes(DUPLICATE_WORDS.badge);
    const list = (await get("/staff/appointments")).body;
    expect(flagged(list, first.reference)).toBe(true);
    expect(flagged(list, second.reference)).toBe(true);
    expect(list.match(new RegExp(`${DUPLICATE_WORDS.badge}<span class="visually-hidden"> of `, "g"))).toHaveLength(2);

    const schedule = (await get(`/staff/schedule?date=${day}`)).body;
    const cards = schedule.split('class="staff-appt staff-appt--waiting"').slice(1);
    const card = (reference: string) => cards.find((c) => c.includes(reference)) ?? "";
    expect(card(first.reference)).toContain(DUPLICATE_WORDS.badge);
    expect(card(second.reference)).toContain(DUPLICATE_WORDS.badge);
    expect(cards.filter((c) => c.slice(0, c.indexOf("</a>")).includes(DUPLICATE_WORDS.badge))).toHaveLength(2);

    const page = (await get(`/staff/appointments/${second.id}`)).body;
    expect(page).toContain(`href="/staff/appointments/${first.id}"`);
    expect(page).toMatch(/value="duplicate"[^>]*>Close this request as a duplicate/);
  });

  it("closes one as a duplicate in one action: cancelled with the other's reference, in its history and the audit log, and the patient is not told", async () => {
    const mailsBefore = await mails(second.reference);
    const res = await t.app.inject({
      method: "POST",
      url: `/staff/appointments/${second.id}`,
      headers: { ...SAME_ORIGIN, cookie },
      payload: form({ intent: "duplicate" }),
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/staff/appointments/${second.id}?done=duplicate`);
    const row = await t.db
      .selectFrom("appointments")
      .select(["status", "cancel_reason"])
      .where("id", "=", second.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "cancelled", cancel_reason: DUPLICATE_WORDS.reason(first.reference) });
    const history = await t.db
      .selectFrom("appointment_status_history")
      .select(["from_status", "to_status", "note"])
      .where("appointment_id", "=", second.id)
      .execute();
    expect(history).toEqual([
      { from_status: "requested", to_status: "cancelled", note: DUPLICATE_WORDS.note(first.reference) },
    ]);
    const audit = await t.db
      .selectFrom("staff_audit")
      .select(["action", "detail"])
      .where("target_type", "=", "appointment")
      .where("target_id", "=", String(second.id))
      .where("action", "=", "duplicate_closed")
      .execute();
    expect(audit).toEqual([{ action: "duplicate_closed", detail: `duplicate of ${first.reference}` }]);
    // No cancellation e-mail, no text.
    expect(await mails(second.reference)).toBe(mailsBefore);
    expect(await texts(second.reference)).toEqual([]);
    // The first stands, no longer flagged; closing it as a duplicate now is refused (it has no open twin).
    const page = (await get(`/staff/appointments/${first.id}`)).body;
    expect(page).not.toContain(DUPLICATE_WORDS.badge);
    const refused = await t.app.inject({
      method: "POST",
      url: `/staff/appointments/${first.id}`,
      headers: { ...SAME_ORIGIN, cookie },
      payload: form({ intent: "duplicate" }),
    });
    expect(refused.statusCode).toBe(422);
    expect(
      (await t.db.selectFrom("appointments").select("status").where("id", "=", first.id).executeTakeFirstOrThrow())
        .status,
    ).toBe("requested");
  });
});
