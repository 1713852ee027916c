import type { KyselyPlugin, QueryId, SelectQueryNode } from "kysely";
import { orThrow } from "../helpers/outcome";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKABLE_SERVICES } from "../../domain/catalogue";
import { clinicMinutes, needsNoRoom, roomsForService } from "../../domain/rooms";
import { safetyQuestionsFor } from "../../domain/safety-questions";
import { openDb, type Db } from "../../server/db/index";
import {
  allowedNext,
  changeStatus,
  moveAppointment,
  type StatusChangeOutcome,
} from "../../server/appointments/front-desk/staff-changes";
import { addDays, clinicInstant } from "../../domain/dates";
import { staffRuntime } from "../../server/db/runtime";
import { freeTimes, isTimeTaken, TIME_MISSING, TIME_TAKEN } from "../../server/appointments/front-desk/schedule";
import { createTestApp, type TestApp } from "../helpers/app";
import { addStaff, nextOpenWeekday, seedAppointment, type TestStaff } from "../helpers/staff";

/**
 * No two confirmed appointments overlap in one room (decision
 * 018), guaranteed by the database (migration 0016) on SQLite and
 * PostgreSQL (TEST_DATABASE_URL), also through a second connection pool as a
 * second instance would have; freed as soon as an appointment leaves
 * "confirmed".
 */

let t: TestApp;
let other: Db;
let staff: TestStaff;
let date: string;

beforeAll(async () => {
  t = await createTestApp();
  // A second, independent connection pool on the same database: another
  // instance. PostgreSQL only: several instances need PostgreSQL, and two
  // synchronous SQLite connections in one process would wait on each other.
  other = process.env.TEST_DATABASE_URL ? openDb(t.config) : t.db;
  staff = await addStaff(t.db, { role: "reception" });
  date = nextOpenWeekday(t.config, 14);
});
afterAll(async () => {
  if (other !== t.db) await other?.destroy();
  await t?.close();
});

const xray = () => seedAppointment(t.db, { service_name: "x-ray" });
const confirm = (db: Db, id: number, time: string, extra: { examination?: string } = {}, day: string = date) =>
  orThrow(changeStatus(staffRuntime(db, t.config), staff, id, { to: "confirmed", date: day, time, ...extra }));
const settle = async (attempts: Promise<unknown>[]) => {
  const results = await Promise.allSettled(attempts);
  return {
    ok: results.filter((r) => r.status === "fulfilled").length,
    reasons: results.flatMap((r) => (r.status === "rejected" ? [(r.reason as Error).message] : [])),
  };
};

