import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APPOINTMENT_PATH, SLOTS_PATH } from "../../domain/api-paths";
import { clinicInstant } from "../../domain/dates";
import { clinicMinutes } from "../../domain/rooms";
import { createTestApp, type TestApp } from "../helpers/app";
import { bookTimeBody } from "../helpers/requests";
import { form, SAME_ORIGIN, seedConfirmedIn } from "../helpers/staff";

// Decision 067: the private page of a time booked online offers the other free times, a day then a
// time, as plain forms, and moves the appointment in one step. The clock is fixed at Monday 1 March
// 2027, 08:00 in Gaborone; each test books its own X-ray time, on its own day.

const NOW = clinicInstant("2027-03-01", "08:00");

describe("moving a booked time from the private page", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { RATE_LIMIT_ENABLED: "false", MESSAGE_QUIET_HOURS: "" },
      { servePages: true, now: () => NOW },
    );
  });
  afterAll(() => t.close());

  /** Books an X-ray time online; answers its reference and its private page's path. */
  async function book(date: string, time: string, language?: "tn") {
    const res = await t.app.inject({
      method: "POST",
      url: APPOINTMENT_PATH,
      payload: bookTimeBody(date, time, language ? { language } : {}),
    });
    expect(res.statusCode, res.body).toBe(201);
    const data = (res.json() as { data: { reference: string; manageUrl: string } }).data;
    return { reference: data.reference, path: new URL(data.manageUrl).pathname };
  }
  const row = (reference: string) =>
    t.db.selectFrom("appointments").selectAll().where("reference", "=", reference).executeTakeFirstOrThrow();
  const page = async (url: string) => {
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode, url).toBe(200);
    return res.body;
  };
  const move = async (reference: string, path: string, date: string, time: string, version?: string) =>
    t.app.inject({
      method: "POST",
      url: path,
      headers: SAME_ORIGIN,
      payload: form({
        intent: "move-time",
        version: version ?? (await row(reference)).updated_at,
        appointmentDate: date,
        appointmentTime: time,
      }),
    });
  const times = (html: string) =>
    [...html.matchAll(/<input[^>]*name="appointmentTime"[^>]*value="([^"]+)"/g)].map((m) => m[1]);
  const slots = async (date: string) => {
    const res = await t.app.inject({ method: "GET", url: `${SLOTS_PATH}?service=x-ray&from=${date}&to=${date}` });
    return (res.json() as { data: { days: { times: string[] }[] } }).data.days[0]?.times ?? [];
  };

  it("offers the free times a day then a time, as plain forms, without the appointment's own time", async () => {
    const { path } = await book("2027-03-02", "09:30");
    const html = await page(path);
    expect(html).toContain("Your appointment is booked: Tuesday 2 March 2027 at 09:30");
    expect(html).toContain("Move to another time");
    // The day step: a GET form to this page's move section, one button per free day.
    expect(html).toMatch(new RegExp(`<form[^>]*action="${path}#move" method="get"`));
    expect(html).toMatch(/<button type="submit" value="2027-03-01" class="day-choice__day"/);
    // The first day's times; the day asked for shows its own, without 09:30 (its own, not offered).
    const day = await page(`${path}?day=2027-03-02`);
    expect(day).toContain("Free times on Tuesday 2 March 2027");
    expect(times(day)).not.toContain("09:30");
    // Its own hold does not count: the times it overlaps are offered to it.
    expect(times(day)).toContain("09:15");
    expect(times(day)).toContain("09:45");
    expect(day).toMatch(/<input type="hidden" name="intent" value="move-time"\/>/);
    // No request for another date: a time booked online moves to another free time.
    expect(day).not.toContain('name="intent" value="change"');
  });

  it("moves the appointment in one step: the new time held, the old one free at once, the patient told, the worklist rewritten", async () => {
    const { reference, path } = await book("2027-03-04", "09:30");
    const before = await row(reference);
    expect(await slots("2027-03-04")).not.toContain("09:30");
    const res = await move(reference, path, "2027-03-05", "11:00");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Your appointment is moved. Your old time is free for someone else.");
    expect(res.body).toContain("Your appointment is booked: Friday 5 March 2027 at 11:00");
    const after = await row(reference);
    expect(after).toMatchObject({
      status: "confirmed",
      booked_online: 1,
      confirmed_date: "2027-03-05",
      confirmed_time: "11:00",
      room: "x-ray",
      starts_at: clinicMinutes("2027-03-05", "11:00"),
      ends_at: clinicMinutes("2027-03-05", "11:00") + 30 + 5,
    });
    expect(await slots("2027-03-04")).toContain("09:30");
    expect(await slots("2027-03-05")).not.toContain("11:00");
    const history = await t.db
      .selectFrom("appointment_status_history")
      .select(["from_status", "to_status", "note", "staff_id"])
      .where("appointment_id", "=", before.id)
      .orderBy("id")
      .execute();
    expect(history.at(-1)).toEqual({
      from_status: "confirmed",
      to_status: "confirmed",
      note: "Moved by the patient from 2027-03-04 09:30 to 2027-03-05 11:00, X-ray",
      staff_id: null,
    });
    // The worklist file is asked for again in the same transaction (decision 065).
    const outbox = await t.db
      .selectFrom("worklist_outbox")
      .select("created_at")
      .where("appointment_id", "=", before.id)
      .execute();
    expect(outbox.map((o) => o.created_at)).toContain(NOW.toISOString());
    // The "moved" e-mail and text, as a move by staff sends them; the clinic is told.
    const mails = await t.db
      .selectFrom("mail_queue")
      .select(["subject", "text_body"])
      .where("about_reference", "=", reference)
      .orderBy("id")
      .execute();
    const moved = mails.find((m) => m.subject.startsWith("Appointment moved"))!;
    expect(moved.subject).toBe("Appointment moved: X-ray Imaging, Friday 5 March 2027 at 11:00");
    expect(moved.text_body).toContain("Your appointment is booked: Friday 5 March 2027 at 11:00 (Botswana time)");
    expect(moved.text_body).toContain("You moved it from Thursday 4 March 2027 at 09:30.");
    expect(mails.map((m) => m.subject)).toContain(`Appointment ${reference} time moved by the patient`);
    const texts = await t.db
      .selectFrom("text_messages")
      .select(["kind", "body"])
      .where("about_reference", "=", reference)
      .orderBy("id")
      .execute();
    expect(texts.map((x) => x.kind)).toEqual(["booked", "moved"]);
    expect(texts[0]!.body).toMatch(/booked for Thu 4 Mar at 09:30/);
    expect(texts[1]!.body).toMatch(/moved to Fri 5 Mar at 11:00/);
  });

  it("answers a time taken meanwhile with the nearest free times, and keeps the patient's own time", async () => {
    const { reference, path } = await book("2027-03-08", "09:30");
    await seedConfirmedIn(t.db, "2027-03-09", "10:00", "x-ray");
    const res = await move(reference, path, "2027-03-09", "10:00");
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain("Someone else booked Tuesday 9 March 2027 at 10:00 a moment ago");
    expect(res.body).toContain("Your time now, Monday 8 March 2027 at 09:30, is still yours.");
    // The nearest free times, each a link to that time in the form below (that day's times, afresh).
    expect(res.body).toMatch(/class="taken__time" href="#appointmentTime-0915"/);
    expect(times(res.body)).not.toContain("10:00");
    expect(await row(reference)).toMatchObject({ confirmed_date: "2027-03-08", confirmed_time: "09:30" });
    // A time taken next to its own: its own time (the nearest one free to it) is not offered as another.
    await seedConfirmedIn(t.db, "2027-03-08", "09:00", "x-ray");
    const near = await move(reference, path, "2027-03-08", "09:00");
    expect(near.statusCode).toBe(409);
    const offered = [...near.body.matchAll(/class="taken__time" href="[^"]*">([^<]+)</g)].map((m) => m[1]);
    expect(offered.length).toBeGreaterThan(0);
    expect(offered).not.toContain("09:30");
  });

  it("refuses a post made against an older state, a time off the rule, and the time it already has", async () => {
    const { reference, path } = await book("2027-03-10", "09:30");
    expect((await move(reference, path, "2027-03-11", "09:00", "2000-01-01T00:00:00.000Z")).statusCode).toBe(409);
    const offGrid = await move(reference, path, "2027-03-11", "09:07");
    expect(offGrid.statusCode).toBe(400);
    expect(offGrid.body).toContain("That time cannot be booked online. Choose one of the free times shown.");
    const same = await move(reference, path, "2027-03-10", "09:30");
    expect(same.statusCode).toBe(400);
    expect(same.body).toContain("That is your time already. Choose another time.");
    expect(await row(reference)).toMatchObject({ confirmed_date: "2027-03-10", confirmed_time: "09:30" });
  });

  it("says to phone the clinic within the notice, and moves nothing", async () => {
    const { reference, path } = await book("2027-03-01", "14:00");
    const html = await page(path);
    expect(html).not.toContain("Move to another time");
    expect(html).toContain("Your appointment is less than 24 hours away: please call the clinic to change it.");
    const res = await move(reference, path, "2027-03-12", "09:00");
    expect(res.statusCode).toBe(409);
    expect(await row(reference)).toMatchObject({ confirmed_date: "2027-03-01", confirmed_time: "14:00" });
  });

  it("of two patients moving to one time at once, moves exactly one", async () => {
    const a = await book("2027-03-15", "09:30");
    const b = await book("2027-03-15", "10:30");
    const [ra, rb] = await Promise.all([
      move(a.reference, a.path, "2027-03-16", "12:00"),
      move(b.reference, b.path, "2027-03-16", "12:00"),
    ]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409]);
    const held = await t.db
      .selectFrom("appointments")
      .select("reference")
      .where("confirmed_date", "=", "2027-03-16")
      .where("confirmed_time", "=", "12:00")
      .execute();
    expect(held).toHaveLength(1);
  });

  it("is in Setswana on the Setswana page", async () => {
    const { reference, path } = await book("2027-03-17", "09:30", "tn");
    expect(path).toMatch(/^\/tn\/appointment\//);
    const html = await page(`${path}?day=2027-03-18`);
    expect(html).toContain("Peeletso ya gago e beeletswe: Laboraro 17 Mopitlo 2027 ka 09:30");
    expect(html).toContain("Sutisa peeletso go nako e nngwe");
    expect(html).toContain("Dinako tse di gololesegileng ka Labone 18 Mopitlo 2027");
    const res = await move(reference, path, "2027-03-18", "11:00");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Peeletso ya gago e sutisitswe.");
  });
});
