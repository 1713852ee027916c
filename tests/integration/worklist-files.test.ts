import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orThrow } from "../helpers/outcome";
import { createTestApp, type TestApp } from "../helpers/app";
import { until } from "../helpers/messages";
import { bookWithLink } from "../helpers/patient-link";
import { bookTimeBody } from "../helpers/requests";
import { addStaff, openWeekdays, seedAppointment, type TestStaff } from "../helpers/staff";
import {
  changeStatus,
  closeAndTell,
  moveAppointment,
  type StatusChange,
} from "../../server/appointments/front-desk/index";
import { actOnLink } from "../../server/appointments/private-link/manage";
import { startWorklist, sweepWorklist, syncWorklist, worklistState } from "../../server/appointments/worklist/index";
import { WORKLIST_JOB } from "../../server/appointments/worklist/worklist-sync";
import { appointmentRepository } from "../../server/appointments/appointment-repository";
import { jobRunRepository } from "../../server/jobs/job-run-repository";
import { staffRuntime } from "../../server/db/runtime";
import { APPOINTMENT_PATH } from "../../domain/api-paths";
import { addDays, clinicInstant } from "../../domain/dates";

/**
 * The worklist folder follows the appointments (issue 36, decision 065), without
 * Orthanc: what is written and removed, that a folder that cannot be written never
 * fails a change, and that nothing is written without WORKLIST_DIR.
 */

let t: TestApp;
let staff: TestStaff;
let day: (offset?: number) => string;
let worklistDir: string;
let references = 0;

beforeAll(async () => {
  worklistDir = fs.mkdtempSync(path.join(os.tmpdir(), "worklist-files-"));
  // WORKLIST_POLL_MS: the jobs' timer once the last test makes the server listen.
  t = await createTestApp({ WORKLIST_DIR: worklistDir, WORKLIST_POLL_MS: "50", RATE_LIMIT_ENABLED: "false" });
  staff = await addStaff(t.db, { role: "reception" });
  day = openWeekdays(t.config);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(worklistDir, { recursive: true, force: true });
});

const seed = (overrides: Parameters<typeof seedAppointment>[1] = {}) =>
  seedAppointment(t.db, {
    reference: `APT-2098-${String(++references).padStart(6, "0")}`,
    service_name: "x-ray",
    ...overrides,
  });
const change = (id: number, to: StatusChange, config = t.config, now = () => new Date()) =>
  orThrow(changeStatus(staffRuntime(t.db, config, now), staff, id, to));
const reference = async (id: number) =>
  (await t.db.selectFrom("appointments").select("reference").where("id", "=", id).executeTakeFirstOrThrow()).reference;
const files = () => fs.readdirSync(worklistDir).filter((f) => f.endsWith(".wl"));
const fileOf = async (id: number) => path.join(worklistDir, `${await reference(id)}.wl`);
const hasFile = async (id: number) => fs.existsSync(await fileOf(id));