describe("confirming into a room", () => {
  it("20 parallel confirmations of different requests into one slot, from two instances: exactly one succeeds", async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, xray));
    const { ok, reasons } = await settle(ids.map((id, i) => confirm(i % 2 ? other : t.db, id, "10:00")));
    expect(ok).toBe(1);
    expect(reasons).toHaveLength(19);
    // Refused by the check before writing, or by the database when both wrote at once.
    for (const reason of reasons) expect(reason).toMatch(/That time was just taken|No room is free at 10:00/);
    const rows = await t.db.selectFrom("appointments").select(["status", "room"]).where("id", "in", ids).execute();
    expect(rows.filter((r) => r.status === "confirmed")).toEqual([{ status: "confirmed", room: "x-ray" }]);
  });

  it("the database itself refuses an overlapping confirmed appointment in one room, even written directly", async () => {
    const first = await xray();
    await confirm(t.db, first, "12:00");
    const second = await xray();
    const start = clinicMinutes(date, "12:15");
    const write = () =>
      other
        .updateTable("appointments")
        .set({ status: "confirmed", room: "x-ray", starts_at: start, ends_at: start + 30 })
        .where("id", "=", second)
        .execute();
    await expect(write()).rejects.toSatisfy(isTimeTaken);
    const row = await t.db.selectFrom("appointments").select("status").where("id", "=", second).executeTakeFirst();
    expect(row?.status).toBe("requested");
  });

  it("refuses a time that only partly overlaps another, allows one that starts as the other ends", async () => {
    const first = await xray();
    await confirm(t.db, first, "14:00"); // x-ray: 30 minutes, 14:00 to 14:30
    const second = await xray();
    await expect(confirm(t.db, second, "14:15")).rejects.toThrow("No room is free at 14:15");
    await confirm(t.db, second, "14:30");
  });

  it("allows a different room at the same time", async () => {
    const a = await seedAppointment(t.db, { service_name: "ultrasound" });
    const b = await seedAppointment(t.db, { service_name: "ultrasound" });
    await confirm(t.db, a, "09:00", { examination: "Thyroid" });
    await confirm(t.db, b, "09:00", { examination: "Thyroid" });
    const rooms = await t.db
      .selectFrom("appointments")
      .select("room")
      .where("id", "in", [a, b])
      .orderBy("id")
      .execute();
    expect(rooms.map((r) => r.room)).toEqual(["ultrasound-1", "ultrasound-2"]);
    const c = await seedAppointment(t.db, { service_name: "ultrasound" });
    await expect(confirm(t.db, c, "09:15", { examination: "Thyroid" })).rejects.toThrow("No room is free");
    // A different room serving another service, same time.
    const d = await xray();
    await confirm(t.db, d, "09:00");
  });

  it("the confirmation's calendar file lasts as long as the examination chosen", async () => {
    const id = await seedAppointment(t.db, { service_name: "ultrasound", reference: "APT-ICS-LENGTH" });
    await confirm(t.db, id, "11:00", { examination: "Gallbladder" });
    const mail = await t.db
      .selectFrom("mail_queue")
      .select("attachments_json")
      .where("text_body", "like", "%APT-ICS-LENGTH%")
      .executeTakeFirstOrThrow();
    const ics = (JSON.parse(mail.attachments_json) as { filename: string; content: string }[])
      .filter((a) => a.filename.endsWith(".ics"))
      .map((a) => Buffer.from(a.content, "base64").toString("utf8"))[0]!;
    // 11:00 in Gaborone is 09:00 UTC; a gallbladder examination takes 20 minutes (an ultrasound 45 by default).
    expect(ics).toMatch(/DTSTART:\d{8}T090000Z/);
    expect(ics).toMatch(/DTEND:\d{8}T092000Z/);
  });

  it("frees the time when the appointment is cancelled", async () => {
    const first = await xray();
    await confirm(t.db, first, "16:00");
    const second = await xray();
    await expect(confirm(t.db, second, "16:00")).rejects.toThrow("No room is free at 16:00");
    await orThrow(
      changeStatus(staffRuntime(t.db, t.config), staff, first, { to: "cancelled", reason: "Machine service." }),
    );
    await confirm(t.db, second, "16:00");
  });

  it("frees the time when the status goes back to requested, with nothing else changed", async () => {
    const first = await xray();
    await confirm(t.db, first, "17:00");
    await t.db.updateTable("appointments").set({ status: "requested" }).where("id", "=", first).execute();
    const second = await xray();
    await confirm(t.db, second, "17:00");
    const start = clinicMinutes(date, "17:00");
    const rows = await t.db
      .selectFrom("appointments")
      .select(["status", "room", "starts_at", "ends_at"])
      .where("id", "in", [first, second])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      // Still holding its room and times: the status alone frees them.
      { status: "requested", room: "x-ray", starts_at: start, ends_at: start + 30 },
      { status: "confirmed", room: "x-ray", starts_at: start, ends_at: start + 30 },
    ]);
  });

  it("maps the database's refusal to 'That time was just taken'", async () => {
    const first = await xray();
    await confirm(t.db, first, "13:00");
    // Another instance confirmed `first` after this one looked: the check
    // before writing sees no confirmed appointment, the database refuses.
    const looked = new WeakSet<QueryId>();
    const lookedTooEarly: KyselyPlugin = {
      transformQuery({ node, queryId }) {
        const from = (node as SelectQueryNode).from?.froms ?? [];
        if (node.kind === "SelectQueryNode" && JSON.stringify(from).includes('"appointments"')) {
          if (JSON.stringify(node.where ?? {}).includes('"ends_at"')) looked.add(queryId);
        }
        return node;
      },
      async transformResult({ result, queryId }) {
        return looked.has(queryId) ? { ...result, rows: [] } : result;
      },
    };
    const second = await xray();
    // The refusal is the core's outcome, by the time's field: returned, not thrown (decision 060).
    const refused = changeStatus(staffRuntime(t.db.withPlugin(lookedTooEarly), t.config), staff, second, {
      to: "confirmed",
      date,
      time: "13:00",
    });
    expect(await refused).toEqual({ kind: "invalid", errors: { time: TIME_TAKEN } });
    const row = await t.db.selectFrom("appointments").select("status").where("id", "=", second).executeTakeFirst();
    expect(row?.status).toBe("requested");
  });

  it("offers free starts on a 15-minute grid, leaving out taken times; moving checks the same way", async () => {
    const first = await xray();
    await confirm(t.db, first, "18:00");
    const probe = await xray();
    const free = await freeTimes(t.db, t.config, { id: probe, service_name: "x-ray" }, date, null, new Date());
    const times = free.offers.map((o) => o.time);
    expect(times).toContain("08:00");
    expect(times).toContain("08:15");
    expect(times).not.toContain("17:45");
    expect(times).not.toContain("18:00");
    expect(times).not.toContain("18:15");
    expect(times).toContain("18:30");
    expect(times.at(-1)).toBe("19:30");
    await confirm(t.db, probe, "19:00");
    await expect(
      orThrow(moveAppointment(staffRuntime(t.db, t.config), staff, probe, { date, time: "18:15" })),
    ).rejects.toThrow("No room is free");
    await orThrow(moveAppointment(staffRuntime(t.db, t.config), staff, probe, { date, time: "19:30" }));
    const row = await t.db
      .selectFrom("appointments")
      .select(["confirmed_time", "starts_at", "ends_at"])
      .where("id", "=", probe)
      .executeTakeFirst();
    expect(row).toEqual({
      confirmed_time: "19:30",
      starts_at: clinicMinutes(date, "19:30"),
      ends_at: clinicMinutes(date, "20:00"),
    });
    const mail = await t.db.selectFrom("mail_queue").select(["subject"]).orderBy("id", "desc").executeTakeFirst();
    expect(mail?.subject).toMatch(/^Appointment moved: X-ray/);
  });
});

