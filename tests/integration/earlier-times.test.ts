import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APPOINTMENT_PATH, EARLIER_ASK_PATH, EARLIER_TAKE_PATH } from "../../domain/api-paths";
import { clinicInstant } from "../../domain/dates";
import type { TextKind } from "../../domain/text-messages";
import { ROOMS } from "../../domain/rooms";
import {
  BATCH_EVERY_MS,
  OFFERS_EVERY_MS,
  earlierForStaff,
  offersRound,
  sendDueOffers,
} from "../../server/appointments/earlier/index";
import { changeStatus, moveAppointment, reopenAndOffer } from "../../server/appointments/front-desk/index";
import { removeClosure } from "../../server/closures/closures";
import { staffRuntime } from "../../server/db/runtime";
import { findPatient, matchFingerprint } from "../../server/privacy/patient-lookup";
import { erasePatient, exportPatient } from "../../server/privacy/patient-rights";
import { createTestApp, type TestApp } from "../helpers/app";
import { bookTimeBody } from "../helpers/requests";
import { addStaff, form, SAME_ORIGIN } from "../helpers/staff";

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
  /** Takes an offer through the JSON API (the offer's token in the body), from its link's path. */
  const takeOffer = (link: string) =>
    t.app.inject({ method: "POST", url: EARLIER_TAKE_PATH, payload: { offer: link.split("/").pop() } });
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
    // Taking it takes the patient off the list (decision 084); the page says so, and asks again in one tap.
    expect((await row(winner.id)).earlier_wanted_at).toBeNull();
    expect(won.body).toContain("You are no longer on the list for an earlier time.");
    expect(won.body).toContain("Tell me if an even earlier time opens");
    const again = await post(links[waiting.indexOf(winner)]!, { intent: "again" });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.body).toContain("You are on the list for an earlier time.");
    expect(again.body).not.toContain("Tell me if an even earlier time opens");
    expect((await row(winner.id)).earlier_wanted_at).toBe(clock.toISOString());
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
    const taken = await takeOffer(link!);
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json()).toMatchObject({
      data: { status: "gone", appointmentDate: "2027-03-23", appointmentTime: "11:00", onList: true },
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
    const taken = await takeOffer(link!);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({
      data: { status: "moved", appointmentDate: "2027-03-11", appointmentTime: "15:00", onList: false },
    });
    expect((await takeOffer("y".repeat(43))).statusCode).toBe(404);
    const notFound = await t.app.inject({ method: "GET", url: `/earlier/${"z".repeat(43)}` });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.body).toContain("This link is not valid");
  });
  it("a closure lifted offers its days, and a room back in service that room's, in the transaction that removes it", async () => {
    clock = clinicInstant("2027-03-08", "09:00");
    await endLeftOpen();
    // The closures page's removal (app/routes/staff/closures.tsx), on this file's clock.
    const manager = await addStaff(t.db);
    const closure = (date: string, room: string | null) =>
      t.db
        .insertInto("clinic_closures")
        .values({
          first_date: date,
          last_date: date,
          reason: "Maintenance",
          room,
          created_by: null,
          created_at: clock.toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    const reopen = async (id: number) =>
      expect(
        await reopenAndOffer(
          staffRuntime(t.db, t.config, () => clock),
          manager,
          id,
        ),
      ).toMatchObject({ ok: true });
    // Offering its days is part of removing it: if writing them fails, the closure stays.
    const kept = await closure("2027-04-08", null);
    const failing = async () => Promise.reject(new Error("offers failed"));
    await expect(removeClosure(t.db, manager, kept.id, clock, failing)).rejects.toThrow("offers failed");
    const stays = await t.db.selectFrom("clinic_closures").select("id").where("id", "=", kept.id).execute();
    expect(stays).toHaveLength(1);
    await t.db.deleteFrom("clinic_closures").where("id", "=", kept.id).execute();
    const freedOn = (date: string) =>
      t.db.selectFrom("freed_times").select(["room", "cause"]).where("date", "=", date).orderBy("room").execute();

    // The whole clinic closed on 6 April; a patient on the list has an X-ray time on 20 April.
    const clinic = await closure("2027-04-06", null);
    const first = await book("2027-04-20", "10:00");
    await ask(first.path);
    await reopen(clinic.id);
    expect(await freedOn("2027-04-06")).toEqual(
      ROOMS.map((r) => ({ room: r.id, cause: "closure-lifted" })).sort((a, b) => a.room.localeCompare(b.room)),
    );
    clock = later(OFFERS_EVERY_MS);
    expect(await sendDueOffers(t.db, t.config, clock)).toBe(1);
    const [offered] = await offersOf("2027-04-06");
    expect(offered).toMatchObject({ appointment_id: first.id, batch: 1 });
    expect(await offerLinks(first.reference)).toHaveLength(1);

    // The X-ray room out of service on 7 April, back in service: only that room's day is offered.
    const room = await closure("2027-04-07", "x-ray");
    const second = await book("2027-04-21", "10:00");
    await ask(second.path);
    await reopen(room.id);
    expect(await freedOn("2027-04-07")).toEqual([{ room: "x-ray", cause: "room-back" }]);
    clock = later(OFFERS_EVERY_MS);
    expect(await sendDueOffers(t.db, t.config, clock)).toBe(1);
    expect(await offersOf("2027-04-07")).toMatchObject([{ appointment_id: second.id, batch: 1 }]);
    const page = await t.app.inject({ method: "GET", url: (await offerLinks(second.reference))[0]! });
    expect(page.body).toContain("Wednesday 7 April 2027 at");
    expect(page.body).toContain("Take this time");
  });

  it("staff's cancellation and move free the times they held, and each is offered", async () => {
    clock = clinicInstant("2027-03-12", "09:00");
    await endLeftOpen();
    // The console's cancel and move (app/routes/staff/appointment/), on this file's clock.
    const rt = staffRuntime(t.db, t.config, () => clock);
    const manager = await addStaff(t.db);
    const waiting = [await book("2027-04-27", "14:30"), await book("2027-04-29", "14:30")];
    for (const p of waiting) await ask(p.path);
    const cancelled = await book("2027-03-17", "14:30");
    const moved = await book("2027-03-18", "14:30");
    expect(await changeStatus(rt, manager, cancelled.id, { to: "cancelled", reason: "Patient phoned" })).toMatchObject({
      kind: "done",
    });
    expect(await moveAppointment(rt, manager, moved.id, { date: "2027-04-28", time: "14:30" })).toMatchObject({
      kind: "done",
    });
    const freed = await t.db
      .selectFrom("freed_times")
      .select(["from_appointment_id", "cause", "date"])
      .where("from_appointment_id", "in", [cancelled.id, moved.id])
      .orderBy("id")
      .execute();
    expect(freed).toEqual([
      { from_appointment_id: cancelled.id, cause: "cancelled", date: "2027-03-17" },
      { from_appointment_id: moved.id, cause: "moved", date: "2027-03-18" },
    ]);
    const offered = () =>
      t.db
        .selectFrom("earlier_offers")
        .innerJoin("freed_times", "freed_times.id", "earlier_offers.freed_time_id")
        .select(["freed_times.from_appointment_id", "earlier_offers.appointment_id"])
        .where("freed_times.from_appointment_id", "in", [cancelled.id, moved.id])
        .orderBy("earlier_offers.id")
        .execute();
    // The sooner time goes to both; the other waits while they each hold an offer (one at a time).
    clock = later(OFFERS_EVERY_MS);
    expect(await sendDueOffers(t.db, t.config, clock)).toBe(2);
    expect(await offered()).toEqual(waiting.map((p) => ({ from_appointment_id: cancelled.id, appointment_id: p.id })));
    // The first takes it; the second's offer is gone, and the moved time is offered to them next.
    expect((await takeOffer((await offerLinks(waiting[0]!.reference))[0]!)).statusCode).toBe(200);
    clock = later(BATCH_EVERY_MS);
    await sendDueOffers(t.db, t.config, clock);
    expect((await offered()).at(-1)).toEqual({ from_appointment_id: moved.id, appointment_id: waiting[1]!.id });
  });

  it("an offer ends when its patient's own time changes, and when it is too close; its link says so and moves nothing", async () => {
    clock = clinicInstant("2027-03-09", "09:00");
    await endLeftOpen();
    const first = await book("2027-04-13", "13:00");
    const second = await book("2027-04-14", "13:00");
    for (const p of [first, second]) await ask(p.path);
    const freed = await book("2027-03-15", "13:00");
    await cancel(freed);
    clock = later(OFFERS_EVERY_MS);
    expect(await sendDueOffers(t.db, t.config, clock)).toBe(2);
    const [firstLink] = await offerLinks(first.reference);
    const [secondLink] = await offerLinks(second.reference);
    const ended = async (link: string, own: { date: string; time: string } | null) => {
      const page = await t.app.inject({ method: "GET", url: link });
      expect(page.body).toContain("This offer has ended");
      expect(page.body).not.toContain("Take this time");
      const taken = await takeOffer(link);
      expect(taken.statusCode, taken.body).toBe(409);
      expect(taken.json()).toMatchObject({ data: { status: "ended" } });
      if (own) expect(taken.json()).toMatchObject({ data: { appointmentDate: own.date, appointmentTime: own.time } });
    };

    // The second patient cancels their own time: their offer has ended.
    await cancel(second);
    await ended(secondLink!, null);
    expect((await row(second.id)).status).toBe("cancelled");

    // Too close: from the moment the notice before the time offered begins (its expiry, never after
    // the patient's own time), the first patient's offer has ended, and their own time stays.
    const offer = await t.db
      .selectFrom("earlier_offers")
      .selectAll()
      .where("appointment_id", "=", first.id)
      .executeTakeFirstOrThrow();
    expect(offer.expires_at < clinicInstant("2027-04-13", "13:00").toISOString()).toBe(true);
    clock = new Date(Date.parse(offer.expires_at) - 1000);
    expect((await t.app.inject({ method: "GET", url: firstLink! })).body).toContain("Take this time");
    clock = new Date(offer.expires_at);
    await ended(firstLink!, { date: "2027-04-13", time: "13:00" });
    expect((await row(first.id)).confirmed_date).toBe("2027-04-13");

    // Once the freed time has begun, the job ends it and every offer of it.
    clock = clinicInstant("2027-03-15", "13:00");
    expect(await sendDueOffers(t.db, t.config, clock)).toBe(0);
    const rows = await t.db
      .selectFrom("earlier_offers")
      .innerJoin("freed_times", "freed_times.id", "earlier_offers.freed_time_id")
      .select(["earlier_offers.ended_at as offerEnded", "freed_times.ended_at as freedEnded"])
      .where("freed_times.from_appointment_id", "=", freed.id)
      .execute();
    expect(rows).toHaveLength(2);
    for (const r of rows) expect([r.offerEnded, r.freedEnded]).toEqual([clock.toISOString(), clock.toISOString()]);
  });

  it("one instance runs the offers' job per period: it takes the job's lease", async () => {
    const at = clinicInstant("2027-03-10", "08:00");
    const round = (holder: string, ms = 0) =>
      offersRound(t.db, t.config, clock, { now: new Date(at.getTime() + ms), holder });
    expect(await round("instance-a")).toEqual(expect.any(Number));
    expect(await round("instance-b")).toBeUndefined();
    expect(await round("instance-a", 1000)).toBeUndefined();
    expect(await round("instance-b", OFFERS_EVERY_MS)).toEqual(expect.any(Number));
  });

  it("the patient's export holds the earlier times offered; erasure removes them and leaves the freed time unnamed", async () => {
    clock = clinicInstant("2027-03-11", "09:00");
    await endLeftOpen();
    const email = "earlier.export@example.org";
    const waiting = await book("2027-04-22", "15:00", { email });
    await ask(waiting.path);
    const freed = await book("2027-03-16", "15:00");
    await cancel(freed);
    clock = later(OFFERS_EVERY_MS);
    expect(await sendDueOffers(t.db, t.config, clock)).toBe(1);
    const [link] = await offerLinks(waiting.reference);
    expect((await takeOffer(link!)).statusCode).toBe(200);

    const rt = staffRuntime(t.db, t.config, () => clock);
    const manager = await addStaff(t.db);
    const match = (await findPatient(t.db, { kind: "email", value: email }))!;
    const exported = await exportPatient(rt, manager, match);
    const document = JSON.parse(strFromU8(unzipSync(exported.zip)["patient-data.json"]!)) as {
      appointments: { reference: string; earlier_offers: unknown[] }[];
    };
    const offers = document.appointments.find((a) => a.reference === waiting.reference)!.earlier_offers;
    expect(offers).toEqual([
      {
        offered_date: "2027-03-16",
        offered_time: "15:00",
        own_date: "2027-04-22",
        own_time: "15:00",
        offered_at: clock.toISOString(),
        expires_at: expect.any(String),
        taken_at: clock.toISOString(),
        ended_at: null,
      },
    ]);

    expect(await erasePatient(rt, manager, match, matchFingerprint(match))).toMatchObject({ kind: "erased" });
    const left = await t.db
      .selectFrom("earlier_offers")
      .select("id")
      .where("appointment_id", "=", waiting.id)
      .execute();
    expect(left).toHaveLength(0);
    const named = await t.db
      .selectFrom("freed_times")
      .select(["filled_by", "from_appointment_id"])
      .where((eb) => eb.or([eb("filled_by", "=", waiting.id), eb("from_appointment_id", "=", waiting.id)]))
      .execute();
    expect(named).toHaveLength(0);
  });
});
