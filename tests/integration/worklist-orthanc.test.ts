import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orThrow } from "../helpers/outcome";
import { createTestApp, type TestApp } from "../helpers/app";
import { addStaff, openWeekdays, seedAppointment, type TestStaff } from "../helpers/staff";
import { orthancMissing, queryWorklist, startOrthanc, type TestOrthanc } from "../helpers/orthanc";
import { changeStatus, moveAppointment, type StatusChange } from "../../server/appointments/front-desk/index";
import { sweepWorklist, syncWorklist } from "../../server/appointments/worklist/index";
import { staffRuntime } from "../../server/db/runtime";

/**
 * The imaging machines' worklist with the real programs (issue 36, decision 065):
 * the site writes the files, Debian's Orthanc serves them with its worklist
 * plugin, and DCMTK's findscu asks as the X-ray machine (XRAY1) or the
 * ultrasound (US1) would. One Orthanc for the file; each test on its own day.
 */

const missing = orthancMissing();
const TAGS = {
  charset: "0008,0005",
  accession: "0008,0050",
  referrer: "0008,0090",
  name: "0010,0010",
  patientId: "0010,0020",
  birthDate: "0010,0030",
  sex: "0010,0040",
  studyUid: "0020,000d",
  procedure: "0032,1060",
  modality: "0008,0060",
  station: "0040,0001",
  startDate: "0040,0002",
  startTime: "0040,0003",
} as const;

