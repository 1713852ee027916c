import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APPOINTMENT_PATH, EARLIER_ASK_PATH, EARLIER_TAKE_PATH } from "../../domain/api-paths";
import { clinicInstant } from "../../domain/dates";
import type { TextKind } from "../../domain/text-messages";
import {
  BATCH_EVERY_MS,
  OFFERS_EVERY_MS,
  earlierForStaff,
  sendDueOffers,
} from "../../server/appointments/earlier/index";
import { createTestApp, type TestApp } from "../helpers/app";
import { bookTimeBody } from "../helpers/requests";
import { form, SAME_ORIGIN } from "../helpers/staff";

// Issue 37, decision 070: earlier times. One app for the file, on a clock the tests move by hand
// (never a sleep); each test books its own X-ray times on its own days of March 2027.

const start = clinicInstant("2027-03-01", "08:00");

describe("earlier times offered to the patients who asked", () => {
  let t: TestApp;
  let clock = start;
  beforeAll(async () => {
    t = await createTestApp(
      { RATE_LIMIT_ENABLED: "false", MESSAGE_QUIET_HOURS: "20:00-07:00" },
      { servePages: true, now: () => clock },
    );
  });
  afterAll(() => t.close());

  const later = (ms: number) => new Date(clock.getTime() + ms);

  /** Books an X-ray time online; answers its id, reference, private page's path and token. */
  async function book(date: string, time: string, extra: Record<string, unknown> = {}) {
    const res = await t.app.inject({
      method: "POST",
      url: APPOINTMENT_PATH,
      payload: bookTimeBody(date, time, extra),
    });
    expect(res.statusCode, res.body).toBe(201);
    const data = (res.json() as { data: { reference: string; manageUrl: string } }).data;
    const path = new URL(data.manageUrl).pathname;
    const row = await t.db
      .selectFrom("appointments")
      .select(["id"])
      .where("reference", "=", data.reference)
      .executeTakeFirstOrThrow();
    return { id: row.id, reference: data.reference, path, token: path.split("/").pop()! };
  }
  const row = (id: number) =>
    t.db.selectFrom("appointments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const post = (url: string, values: Record<string, string>) =>
    t.app.inject({ method: "POST", url, headers: SAME_ORIGIN, payload: form(values) });
  /** Asks for an earlier time from the private page: one tap, a plain form. */
  async function ask(path: string) {
    const res = await post(path, { intent: "earlier", wanted: "yes" });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  }
  const cancel = async (p: { id: number; path: string }) => {
    const res = await post(p.path, { intent: "cancel", version: (await row(p.id)).updated_at, reason: "" });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** The offer links e-mailed to an appointment, newest last. */
  async function offerLinks(reference: string): Promise<string[]> {
    const mails = await t.db
      .selectFrom("mail_queue")
      .select(["text_body", "subject"])
      .where("subject", "like", `An earlier time is free:%(${reference})`)
      .orderBy("id")
      .execute();
    return mails.map((m) => new URL(/first patient to take it gets it\): (\S+)/.exec(m.text_body)![1]!).pathname);
  }
  const offersOf = (freedDate: string) =>
    t.db
      .selectFrom("earlier_offers")
      .innerJoin("freed_times", "freed_times.id", "earlier_offers.freed_time_id")
      .select(["earlier_offers.appointment_id", "earlier_offers.batch", "earlier_offers.offered_time"])
      .where("freed_times.date", "=", freedDate)
      .orderBy("earlier_offers.id")
      .execute();
  /** Each test offers its own freed times to its own patients: what an earlier test left open is ended first. */
  const endLeftOpen = async () => {
    await t.db
      .updateTable("freed_times")
      .set({ ended_at: clock.toISOString(), next_batch_at: null })
      .where("ended_at", "is", null)
      .execute();
    await t.db.updateTable("appointments").set({ earlier_wanted_at: null }).execute();
  };
  const textsOf = (kind: TextKind) => t.db.selectFrom("text_messages").selectAll().where("kind", "=", kind).execute();

  it("the overview's list of those waiting reads at any instant, within a minute too (starts_at holds whole minutes)", async () => {
    // 08:00:30.5 in Gaborone: PostgreSQL refused the fraction of a minute as an integer, and the overview failed.
    const within = new Date(clinicInstant("2026-12-07", "08:00").getTime() + 30_500);
    await expect(earlierForStaff(t.db, within)).resolves.toMatchObject({ waiting: expect.any(Array) });
  });

  it("asking is one tap on the private page, which then says the patient is on the list and how to leave it", async () => {
    const own = await book("2027-03-22", "10:00");
    const before = await t.app.inject({ method: "GET", url: own.path });
    expect(before.body).toContain("Tell me if an earlier time opens");
    const html = await ask(own.path);
    expect(html).toContain("You are on the list for an earlier time.");
    expect(html).toContain("Leave the list");
    expect((await row(own.id)).earlier_wanted_at).toBe(clock.toISOString());
    // The version is not changed: a move posted from the page shown before still goes through.
    const left = await post(own.path, { intent: "earlier", wanted: "no" });
    expect(left.body).toContain("You have left the list for an earlier time.");
    expect((await row(own.id)).earlier_wanted_at).toBeNull();
    // In Setswana too.
    const tn = await post(`/tn${own.path}`, { intent: "earlier", wanted: "yes" });
    expect(tn.body).toContain("O mo lenaneng la nako ya pele.");
    // The JSON API: the private link's token in the body, never the address.
    const api = await t.app.inject({
      method: "POST",
      url: EARLIER_ASK_PATH,
      payload: { link: own.token, wanted: false },
    });
    expect(api.statusCode, api.body).toBe(200);
    expect(api.json()).toEqual({ data: { onList: false } });
    const unknown = await t.app.inject({
      method: "POST",
      url: EARLIER_ASK_PATH,
      payload: { link: "x".repeat(43), wanted: true },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("a freed time reaches the first batch (3, earliest first) within 60 s; the next 3 go after 20 minutes, only while it is free; first taker wins", async () => {
    clock = start;
    // Five patients on the list, with later X-ray times; one patient's earlier time is cancelled.
    const waiting = [];
    for (const date of ["2027-03-15", "2027-03-16", "2027-03-17", "2027-03-18", "2027-03-19"]) {
      const p = await book(date, "09:00");
      await ask(p.path);
      waiting.push(p);
    }
    const notOnList = await book("2027-03-12", "09:00");
    const freed = await book("2027-03-04", "09:30");
    await cancel(freed);

    // Within 60 s of the clock, the job's next run offers it to the three earliest.
    clock = later(OFFERS_EVERY_MS);
    expect(OFFERS_EVERY_MS).toBeLessThanOrEqual(60_000);
    expect(await sendDueOffers(t.db, t.config, clock)).toBe(3);
    expect(await offersOf("2027-03-04")).toEqual(
      waiting.slice(0, 3).map((p) => ({ appointment_id: p.id, batch: 1, offered_time: "09:30" })),
    );
    expect((await offerLinks(notOnList.reference)).length).toBe(0);
    // Each by e-mail and by text (one GSM-7 segment, with the offer's link, never the service).
    const texts = await textsOf("earlier");
    expect(texts).toHaveLength(3);
    for (const text of texts) {
      expect(text.body).toMatch(
        /earlier time (is )?free for APT-\d{4}-\d+: Thu 4 Mar at 09:30\. .*\/earlier\/[\w-]{43}$/,
      );
      expect(text.body).not.toMatch(/x-ray/i);
    }
    // The page of an offer: the freed time beside the patient's own, and one button.
    const [firstLink] = await offerLinks(waiting[0]!.reference);
    const page = await t.app.inject({ method: "GET", url: firstLink! });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("An earlier time is free");
    expect(page.body).toContain("Thursday 4 March 2027 at 09:30");
    expect(page.body).toContain("Monday 15 March 2027 at 09:00");
    expect(page.body.match(/<button/g)).toHaveLength(1);
    expect(page.body).toContain("Take this time");
    expect(page.headers["cache-control"]).toBe("no-store");

    // Not before 20 minutes: nothing more goes.
    clock = later(BATCH_EVERY_MS - OFFERS_EVERY_MS);
    expect(await sendDueOffers(t.db, t.config, clock)).toBe(0);
    clock = later(OFFERS_EVERY_MS);
    expect(await sendDueOffers(t.db, t.config, clock)).toBe(2);
    expect((await offersOf("2027-03-04")).map((o) => o.batch)).toEqual([1, 1, 1, 2, 2]);

    // Five patients take it at once: exactly one move, the others keep their own time.
    const links = await Promise.all(waiting.map(async (p) => (await offerLinks(p.reference))[0]!));
    const answers = await Promise.all(links.map((url) => post(url, {})));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const rows = await Promise.all(waiting.map((p) => row(p.id)));
    const moved = rows.filter((r) => r.confirmed_date === "2027-03-04");
    expect(moved).toHaveLength(1);
    expect(moved[0]!.confirmed_time).toBe("09:30");
    const winner = waiting.find((p) => p.id === moved[0]!.id)!;
    for (const [i, r] of rows.entries()) {
      if (r.id !== winner.id) expect(`${r.confirmed_date} ${r.confirmed_time}`).toBe(`2027-03-${15 + i} 09:00`);
    }
    const won = answers[waiting.indexOf(winner)]!;
    expect(won.body).toContain("Done: your appointment is at the earlier time");
    // A later taker is told on the first screen that the time has gone, and keeps their own.
    const loser = waiting.find((p) => p !== winner)!;
    const gone = await t.app.inject({ method: "GET", url: links[waiting.indexOf(loser)]! });
    expect(gone.body).toContain("This time has gone");
    expect(gone.body).not.toContain("Take this time");
    // The usual messages: "moved" for the one who took it, nothing for the others.
    const movedTexts = await textsOf("moved");
    expect(movedTexts.map((m) => m.about_reference)).toEqual([winner.reference]);
    // Filled, with the days gained, for the figures.
    const filled = await t.db
      .selectFrom("freed_times")
      .selectAll()
      .where("date", "=", "2027-03-04")
      .executeTakeFirstOrThrow();
    expect(filled.filled_by).toBe(winner.id);
    expect(filled.days_gained).toBe(15 + waiting.indexOf(winner) - 4);
    // The time given up is free at once, and offered in turn to those later than it.
    const givenUp = await t.db
      .selectFrom("freed_times")
      .selectAll()
      .where("from_appointment_id", "=", winner.id)
      .executeTakeFirstOrThrow();
    expect(givenUp.cause).toBe("moved");
    clock = later(OFFERS_EVERY_MS);
    const inTurn = await sendDueOffers(t.db, t.config, clock);
    const offeredInTurn = await offersOf(givenUp.date);
    expect(inTurn).toBe(offeredInTurn.length);
    for (const o of offeredInTurn) {
      expect((await row(o.appointment_id)).confirmed_date! > givenUp.date).toBe(true);
    }
  });

  it("a later batch goes only while the time is free: booked by another meanwhile, the offers end", async () => {
    clock = clinicInstant("2027-03-02", "10:00");
    await endLeftOpen();
    const waiting = [];
    for (const date of ["2027-03-23", "2027-03-24", "2027-03-25", "2027-03-31"]) {
      const p = await book(date, "11:00");
      await ask(p.path);
      waiting.push(p);
    }
    const freed = await book("2027-03-08", "11:00");
    await cancel(freed);
    clock = later(OFFERS_EVERY_MS);
    expect(await sendDueOffers(t.db, t.config, clock)).toBe(3);
    // Someone books that very time online meanwhile.
    await book("2027-03-08", "11:00");
    clock = later(BATCH_EVERY_MS);
    expect(await sendDueOffers(t.db, t.config, clock)).toBe(0);
    expect(await offersOf("2027-03-08")).toHaveLength(3);
    const ended = await t.db
      .selectFrom("freed_times")
      .selectAll()
      .where("date", "=", "2027-03-08")
      .executeTakeFirstOrThrow();
    expect(ended.ended_at).toBe(clock.toISOString());
    expect(ended.filled_at).toBeNull();
    // An offer of it says it has gone; taking it through the API keeps the patient's own time.
    const [link] = await offerLinks(waiting[0]!.reference);
    const taken = await t.app.inject({
      method: "POST",
      url: EARLIER_TAKE_PATH,
      payload: { offer: link!.split("/").pop() },
    });
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json()).toMatchObject({
      data: { status: "gone", appointmentDate: "2027-03-23", appointmentTime: "11:00" },
    });
  });

  it("sends no text in quiet hours: the e-mail goes at once", async () => {
    clock = clinicInstant("2027-03-05", "20:30");
    await endLeftOpen();
    const waiting = await book("2027-03-30", "14:00");
    await ask(waiting.path);
    const freed = await book("2027-03-10", "14:00");
    const textsBefore = (await textsOf("earlier")).length;
    await cancel(freed);
    clock = later(OFFERS_EVERY_MS);
    expect(await sendDueOffers(t.db, t.config, clock)).toBe(1);
    expect(await offerLinks(waiting.reference)).toHaveLength(1);
    expect(await textsOf("earlier")).toHaveLength(textsBefore);
  });

  it("takes an offer through the JSON API, and refuses a token that is no offer's", async () => {
    clock = clinicInstant("2027-03-03", "09:00");
    await endLeftOpen();
    const waiting = await book("2027-03-31", "15:00");
    const api = await t.app.inject({
      method: "POST",
      url: EARLIER_ASK_PATH,
      payload: { link: waiting.token, wanted: true },
    });
    expect(api.statusCode).toBe(200);
    const freed = await book("2027-03-11", "15:00");
    await cancel(freed);
    clock = later(OFFERS_EVERY_MS);
    await sendDueOffers(t.db, t.config, clock);
    const [link] = await offerLinks(waiting.reference);
    const taken = await t.app.inject({
      method: "POST",
      url: EARLIER_TAKE_PATH,
      payload: { offer: link!.split("/").pop() },
    });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({
      data: { status: "moved", appointmentDate: "2027-03-11", appointmentTime: "15:00" },
    });
    const unknown = await t.app.inject({ method: "POST", url: EARLIER_TAKE_PATH, payload: { offer: "y".repeat(43) } });
    expect(unknown.statusCode).toBe(404);
    const notFound = await t.app.inject({ method: "GET", url: `/earlier/${"z".repeat(43)}` });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.body).toContain("This link is not valid");
  });
});