describe("worklist files", () => {
  it("writes a Part-10 file whole (no temporary file left), and removes it when the appointment is cancelled", async () => {
    const id = await seed();
    await change(id, { to: "confirmed", date: day(8), time: "09:30" });
    expect(await hasFile(id)).toBe(false);
    expect(await syncWorklist(t.db, t.config, new Date())).toEqual({ written: 1, removed: 0, failed: 0 });
    const bytes = fs.readFileSync(path.join(worklistDir, `${await reference(id)}.wl`));
    expect(bytes.subarray(128, 132).toString("latin1")).toBe("DICM");
    expect(fs.readdirSync(worklistDir).filter((f) => !f.endsWith(".wl"))).toEqual([]);
    await change(id, { to: "cancelled", reason: "Patient unwell" });
    expect(await syncWorklist(t.db, t.config, new Date())).toEqual({ written: 0, removed: 1, failed: 0 });
    expect(await hasFile(id)).toBe(false);
  });

  it("a no-show's file is removed", async () => {
    const date = day(15);
    const id = await seed();
    await change(id, { to: "confirmed", date, time: "09:00" });
    await syncWorklist(t.db, t.config, new Date());
    expect(await hasFile(id)).toBe(true);
    // Marked a no-show on its day, once its time has come (the staff's clock at 10:00 that day).
    const thatMorning = clinicInstant(date, "10:00");
    await change(id, { to: "no_show" }, t.config, () => thatMorning);
    expect(await syncWorklist(t.db, t.config, thatMorning)).toEqual({ written: 0, removed: 1, failed: 0 });
    expect(await hasFile(id)).toBe(false);
  });

  it("a confirmed appointment made a request again, by its patient or by a closure of its room, loses its file", async () => {
    const [asked, moved, closed] = [day(16), day(17), day(18)];
    const { id, token } = await bookWithLink(t, { appointmentDate: asked });
    const byClosure = await seed();
    await change(id, { to: "confirmed", date: asked, time: "09:00" });
    await change(byClosure, { to: "confirmed", date: closed, time: "09:00" });
    await syncWorklist(t.db, t.config, new Date());
    expect([await hasFile(id), await hasFile(byClosure)]).toEqual([true, true]);

    // The patient asks for another day from the private page: a request again, no time, no file.
    const { updated_at } = await t.db
      .selectFrom("appointments")
      .select("updated_at")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const outcome = await actOnLink(t, token, { kind: "move", version: updated_at, date: moved }, new Date());
    expect(outcome.kind).toBe("done");
    // A manager closes the X-ray room on the other's day: it goes back to the requests.
    const closure = await closeAndTell(
      staffRuntime(t.db, t.config),
      staff,
      { firstDate: closed, lastDate: closed, reason: "Machine serviced", room: "x-ray" },
      { confirmed: true },
    );
    expect(closure).toMatchObject({ ok: true, saved: true });
    const statuses = await t.db
      .selectFrom("appointments")
      .select("status")
      .where("id", "in", [id, byClosure])
      .execute();
    expect(statuses.map((s) => s.status)).toEqual(["requested", "requested"]);
    expect(await syncWorklist(t.db, t.config, new Date())).toEqual({ written: 0, removed: 2, failed: 0 });
    expect([await hasFile(id), await hasFile(byClosure)]).toEqual([false, false]);
  });

  it("a time booked online gets its file", async () => {
    const res = await t.app.inject({ method: "POST", url: APPOINTMENT_PATH, payload: bookTimeBody(day(19), "10:00") });
    expect(res.statusCode).toBe(201);
    const booked = await t.db
      .selectFrom("appointments")
      .select(["id", "status", "room"])
      .where("reference", "=", (res.json() as { data: { reference: string } }).data.reference)
      .executeTakeFirstOrThrow();
    expect(booked).toMatchObject({ status: "confirmed", room: "x-ray" });
    expect(await syncWorklist(t.db, t.config, new Date())).toEqual({ written: 1, removed: 0, failed: 0 });
    expect(await hasFile(booked.id)).toBe(true);
  });

  it("rewrites a file by renaming a whole new one into place: a reader of the old file never sees the new one half written", async () => {
    const id = await seed();
    await change(id, { to: "confirmed", date: day(20), time: "09:00" });
    await syncWorklist(t.db, t.config, new Date());
    const file = await fileOf(id);
    // A second name for the file as it is (as a reader holding it open has): a rename leaves it whole,
    // where writing into the file in place would change it under the reader.
    const held = path.join(os.tmpdir(), `worklist-held-${process.pid}-${id}`);
    fs.linkSync(file, held);
    try {
      const before = fs.readFileSync(held);
      await orThrow(moveAppointment(staffRuntime(t.db, t.config), staff, id, { date: day(21), time: "11:30" }));
      expect(await syncWorklist(t.db, t.config, new Date())).toEqual({ written: 1, removed: 0, failed: 0 });
      expect(fs.readFileSync(held).equals(before)).toBe(true);
      expect(fs.readFileSync(file).equals(before)).toBe(false);
      expect(fs.readFileSync(file).includes(Buffer.from("113000"))).toBe(true);
    } finally {
      fs.rmSync(held, { force: true });
    }
  });

  it("writes no file for a room without a machine, nor for a request", async () => {
    const request = await seed();
    const procedure = await seed({ service_name: "ultrasound" });
    await change(procedure, {
      to: "confirmed",
      date: day(9),
      time: "10:00",
      room: "procedure",
      examination: "Abdomen (Upper)",
    }).catch(() => undefined);
    await syncWorklist(t.db, t.config, new Date());
    expect(await hasFile(request)).toBe(false);
    expect(await hasFile(procedure)).toBe(false);
  });

  it("removes a file after its day has passed (the daily sweep), and keeps the next day's", async () => {
    const date = day(10);
    const today = await seed();
    const tomorrow = await seed();
    await change(today, { to: "confirmed", date, time: "09:00" });
    await change(tomorrow, { to: "confirmed", date: day(11), time: "09:00" });
    await syncWorklist(t.db, t.config, new Date());
    expect(await hasFile(today)).toBe(true);
    const theDayAfter = new Date(`${addDays(date, 1)}T06:00:00Z`);
    const swept = await sweepWorklist(t.db, t.config, theDayAfter);
    expect(swept.failed).toBe(0);
    expect(await hasFile(today)).toBe(false);
    expect(await hasFile(tomorrow)).toBe(true);
  });

  it("the running job sweeps again when the day changes in Gaborone: a past day's file goes without a restart", async () => {
    const date = day(23);
    const id = await seed();
    await change(id, { to: "confirmed", date, time: "09:00" });
    let clock = clinicInstant(date, "08:00");
    const stop = startWorklist(t.db, t.config, undefined, () => clock);
    try {
      await until(() => hasFile(id), 10_000);
      // A second after midnight in Gaborone (22:00 UTC), the day after: gone, though nothing changed.
      clock = new Date(clinicInstant(addDays(date, 1), "00:00").getTime() + 1000);
      await until(async () => !(await hasFile(id)), 10_000);
    } finally {
      await stop();
    }
  });

  it("an erased appointment's file and clinic patient ID go with it", async () => {
    const id = await seed({ id_passport_number: "AB1234567", dob: "1961-06-15" });
    await change(id, { to: "confirmed", date: day(12), time: "11:00" });
    await syncWorklist(t.db, t.config, new Date());
    const { clinic_patient_id } = await t.db
      .selectFrom("appointments")
      .select("clinic_patient_id")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const before = files().length;
    await t.db.transaction().execute((trx) => appointmentRepository(t.db).deleteWithHistory([id], trx));
    expect(await syncWorklist(t.db, t.config, new Date())).toEqual({ written: 0, removed: 1, failed: 0 });
    expect(files()).toHaveLength(before - 1);
    const kept = await t.db
      .selectFrom("clinic_patients")
      .select("patient_id")
      .where("patient_id", "=", clinic_patient_id!)
      .execute();
    expect(kept).toEqual([]);
    expect((await worklistState(t.db, t.config)).waiting).toBe(0);
  });

  it("a folder that cannot be written never fails the change: it waits, the log names no patient, and it is written later", async () => {
    const missing = path.join(worklistDir, "not-yet");
    const config = { ...t.config, worklist: { ...t.config.worklist, dir: missing } };
    const id = await seed({ name: "Boitumelo", surname: "Kgosietsile" });
    await change(id, { to: "confirmed", date: day(13), time: "12:00" }, config);
    const lines: unknown[] = [];
    const log = { warn: (...args: unknown[]) => lines.push(args), error: (...args: unknown[]) => lines.push(args) };
    expect(await syncWorklist(t.db, config, new Date(), log as never)).toEqual({ written: 0, removed: 0, failed: 1 });
    const status = await t.db
      .selectFrom("appointments")
      .select("status")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe("confirmed");
    expect((await worklistState(t.db, config)).waiting).toBe(1);
    const logged = JSON.stringify(lines);
    expect(logged).toContain("ENOENT");
    for (const secret of ["Boitumelo", "Kgosietsile", await reference(id), "123456789"])
      expect(logged).not.toContain(secret);

    fs.mkdirSync(missing);
    expect(await syncWorklist(t.db, config, new Date())).toEqual({ written: 1, removed: 0, failed: 0 });
    expect((await worklistState(t.db, config)).waiting).toBe(0);
  });

  it("without WORKLIST_DIR nothing is written, and the changes are forgotten", async () => {
    const config = { ...t.config, worklist: { ...t.config.worklist, dir: undefined } };
    const before = files();
    const id = await seed();
    await change(id, { to: "confirmed", date: day(14), time: "13:00" }, config);
    expect(await syncWorklist(t.db, config, new Date())).toEqual({ written: 0, removed: 0, failed: 0 });
    expect(await sweepWorklist(t.db, config, new Date())).toEqual({ written: 0, removed: 0, failed: 0 });
    expect(files()).toEqual(before);
    expect(await worklistState(t.db, config)).toMatchObject({ enabled: false, waiting: 0 });
  });
});

describe("a listening server", () => {
  // Last in the file: once it listens, the worklist's job runs on the file's app.
  it("writes the worklist files on the jobs' timer from its start (startWorklist), and not before it listens", async () => {
    const id = await seed();
    await change(id, { to: "confirmed", date: day(22), time: "09:00" });
    const sweptBefore = await jobRunRepository(t.db).lastSuccess(WORKLIST_JOB);
    expect(await hasFile(id)).toBe(false);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    await until(async () => await hasFile(id), 10_000);
    // The sweep at start made the whole folder right, and recorded it for the system page.
    await until(async () => (await jobRunRepository(t.db).lastSuccess(WORKLIST_JOB)) !== sweptBefore);
  });
});
