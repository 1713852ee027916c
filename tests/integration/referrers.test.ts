import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APPOINTMENT_PATH } from "../../domain/api-paths";
import { referrerMessages } from "../../domain/validation/referrer";
import { worklistDataset } from "../../server/appointments/worklist/index";
import { referringPhysicianName } from "../../server/appointments/worklist/worklist-item";
import { erasePatient } from "../../server/privacy/patient-rights";
import { patientHoldings } from "../../server/privacy/patient-holdings";
import { findPatient, matchFingerprint } from "../../server/privacy/patient-lookup";
import { staffRuntime } from "../../server/db/runtime";
import { createTestApp, type TestApp } from "../helpers/app";
import { bookWithLink } from "../helpers/patient-link";
import { anotherPatient, bookingFormValues, formMultipart, openDate, validAppointment } from "../helpers/requests";
import { addStaff, form, SAME_ORIGIN, sessionCookieFor } from "../helpers/staff";

/**
 * The referring doctor as data (issue 38, decision 071): the JSON API and the booking
 * page's plain form (both languages) take it, each part checked and a partial one
 * refused clearly; one row per appointment; the same doctor recognised across referrals
 * by practice number or e-mail; staff correct it on the appointment page, audited;
 * export, erasure and the worklist's ReferringPhysicianName. Needs a client build.
 */
