import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orThrow } from "../helpers/outcome";
import { createTestApp, type TestApp } from "../helpers/app";
import { addStaff, openWeekdays, seedAppointment, type TestStaff } from "../helpers/staff";
import { changeStatus, type StatusChange } from "../../server/appointments/front-desk/index";
import { sweepWorklist, syncWorklist, worklistState } from "../../server/appointments/worklist/index";
import { appointmentRepository } from "../../server/appointments/appointment-repository";
import { staffRuntime } from "../../server/db/runtime";
import { addDays } from "../../domain/dates";

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
  t = await createTestApp({ WORKLIST_DIR: worklistDir });
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
const change = (id: number, to: StatusChange, config = t.config) =>
  orThrow(changeStatus(staffRuntime(t.db, config), staff, id, to));
const reference = async (id: number) =>
  (await t.db.selectFrom("appointments").select("reference").where("id", "=", id).executeTakeFirstOrThrow()).reference;
const files = () => fs.readdirSync(worklistDir).filter((f) => f.endsWith(".wl"));
const hasFile = async (id: number) => fs.existsSync(path.join(worklistDir, `${await reference(id)}.wl`));

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