describe("reception chooses the room (decision 034)", () => {
  const ultrasound = () => seedAppointment(t.db, { service_name: "ultrasound" });
  const confirmIn = (id: number, time: string, room: string | null, day = nextOpenWeekday(t.config, 35)) =>
    orThrow(
      changeStatus(staffRuntime(t.db, t.config), staff, id, {
        to: "confirmed",
        date: day,
        time,
        examination: "Thyroid",
        room,
      }),
    );
  const roomOf = async (id: number) =>
    (await t.db.selectFrom("appointments").select(["status", "room"]).where("id", "=", id).executeTakeFirstOrThrow())
      .room;

  it("without a choice, the first free room; with one, that room when it is free", async () => {
    const first = await ultrasound();
    await confirmIn(first, "10:00", null);
    expect(await roomOf(first)).toBe("ultrasound-1");
    const chosen = await ultrasound();
    await confirmIn(chosen, "11:00", "ultrasound-2");
    expect(await roomOf(chosen)).toBe("ultrasound-2");
    // The first free room at 10:00 is now Ultrasound 2: the free times say so, in order.
    const day = nextOpenWeekday(t.config, 35);
    const probe = await ultrasound();
    const free = await freeTimes(t.db, t.config, { id: probe, service_name: "ultrasound" }, day, "Thyroid", new Date());
    expect(free.offers.find((o) => o.time === "10:00")?.rooms.map((r) => r.id)).toEqual(["ultrasound-2"]);
    expect(free.offers.find((o) => o.time === "09:00")?.rooms.map((r) => r.id)).toEqual([
      "ultrasound-1",
      "ultrasound-2",
    ]);
  });

  it("refuses a room that is taken then, or that does not serve the service, and writes nothing", async () => {
    const held = await ultrasound();
    await confirmIn(held, "14:00", "ultrasound-2");
    const second = await ultrasound();
    await expect(confirmIn(second, "14:00", "ultrasound-2")).rejects.toThrow(
      "Ultrasound 2 is not free at 14:00 for 30 minutes. Choose another room or time.",
    );
    await expect(confirmIn(second, "14:00", "x-ray")).rejects.toThrow(
      "Choose one of the rooms that serve this service.",
    );
    const row = await t.db
      .selectFrom("appointments")
      .select(["status", "room"])
      .where("id", "=", second)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "requested", room: null });
    // Moving to another day with a chosen room, by the same checks.
    const later = nextOpenWeekday(t.config, 36);
    await orThrow(
      moveAppointment(staffRuntime(t.db, t.config), staff, held, {
        date: later,
        time: "09:00",
        room: "ultrasound-1",
      }),
    );
    const moved = await t.db
      .selectFrom("appointments")
      .select(["confirmed_date", "confirmed_time", "room"])
      .where("id", "=", held)
      .executeTakeFirstOrThrow();
    expect(moved).toEqual({ confirmed_date: later, confirmed_time: "09:00", room: "ultrasound-1" });
  });
});