describe("the referring doctor", () => {
  let t: TestApp;
  let cookie: string;
  let managerCookie: string;
  const day = openDate(41);

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: "false", MESSAGE_QUIET_HOURS: "" }, { servePages: true });
    cookie = await sessionCookieFor(t.db, t.config, (await addStaff(t.db, { role: "reception" })).id);
    managerCookie = await sessionCookieFor(t.db, t.config, (await addStaff(t.db, { role: "manager" })).id);
  });
  afterAll(() => t.close());

  const referrerOf = (id: number) =>
    t.db.selectFrom("appointment_referrers").selectAll().where("appointment_id", "=", id).executeTakeFirst();
  const post = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: "POST",
      url: APPOINTMENT_PATH,
      payload: validAppointment({ ...anotherPatient(), appointmentDate: day, ...payload }),
    });
  const staffPage = (id: number, c = cookie) =>
    t.app.inject({ method: "GET", url: `/staff/appointments/${id}`, headers: { cookie: c } });
  const correct = (id: number, values: Record<string, string>, c = cookie) =>
    t.app.inject({
      method: "POST",
      url: `/staff/appointments/${id}`,
      headers: { ...SAME_ORIGIN, cookie: c },
      payload: form({ intent: "referrer", ...values }),
    });
  /** The booking form as a browser posts it without JavaScript (multipart). */
  function bookByForm(url: string, values: Record<string, string>) {
    const { payload, contentType } = formMultipart(Object.entries(values));
    return t.app.inject({ method: "POST", url, payload, headers: { ...SAME_ORIGIN, "content-type": contentType } });
  }

  it("the API stores the doctor a booking names, the phone number in E.164, and none when none is given", async () => {
    const named = await bookWithLink(t, {
      appointmentDate: day,
      referrer: { name: "Dr Mpho Kgosi", practiceNumber: "bw 1234", email: "M.Kgosi@Example.org ", phone: "3951234" },
    });
    expect(await referrerOf(named.id)).toMatchObject({
      name: "Dr Mpho Kgosi",
      practice_number: "bw 1234",
      practice_key: "BW1234",
      email: "M.Kgosi@Example.org",
      email_key: "m.kgosi@example.org",
      phone: "+2673951234",
    });
    const none = await bookWithLink(t, { appointmentDate: day });
    expect(await referrerOf(none.id)).toBeUndefined();
    // Four empty parts are no doctor.
    const empty = await bookWithLink(t, {
      appointmentDate: day,
      referrer: { name: "", practiceNumber: "", email: "", phone: "" },
    });
    expect(await referrerOf(empty.id)).toBeUndefined();
  });

  it("the API refuses a partial doctor with no name, and each wrong part, by field, in the request's language, storing nothing", async () => {
    const before = (await t.db.selectFrom("appointments").select("id").execute()).length;
    const partial = await post({ referrer: { email: "doc@example.org" } });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().errors).toEqual({ "referrer.name": referrerMessages("en").name });

    const wrong = await post({
      referrer: { name: "Dr Kgosi", practiceNumber: "<script>", email: "not an address", phone: "12" },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({
      "referrer.practiceNumber": referrerMessages("en").practiceNumber,
      "referrer.email": referrerMessages("en").email,
      "referrer.phone": referrerMessages("en").phone,
    });
    const setswana = await post({ language: "tn", referrer: { phone: "71234567" } });
    expect(setswana.statusCode).toBe(400);
    expect(setswana.json().errors["referrer.name"]).toBe(referrerMessages("tn").name);
    expect(referrerMessages("tn").name).not.toBe(referrerMessages("en").name);
    expect((await t.db.selectFrom("appointments").select("id").execute()).length).toBe(before);
  });

  const doctor = {
    referrerName: "Dr Neo Ramotswe",
    referrerPracticeNumber: "PR-778",
    referrerEmail: "neo.ramotswe@example.org",
    referrerPhone: "71 234 568",
  };
  it.each(["/book-appointment", "/tn/book-appointment"])(
    "the plain booking form at %s (no JavaScript) takes the doctor",
    async (url) => {
      const ok = await bookByForm(url, bookingFormValues({ ...doctor, dobDay: String(10 + url.length) }, 41));
      expect(ok.statusCode, ok.body.slice(0, 400)).toBe(200);
      const reference = /APT-\d{4}-\d{6}/.exec(ok.body)![0];
      const row = await t.db
        .selectFrom("appointments")
        .select("id")
        .where("reference", "=", reference)
        .executeTakeFirstOrThrow();
      expect(await referrerOf(row.id)).toMatchObject({
        name: "Dr Neo Ramotswe",
        practice_key: "PR-778",
        phone: "+26771234568",
      });
    },
  );

  it("the Setswana form shows the doctor's section, every field labelled, and refuses a partial doctor beside its field", async () => {
    const page = await t.app.inject({ method: "GET", url: "/tn/book-appointment?way=request" });
    expect(page.body).toContain("Ngaka e e go romileng");
    for (const id of Object.keys(doctor)) expect(page.body).toContain(`for="${id}"`);

    const partial = await bookByForm(
      "/tn/book-appointment",
      bookingFormValues({ referrerEmail: "doc@example.org" }, 41),
    );
    expect(partial.statusCode).toBe(400);
    expect(partial.body).toContain('id="referrerName-error"');
    expect(partial.body).toContain(referrerMessages("tn").name);
    // What was typed is shown again.
    expect(partial.body).toMatch(/id="referrerEmail"[^>]*value="doc@example.org"/);
  });

  it("recognises the same doctor across referrals by practice number or e-mail, whatever the case and spaces", async () => {
    const first = await bookWithLink(t, {
      appointmentDate: day,
      referrer: { name: "Dr T. Sello", practiceNumber: "GB 55 01" },
    });
    const second = await bookWithLink(t, {
      appointmentDate: day,
      referrer: { name: "Thato Sello", practiceNumber: "gb5501", email: "t.sello@example.org" },
    });
    const third = await bookWithLink(t, {
      appointmentDate: day,
      referrer: { name: "Dr Sello", email: "T.SELLO@example.org" },
    });
    const stranger = await bookWithLink(t, { appointmentDate: day, referrer: { name: "Dr T. Sello" } });
    const page = (await staffPage(third.id)).body;
    expect(page).toContain("Referring doctor");
    expect(page).toContain("The same doctor&#x27;s other referrals");
    // The third shares the e-mail with the second only; the first shares the second's practice number, not the third's key.
    expect(page).toContain(second.reference);
    expect(page).not.toContain(first.reference);
    expect(page).not.toContain(stranger.reference);
    const firstPage = (await staffPage(first.id)).body;
    expect(firstPage).toContain(second.reference);
    // A name alone recognises no one.
    expect((await staffPage(stranger.id)).body).not.toContain("other referrals");
  });

  it("staff correct the doctor on the appointment page: checked as at booking, audited by part (no values), removed when emptied", async () => {
    const booked = await bookWithLink(t, {
      appointmentDate: day,
      referrer: { name: "Dr Typo", email: "typo@example.org" },
    });
    const page = (await staffPage(booked.id)).body;
    expect(page).toContain("Correct the doctor&#x27;s details");
    expect(page).toMatch(/name="referrer_email"[^>]*value="typo@example.org"/);

    const refused = await correct(booked.id, {
      referrer_name: "",
      referrer_practice_number: "",
      referrer_email: "right@example.org",
      referrer_phone: "12",
    });
    expect(refused.statusCode, refused.body.slice(0, 2000)).toBe(422);
    expect(refused.body).toContain(referrerMessages("en").name);
    expect(refused.body).toContain(referrerMessages("en").phone);
    expect(refused.body).toMatch(/name="referrer_email"[^>]*value="right@example.org"/);
    expect(await referrerOf(booked.id)).toMatchObject({ email: "typo@example.org" });

    const ok = await correct(booked.id, {
      referrer_name: "Dr Typo",
      referrer_practice_number: "",
      referrer_email: "Right@Example.org",
      referrer_phone: "71234569",
    });
    expect(ok.statusCode).toBe(302);
    expect(ok.headers.location).toBe(`/staff/appointments/${booked.id}?done=referrer`);
    expect(await referrerOf(booked.id)).toMatchObject({
      email: "Right@Example.org",
      email_key: "right@example.org",
      phone: "+26771234569",
    });
    const audit = await t.db
      .selectFrom("staff_audit")
      .selectAll()
      .where("action", "=", "referrer_corrected")
      .where("target_id", "=", String(booked.id))
      .execute();
    expect(audit.map((a) => a.detail)).toEqual(["changed: email, phone"]);
    expect(JSON.stringify(audit)).not.toContain("right@example.org");
    // Its worklist entry is asked for again (its ReferringPhysicianName may have changed).
    const outbox = await t.db
      .selectFrom("worklist_outbox")
      .select("id")
      .where("appointment_id", "=", booked.id)
      .execute();
    expect(outbox.length).toBeGreaterThan(0);

    // The same details again change nothing and log nothing.
    await correct(booked.id, {
      referrer_name: "Dr Typo",
      referrer_practice_number: "",
      referrer_email: "Right@Example.org",
      referrer_phone: "+267 71 234 569",
    });
    const emptied = await correct(
      booked.id,
      { referrer_name: "", referrer_practice_number: "", referrer_email: "", referrer_phone: "" },
      managerCookie,
    );
    expect(emptied.statusCode).toBe(302);
    expect(await referrerOf(booked.id)).toBeUndefined();
    const details = await t.db
      .selectFrom("staff_audit")
      .select("detail")
      .where("action", "=", "referrer_corrected")
      .where("target_id", "=", String(booked.id))
      .orderBy("id")
      .execute();
    expect(details.map((d) => d.detail)).toEqual(["changed: email, phone", "removed"]);
    // A correction with no session is refused by the console's guard.
    const anonymous = await t.app.inject({
      method: "POST",
      url: `/staff/appointments/${booked.id}`,
      headers: SAME_ORIGIN,
      payload: form({ intent: "referrer", referrer_name: "Mallory" }),
    });
    expect([302, 401, 403]).toContain(anonymous.statusCode);
    expect(await referrerOf(booked.id)).toBeUndefined();
  });

  it("the patient's export carries the doctor, and erasure removes it with the appointment", async () => {
    const email = "referred.patient@example.net";
    const booked = await bookWithLink(t, {
      appointmentDate: day,
      email,
      referrer: { name: "Dr Export", practiceNumber: "EX1", email: "export@example.org" },
    });
    const exported = await t.app.inject({
      method: "POST",
      url: "/staff/patient-data/export",
      headers: { ...SAME_ORIGIN, cookie: managerCookie },
      payload: form({ q: email }),
    });
    expect(exported.statusCode, exported.body.slice(0, 300)).toBe(200);
    const zip = unzipSync(new Uint8Array(exported.rawPayload));
    const document = JSON.parse(strFromU8(zip["patient-data.json"]!)) as {
      appointments: { reference: string; referring_doctor: unknown }[];
    };
    expect(document.appointments.find((a) => a.reference === booked.reference)?.referring_doctor).toEqual({
      name: "Dr Export",
      practice_number: "EX1",
      email: "export@example.org",
      phone: null,
    });
    const manager = await addStaff(t.db, { role: "manager" });
    const rt = staffRuntime(t.db, t.config);
    const match = await findPatient(t.db, { kind: "email", value: email });
    expect(await patientHoldings(rt, match!)).toContainEqual(
      expect.stringMatching(/^The referring doctor named for one appointment/),
    );
    expect(await erasePatient(rt, manager, match!, matchFingerprint(match!))).toMatchObject({ kind: "erased" });
    expect(await referrerOf(booked.id)).toBeUndefined();
  });

  it("the worklist entry names the referring physician: Family^Given when written so, else the whole name as the family name", () => {
    expect(referringPhysicianName(null)).toBe("");
    expect(referringPhysicianName("Dr Mpho Kgosi")).toBe("Mpho Kgosi");
    expect(referringPhysicianName("Prof. Dr. Thabo van der Merwe")).toBe("Thabo van der Merwe");
    expect(referringPhysicianName("Kgosi, Mpho")).toBe("Kgosi^Mpho");
    expect(referringPhysicianName("Dr Kgosi^Mpho=x")).toBe("Kgosi Mpho x");
    const entry = {
      reference: "APT-2099-000001",
      name: "Neo",
      surname: "Mosweu",
      dob: "1980-04-02",
      gender: "Female" as const,
      service_name: "x-ray",
      examination: null,
      confirmed_date: "2099-01-05",
      confirmed_time: "09:30",
      clinic_patient_id: "P-1",
      study_uid: "2.25.1",
    };
    const station = { room: "xray", aeTitle: "XRAY1", modality: "DX" } as Parameters<typeof worklistDataset>[1];
    expect(worklistDataset({ ...entry, referrer_name: "Kgosi, Mpho" }, station).ReferringPhysicianName).toEqual([
      { Alphabetic: "Kgosi^Mpho" },
    ]);
    expect(worklistDataset({ ...entry, referrer_name: null }, station).ReferringPhysicianName).toBe("");
  });
});
