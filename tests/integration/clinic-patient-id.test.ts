import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { orThrow } from "../helpers/outcome";
import { signedInConsole } from "../helpers/console";
import { form, SAME_ORIGIN, seedAppointment } from "../helpers/staff";
import { changeStatus } from "../../server/appointments/front-desk/index";
import { staffRuntime } from "../../server/db/runtime";
import { STUDIES_OFF } from "../../domain/images";

/**
 * The clinic patient ID (issue 36, decision 065): given on confirmation, the same for the same
 * ID or passport number and date of birth, shown to staff on the appointment and in patient
 * data, and carried by the export.
 */

const t = signedInConsole("manager");

const confirm = (id: number, date: string, time: string) =>
  orThrow(changeStatus(staffRuntime(t.db, t.config), t.staff, id, { to: "confirmed", date, time }));
/** A post of the patient-data page's form, signed in. */
const post = (values: Record<string, string>) =>
  t.app.inject({
    method: "POST",
    url: "/staff/patient-data",
    headers: { ...SAME_ORIGIN, cookie: t.cookie },
    payload: form(values),
  });
const patientIdOf = async (id: number) =>
  (await t.db.selectFrom("appointments").select("clinic_patient_id").where("id", "=", id).executeTakeFirstOrThrow())
    .clinic_patient_id;

describe("the clinic patient ID", () => {
  it("is given on confirmation, kept across visits by ID number and date of birth, and never the ID number", async () => {
    const who = { id_passport_number: "312345671", dob: "1990-03-04", email: "lesego@example.org" };
    const first = await seedAppointment(t.db, { service_name: "x-ray", ...who });
    const second = await seedAppointment(t.db, { service_name: "x-ray", ...who, id_passport_number: "3123-4567-1" });
    expect(await patientIdOf(first)).toBeNull();
    await confirm(first, t.day(8), "09:00");
    await confirm(second, t.day(9), "09:00");
    const given = await patientIdOf(first);
    expect(given).toMatch(/^GP\d{8}$/);
    expect(given).not.toContain("312345671");
    expect(await patientIdOf(second)).toBe(given);
    const stored = await t.db.selectFrom("clinic_patients").selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain("312345671");
  });

  it("staff see it on the appointment and in patient data, and the export carries it", async () => {
    const id = await seedAppointment(t.db, {
      service_name: "x-ray",
      id_passport_number: "P00998877",
      email: "naledi.export@example.org",
    });
    const page = async () =>
      (await t.app.inject({ method: "GET", url: `/staff/appointments/${id}`, headers: { cookie: t.cookie } })).body;
    expect(await page()).toContain("Given when the appointment is confirmed");
    await confirm(id, t.day(10), "10:00");
    const given = (await patientIdOf(id))!;
    // The worklist's study and the images' arrival (decisions 065, 066), as they are recorded: exported with it.
    const images = {
      study_uid: "2.25.329800735698586629295641978511506172918",
      arrived_at: "2026-12-07T07:50:00.000Z",
      images_received_at: "2026-12-07T08:20:00.000Z",
      orthanc_study_id: "1b3ec3a6-0f2d2a17-8d3c1e2b-5f6a7b8c-9d0e1f2a",
    };
    await t.db.updateTable("appointments").set(images).where("id", "=", id).execute();
    const html = await page();
    expect(html).toContain("Clinic patient ID");
    expect(html).toContain(given);

    const found = await post({ intent: "find", q: "naledi.export@example.org" });
    expect(found.body).toContain(`Clinic patient ID ${given}`);
    const exported = await t.app.inject({
      method: "POST",
      url: "/staff/patient-data/export",
      headers: { ...SAME_ORIGIN, cookie: t.cookie },
      payload: form({ q: "naledi.export@example.org" }),
    });
    expect(exported.statusCode).toBe(200);
    const doc = JSON.parse(strFromU8(unzipSync(new Uint8Array(exported.rawPayload))["patient-data.json"]!)) as {
      appointments: Record<string, unknown>[];
    };
    expect(doc.appointments).toEqual([expect.objectContaining({ clinic_patient_id: given, ...images })]);
  });

  it("erasure forgets the person's clinic patient ID, and keeps another person's", async () => {
    const erased = await seedAppointment(t.db, {
      service_name: "x-ray",
      id_passport_number: "P55443322",
      dob: "1971-09-09",
      email: "kabo.erase@example.org",
    });
    const kept = await seedAppointment(t.db, {
      service_name: "x-ray",
      id_passport_number: "P66778899",
      dob: "1971-09-09",
      email: "mpho.kept@example.org",
    });
    await confirm(erased, t.day(11), "09:00");
    await confirm(kept, t.day(11), "10:00");
    const [gone, stays] = [(await patientIdOf(erased))!, (await patientIdOf(kept))!];
    const held = async () =>
      (await t.db.selectFrom("clinic_patients").select("patient_id").execute()).map((r) => r.patient_id);
    expect(await held()).toEqual(expect.arrayContaining([gone, stays]));

    const found = await post({ intent: "find", q: "kabo.erase@example.org" });
    const fingerprint = /name="fingerprint" value="([^"]*)"/.exec(found.body)![1]!;
    const res = await post({
      intent: "erase",
      q: "kabo.erase@example.org",
      confirm: "kabo.erase@example.org",
      fingerprint,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Patient erased");
    expect(await held()).not.toContain(gone);
    expect(await held()).toContain(stays);
    expect(await patientIdOf(kept)).toBe(stays);
  });

  it("the console offers no studies to link without ORTHANC_URL", async () => {
    const overview = await t.app.inject({ method: "GET", url: "/staff", headers: { cookie: t.cookie } });
    expect(overview.statusCode).toBe(200);
    expect(overview.body).toContain('href="/staff/appointments"');
    expect(overview.body).not.toContain('href="/staff/studies"');
  });

  it("nor answers for them: without ORTHANC_URL the studies page and its action are not there (404), after the guard", async () => {
    const page = await t.app.inject({ method: "GET", url: "/staff/studies", headers: { cookie: t.cookie } });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain(STUDIES_OFF);
    expect(page.body).not.toContain("Waiting to be linked");
    const link = await t.app.inject({
      method: "POST",
      url: "/staff/studies",
      headers: { ...SAME_ORIGIN, cookie: t.cookie },
      payload: form({ study: "1", reference: "APT-2026-000001", confirm: "yes" }),
    });
    expect(link.statusCode).toBe(404);
    // Signed out, the guard answers first, as on every console page: nothing is said of the settings.
    const signedOut = await t.app.inject({ method: "GET", url: "/staff/studies" });
    expect(signedOut.statusCode).toBe(302);
    expect(signedOut.headers.location).toBe("/staff/login");
  });
});