describe("a refused placement names every wrong field at once", () => {
  const rt = () => staffRuntime(t.db, t.config);
  const refusal = async (attempt: Promise<StatusChangeOutcome>) => {
    const outcome = await attempt;
    if (outcome.kind !== "invalid") return expect.unreachable(`the change was not refused by field: ${outcome.kind}`);
    return outcome.errors;
  };

  it("confirming: a closed day, no time, an examination not offered and a room that does not serve the service; nothing written", async () => {
    const id = await seedAppointment(t.db, { service_name: "ultrasound" });
    let sunday = nextOpenWeekday(t.config, 42);
    while (new Date(`${sunday}T12:00:00Z`).getUTCDay() !== 0) sunday = addDays(sunday, 1);
    const errors = await refusal(
      changeStatus(rt(), staff, id, {
        to: "confirmed",
        date: sunday,
        time: "",
        examination: "Not an examination",
        room: "x-ray",
      }),
    );
    expect(errors).toEqual({
      examination: "Choose an examination from the list.",
      date: "The clinic is closed on Sundays. Choose another day.",
      time: TIME_MISSING,
      room: "Choose one of the rooms that serve this service.",
    });
    const row = await t.db
      .selectFrom("appointments")
      .select(["status", "room", "confirmed_date"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "requested", room: null, confirmed_date: null });
  });

  it("moving: a date and a time that are not ones, both at once", async () => {
    const id = await seedAppointment(t.db, { service_name: "ultrasound" });
    await orThrow(
      changeStatus(rt(), staff, id, { to: "confirmed", date: nextOpenWeekday(t.config, 43), time: "15:00" }),
    );
    expect(await refusal(moveAppointment(rt(), staff, id, { date: "2026-02-30", time: "25:00" }))).toEqual({
      date: "Enter the date as YYYY-MM-DD.",
      time: "Enter the time as HH:MM (24-hour clock).",
    });
  });

  it("cancelling: the reason, by its field", async () => {
    const id = await seedAppointment(t.db, { service_name: "ultrasound" });
    expect(await refusal(changeStatus(rt(), staff, id, { to: "cancelled", reason: "  " }))).toEqual({
      reason: "Give a reason for cancelling.",
    });
  });
});