describe.skipIf(missing)(`the worklist through Orthanc and findscu${missing ? ` (skipped: ${missing})` : ""}`, () => {
  let t: TestApp;
  let orthanc: TestOrthanc;
  let staff: TestStaff;
  let day: (offset?: number) => string;
  let worklistDir: string;

  beforeAll(async () => {
    worklistDir = fs.mkdtempSync(path.join(os.tmpdir(), "worklist-"));
    t = await createTestApp({ WORKLIST_DIR: worklistDir });
    staff = await addStaff(t.db, { role: "reception" });
    day = openWeekdays(t.config);
    orthanc = await startOrthanc(worklistDir, ["XRAY1", "US1"]);
  }, 60_000);
  afterAll(async () => {
    await orthanc?.stop();
    await t?.close();
    fs.rmSync(worklistDir, { recursive: true, force: true });
  });

  // References as the site makes them (APT-2026-000123): the accession number, at most 16 characters.
  let references = 0;
  const seed = (overrides: Parameters<typeof seedAppointment>[1]) =>
    seedAppointment(t.db, { reference: `APT-2099-${String(++references).padStart(6, "0")}`, ...overrides });
  const rt = () => staffRuntime(t.db, t.config);
  const change = async (id: number, to: StatusChange) => {
    await orThrow(changeStatus(rt(), staff, id, to));
    return syncWorklist(t.db, t.config, new Date());
  };
  const row = (id: number) =>
    t.db.selectFrom("appointments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("a confirmed 09:30 X-ray comes back to XRAY1's query exactly once, with the right fields, and never to US1's", async () => {
    const date = day(8);
    const id = await seed({ service_name: "x-ray", requested_date: date, id_passport_number: "412345678" });
    // The referring doctor as the booking gave the name (decision 071).
    const stamp = new Date().toISOString();
    await t.db
      .insertInto("appointment_referrers")
      .values({
        appointment_id: id,
        name: "Dr Kgosi, Mpho",
        practice_number: null,
        practice_key: null,
        email: null,
        email_key: null,
        phone: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    expect(await change(id, { to: "confirmed", date, time: "09:30" })).toEqual({ written: 1, removed: 0, failed: 0 });
    const appt = await row(id);

    const answers = await queryWorklist(orthanc, "XRAY1", date);
    expect(answers).toHaveLength(1);
    const [answer] = answers as [Record<string, string>];
    expect(answer[TAGS.charset]).toBe("ISO_IR 192");
    expect(answer[TAGS.accession]).toBe(appt.reference);
    expect(appt.reference.length).toBeLessThanOrEqual(16);
    expect(answer[TAGS.name]).toBe("Mosweu^Neo");
    expect(answer[TAGS.patientId]).toBe(appt.clinic_patient_id);
    expect(answer[TAGS.patientId]).toMatch(/^GP\d{8}$/);
    expect(answer[TAGS.patientId]).not.toContain("412345678");
    expect(answer[TAGS.birthDate]).toBe("19800402");
    expect(answer[TAGS.sex]).toBe("F");
    expect(answer[TAGS.studyUid]).toBe(appt.study_uid);
    expect(answer[TAGS.studyUid]).toMatch(/^2\.25\.\d{1,39}$/);
    expect(answer[TAGS.procedure]).toBe("X-ray Imaging");
    expect(answer[TAGS.referrer]).toBe("Kgosi^Mpho");
    expect(answer[TAGS.modality]).toBe("DX");
    expect(answer[TAGS.station]).toBe("XRAY1");
    expect(answer[TAGS.startDate]).toBe(date.replace(/-/g, ""));
    expect(answer[TAGS.startTime]).toBe("093000");

    expect(await queryWorklist(orthanc, "US1", date)).toEqual([]);
  });

  it("the same person gets the same clinic patient ID on another visit, and another person another", async () => {
    const date = day(9);
    const first = await seed({ service_name: "x-ray", id_passport_number: "498765432", dob: "1975-01-31" });
    const again = await seed({ service_name: "x-ray", id_passport_number: "4987 65432", dob: "1975-01-31" });
    const other = await seed({ service_name: "x-ray", id_passport_number: "498765432", dob: "1975-02-01" });
    await change(first, { to: "confirmed", date, time: "09:00" });
    await change(again, { to: "confirmed", date, time: "10:00" });
    await change(other, { to: "confirmed", date, time: "11:00" });
    const ids = await Promise.all([first, again, other].map(async (id) => (await row(id)).clinic_patient_id));
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).not.toBe(ids[0]);
    const answers = await queryWorklist(orthanc, "XRAY1", date);
    expect(answers.map((a) => a[TAGS.patientId]).sort()).toEqual([...ids].sort());
  });

  it("a cancellation, and a move to another day, show in the next query", async () => {
    const date = day(10);
    const later = day(11);
    const cancelled = await seed({ service_name: "x-ray" });
    const moved = await seed({ service_name: "x-ray" });
    await change(cancelled, { to: "confirmed", date, time: "09:00" });
    await change(moved, { to: "confirmed", date, time: "09:30" });
    expect(await queryWorklist(orthanc, "XRAY1", date)).toHaveLength(2);

    expect(await change(cancelled, { to: "cancelled", reason: "Patient unwell" })).toEqual({
      written: 0,
      removed: 1,
      failed: 0,
    });
    await orThrow(moveAppointment(rt(), staff, moved, { date: later, time: "14:00" }));
    await syncWorklist(t.db, t.config, new Date());

    expect(await queryWorklist(orthanc, "XRAY1", date)).toEqual([]);
    const after = await queryWorklist(orthanc, "XRAY1", later);
    expect(after.map((a) => [a[TAGS.accession], a[TAGS.startTime]])).toEqual([
      [(await row(moved)).reference, "140000"],
    ]);
  });

  it("an ultrasound goes to its own room's machine, never to the X-ray's", async () => {
    const date = day(12);
    const id = await seed({ service_name: "ultrasound" });
    await change(id, { to: "confirmed", date, time: "10:00", room: "ultrasound-1", examination: "Abdomen (Upper)" });
    expect(await queryWorklist(orthanc, "XRAY1", date)).toEqual([]);
    const [answer] = await queryWorklist(orthanc, "US1", date);
    expect(answer?.[TAGS.modality]).toBe("US");
    expect(answer?.[TAGS.procedure]).toBe("Abdomen (Upper)");
  });

  it("a name in UTF-8 comes back whole", async () => {
    const date = day(13);
    const id = await seed({ service_name: "x-ray", name: "Kgomotso", surname: "Ntšhwarelo" });
    await change(id, { to: "confirmed", date, time: "09:30" });
    const [answer] = await queryWorklist(orthanc, "XRAY1", date);
    expect(answer?.[TAGS.name]).toBe("Ntšhwarelo^Kgomotso");
  });

  it("a restart of either side loses nothing", async () => {
    const date = day(14);
    const id = await seed({ service_name: "x-ray" });
    // Confirmed, and the site stops before writing the file: the change waits in the database.
    await orThrow(changeStatus(rt(), staff, id, { to: "confirmed", date, time: "11:30" }));
    expect(await queryWorklist(orthanc, "XRAY1", date)).toEqual([]);
    // The site starts again: its sweep writes every file the appointments call for.
    const swept = await sweepWorklist(t.db, t.config, new Date());
    expect(swept.failed).toBe(0);
    expect(await queryWorklist(orthanc, "XRAY1", date)).toHaveLength(1);
    // The change's own run afterwards writes the same file again, nothing more.
    await syncWorklist(t.db, t.config, new Date());
    // Orthanc restarts: the files are still served.
    await orthanc.restart();
    const answers = await queryWorklist(orthanc, "XRAY1", date);
    expect(answers.map((a) => a[TAGS.accession])).toEqual([(await row(id)).reference]);
  }, 60_000);
});