describe("attended and no-show wait for the appointment's time", () => {
  it("are offered and accepted only from the confirmed start", async () => {
    const id = await xray();
    const day = nextOpenWeekday(t.config, 38);
    await confirm(t.db, id, "09:00", {}, day);
    const row = await t.db.selectFrom("appointments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const start = clinicInstant(day, "09:00");
    expect(allowedNext(row, new Date(start.getTime() - 60_000))).toEqual(["cancelled"]);
    expect(allowedNext(row, start)).toEqual(["attended", "no_show", "not_prepared", "cancelled"]);
    await expect(
      orThrow(
        changeStatus(
          staffRuntime(t.db, t.config, () => new Date(start.getTime() - 60_000)),
          staff,
          id,
          { to: "no_show" },
        ),
      ),
    ).rejects.toThrow(/can be recorded from the appointment's time/);
    await orThrow(
      changeStatus(
        staffRuntime(t.db, t.config, () => new Date(start.getTime() + 60_000)),
        staff,
        id,
        {
          to: "no_show",
        },
      ),
    );
    const after = await t.db.selectFrom("appointments").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    expect(after.status).toBe("no_show");
  });
});

describe("every bookable service has its rooms, or is room-free on purpose (decision 018)", () => {
  /** The services booked without a room, each with the reason: anything else holds a room. */
  const ROOM_FREE_BECAUSE: Record<string, string> = {
    "remote-reporting": "our radiologists report on images taken elsewhere: the patient does not come, no room is held",
  };

  it("two mammograms at one time: the second is refused, as no room is free", async () => {
    const first = await seedAppointment(t.db, { service_name: "mammography" });
    const second = await seedAppointment(t.db, { service_name: "mammography" });
    await confirm(t.db, first, "11:00");
    await expect(confirm(t.db, second, "11:00")).rejects.toThrow("No room is free at 11:00 for 40 minutes");
    await expect(confirm(t.db, second, "11:20")).rejects.toThrow("No room is free at 11:20");
    const rows = await t.db
      .selectFrom("appointments")
      .select(["status", "room"])
      .where("id", "in", [first, second])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { status: "confirmed", room: "mammography" },
      { status: "requested", room: null },
    ]);
    await confirm(t.db, second, "11:40");
  });

  it("two mammograms confirmed at once into one time, from two instances: exactly one succeeds", async () => {
    const ids = await Promise.all([1, 2].map(() => seedAppointment(t.db, { service_name: "mammography" })));
    const { ok, reasons } = await settle(ids.map((id, i) => confirm(i % 2 ? other : t.db, id, "13:00")));
    expect(ok).toBe(1);
    expect(reasons).toEqual([expect.stringMatching(/That time was just taken|No room is free at 13:00/)]);
  });

  it("walks every bookable service: one confirmation more than its rooms at one time is refused", async () => {
    const day = nextOpenWeekday(t.config, 28);
    let hour = 8;
    for (const service of BOOKABLE_SERVICES) {
      const slug = service.slug;
      const why = ROOM_FREE_BECAUSE[slug];
      // One rule decides "room-free", for the schedule and the safety questions alike.
      expect(needsNoRoom(slug), slug).toBe(why !== undefined);
      const asksAboutTheVisit = safetyQuestionsFor(slug).some((q) => q.id === "mobility-help");
      expect(asksAboutTheVisit, slug).toBe(why === undefined);
      const rooms = roomsForService(slug).map((r) => r.id);
      const time = `${String(hour++).padStart(2, "0")}:00`;
      if (why) {
        // Room-free on purpose: any number at one time, none holding a room.
        expect(rooms, slug).toEqual([]);
        const ids = await Promise.all([1, 2].map(() => seedAppointment(t.db, { service_name: slug })));
        for (const id of ids) await confirm(t.db, id, time, {}, day);
        const held = await t.db.selectFrom("appointments").select("room").where("id", "in", ids).execute();
        expect(held, slug).toEqual([{ room: null }, { room: null }]);
        continue;
      }
      expect(rooms.length, `${slug}: no room serves it`).toBeGreaterThan(0);
      const ids = await Promise.all(rooms.map(() => seedAppointment(t.db, { service_name: slug })));
      for (const id of ids) await confirm(t.db, id, time, {}, day);
      const held = await t.db.selectFrom("appointments").select("room").where("id", "in", ids).execute();
      expect(held.map((r) => r.room).sort(), slug).toEqual([...rooms].sort());
      const oneMore = await seedAppointment(t.db, { service_name: slug });
      await expect(confirm(t.db, oneMore, time, {}, day), slug).rejects.toThrow(`No room is free at ${time}`);
    }
    expect(hour).toBeLessThanOrEqual(19);
  });

  it("a stored service the clinic does not book cannot be confirmed: staff are told why, nothing is written", async () => {
    for (const stored of ["cardiac-mri", "advanced-technology"]) {
      const id = await seedAppointment(t.db, { service_name: stored });
      await expect(confirm(t.db, id, "15:00"), stored).rejects.toThrow(/is not a service the clinic books/);
      const free = await freeTimes(t.db, t.config, { id, service_name: stored }, date, null, new Date());
      expect(free.offers, stored).toEqual([]);
      expect(free.problem, stored).toMatch(/is not a service the clinic books/);
      const row = await t.db
        .selectFrom("appointments")
        .select(["status", "room", "starts_at"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: "requested", room: null, starts_at: null });
    }
  });
});
