import fs from "node:fs";
import { orThrow } from "../helpers/outcome";
import path from "node:path";
import { unzipSync, strFromU8 } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app";
import { multipartBody, openDate, pdfBytes, validAppointment, validEnquiry } from "../helpers/requests";
import { addStaff, form, SAME_ORIGIN, sessionCookieFor } from "../helpers/staff";
import type { StaffIdentity } from "../../domain/staff-roles";
import { changeStatus } from "../../server/appointments/front-desk/staff-changes";
import { staffRuntime } from "../../server/db/runtime";
import { createSender } from "../../server/mail/transport";
import { deliverDueMail } from "../../server/mail/worker";
import { findPatient } from "../../server/privacy/patient-lookup";
import { ERASE_CHANGED_MEANWHILE, erasePatient } from "../../server/privacy/patient-rights";

/** A patient whose every value is distinctive, so a scan can find any copy of it. */
function patient(tag: string) {
  return {
    name: `Boitumelo${tag}`,
    surname: `Rantshabeng${tag}`,
    email: `tumi.${tag.toLowerCase()}@example.net`,
    idPassportNumber: `RX${tag}77`,
    notes: `Knee swelling note ${tag}.`,
    enquiry: `Question about knees from ${tag}.`,
    fileName: `referral-${tag}.pdf`,
    // Bytes inside the uploaded PDF.
    fileMarker: `FILEMARK${tag}`,
  };
}
const A = patient("QXAZ");
const B = patient("WVBY");

describe("patients' rights: export and erase (Data Protection Act 2024)", () => {
  let t: TestApp;
  let staff: StaffIdentity;
  let cookie: string;
  const refs: Record<"A" | "B", { appointment: string; enquiries: string[] }> = {
    A: { appointment: "", enquiries: [] },
    B: { appointment: "", enquiries: [] },
  };
  let counter = 0;

  /** Books an appointment with a referral upload and sends an enquiry through the public API, as a patient would. */
  async function seedThroughApi(p: ReturnType<typeof patient>, key: "A" | "B") {
    const pdf = Buffer.concat([
      pdfBytes(1500).subarray(0, 200),
      Buffer.from(` ${p.fileMarker} `),
      pdfBytes(1500).subarray(200),
    ]);
    const body = multipartBody(p.fileName, pdf, { contentType: "application/pdf" });
    const up = await t.app.inject({
      method: "POST",
      url: "/api/cloudinary/upload/referrals_forms",
      payload: body.payload,
      headers: body.headers,
    });
    expect(up.statusCode).toBe(201);
    const file = up.json().data;
    const appt = await t.app.inject({
      method: "POST",
      url: "/api/appointment/public/appointments",
      headers: { "idempotency-key": `appt-${key}-${++counter}-key` },
      payload: validAppointment({
        name: p.name,
        surname: p.surname,
        email: p.email,
        idPassportNumber: p.idPassportNumber,
        notes: p.notes,
        appointmentDate: openDate(3),
        referralForms: [{ url: file.url, publicId: file.publicId, name: file.fileName }],
      }),
    });
    expect(appt.statusCode).toBe(201);
    refs[key].appointment = appt.json().data.reference;
    // The enquiry uses the same address in another letter case: still the same patient.
    const enq = await t.app.inject({
      method: "POST",
      url: "/api/contact-enquire/public/create",
      headers: { "idempotency-key": `enq-${key}-${++counter}-key` },
      payload: validEnquiry({ name: `${p.name} ${p.surname}`, email: p.email.toUpperCase(), description: p.enquiry }),
    });
    expect(enq.statusCode).toBe(201);
    refs[key].enquiries.push(enq.json().data.reference);
  }

  async function sendQueuedMailToOutbox() {
    const sender = createSender({ ...t.config, mail: { ...t.config.mail, smtpUrl: undefined } });
    await deliverDueMail(t.db, sender.send, { from: t.config.mail.from, maxAttempts: 3 });
    sender.close();
  }

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: "false" }, { servePages: true });
    staff = await addStaff(t.db, { email: "manager@clinic.example.org", name: "Clinic Manager" });
    cookie = await sessionCookieFor(t.db, t.config, staff.id);
    await seedThroughApi(A, "A");
    await seedThroughApi(B, "B");
    // The first e-mails are sent (rows marked sent, .eml files in the outbox) ...
    await sendQueuedMailToOutbox();
    // ... then a status change (history) and a second enquiry whose e-mails stay queued.
    const rt = staffRuntime(t.db, t.config);
    const apptA = await t.db
      .selectFrom("appointments")
      .select("id")
      .where("reference", "=", refs.A.appointment)
      .executeTakeFirstOrThrow();
    await orThrow(
      changeStatus(rt, staff, apptA.id, { to: "cancelled", reason: `Patient asked to cancel ${A.surname}` }),
    );
    const enq = await t.app.inject({
      method: "POST",
      url: "/api/contact-enquire/public/create",
      headers: { "idempotency-key": `enq-A-${++counter}-key` },
      payload: validEnquiry({ name: A.name, email: A.email, description: `${A.enquiry} Again.` }),
    });
    expect(enq.statusCode).toBe(201);
    refs.A.enquiries.push(enq.json().data.reference);
  });
  afterAll(() => t.close());

  const post = (
    url: string,
    values: Record<string, string>,
    headers: Record<string, string> = { ...SAME_ORIGIN, cookie },
  ) => t.app.inject({ method: "POST", url, headers, payload: form(values) });

  /** Values that identify patient A; none may survive an erasure. */
  const distinctiveA = () => [
    A.name,
    A.surname,
    A.email,
    A.idPassportNumber,
    A.notes,
    A.enquiry,
    A.fileName,
    A.fileMarker,
    refs.A.appointment,
    ...refs.A.enquiries,
  ];
  const distinctiveB = () => [
    B.name,
    B.surname,
    B.email,
    B.idPassportNumber,
    B.notes,
    B.enquiry,
    B.fileName,
    B.fileMarker,
    refs.B.appointment,
    ...refs.B.enquiries,
  ];

  /** Every row of every table, as lower-case text. */
  async function allTableText(): Promise<string> {
    const tables = await t.db.introspection.getTables();
    expect(tables.map((x) => x.name)).toEqual(
      expect.arrayContaining([
        "appointments",
        "enquiries",
        "uploads",
        "mail_queue",
        "idempotency_keys",
        "staff_audit",
        "appointment_status_history",
      ]),
    );
    const parts: string[] = [];
    for (const table of tables) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- every table, whatever its type
      const rows = await (t.db as any).selectFrom(table.name).selectAll().execute();
      parts.push(`${table.name}: ${JSON.stringify(rows)}`);
    }
    return parts.join("\n").toLowerCase();
  }

  /** Every file under DATA_DIR (the SQLite database and its log, uploads, outbox), as lower-case text. */
  function dataDirText(): string {
    const parts: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.isFile()) {
          const bytes = fs.readFileSync(full);
          // Raw bytes, and the decoded forms an .eml file may use.
          parts.push(bytes.toString("latin1"), bytes.toString("utf8").replace(/=\r?\n/g, ""));
          for (const block of bytes.toString("utf8").match(/(?:^[A-Za-z0-9+/=]{4,}\r?\n)+/gm) ?? []) {
            parts.push(Buffer.from(block.replace(/\s+/g, ""), "base64").toString("latin1"));
          }
        }
      }
    };
    walk(t.dataDir);
    return parts.join("\n").toLowerCase();
  }

  it("refuses signed-out and cross-site requests, and changes nothing", async () => {
    const before = await allTableText();
    for (const url of ["/staff/patient-data", "/staff/patient-data/export"]) {
      const signedOut = await post(url, { intent: "erase", q: A.email, confirm: A.email }, SAME_ORIGIN);
      expect(signedOut.statusCode, url).toBe(302);
      expect(signedOut.headers.location).toBe("/staff/login");
      expect(signedOut.body).not.toContain(A.surname);
      const crossSite = await post(
        url,
        { intent: "erase", q: A.email, confirm: A.email },
        { ...SAME_ORIGIN, cookie, "sec-fetch-site": "cross-site" },
      );
      expect(crossSite.statusCode, url).toBe(403);
      expect(crossSite.body).not.toContain(A.surname);
    }
    const page = await t.app.inject({ method: "GET", url: "/staff/patient-data" });
    expect(page.statusCode).toBe(302);
    expect(await allTableText()).toBe(before);
  });

  it("finds one patient by reference or by e-mail: who they are, references, statuses, dates and services, nothing more", async () => {
    const byRef = await post("/staff/patient-data", { intent: "find", q: refs.A.appointment.toLowerCase() });
    expect(byRef.statusCode).toBe(200);
    expect(byRef.headers["cache-control"]).toBe("no-store");
    for (const ref of [refs.A.appointment, ...refs.A.enquiries]) expect(byRef.body).toContain(ref);
    expect(byRef.body).toContain("X-ray Imaging");
    // Who the person is (name, date of birth) and each record's status, so the right person is erased.
    expect(byRef.body).toContain(`${A.name} ${A.surname}`);
    expect(byRef.body).toContain("Born ");
    expect(byRef.body).toContain('class="staff-badge staff-badge--cancelled">Cancelled<');
    expect(byRef.body).toContain('class="staff-badge staff-badge--new">New<');
    for (const secret of [A.idPassportNumber, A.notes, A.enquiry, refs.B.appointment, B.name])
      expect(byRef.body).not.toContain(secret);
    // What is held, in plain words.
    expect(byRef.body).toContain(
      "2 enquiries through the contact form: the name, phone number, e-mail address and message.",
    );
    expect(byRef.body).toContain("One referral form the patient uploaded.");
    expect(byRef.body).toContain("One appointment: what the patient gave when booking");

    const byEmail = await post("/staff/patient-data", { intent: "find", q: `  ${A.email.toUpperCase()} ` });
    expect(byEmail.statusCode).toBe(200);
    for (const ref of [refs.A.appointment, ...refs.A.enquiries]) expect(byEmail.body).toContain(ref);

    const none = await post("/staff/patient-data", { intent: "find", q: "nobody@example.net" });
    expect(none.statusCode).toBe(404);
    expect(none.body).toContain("No appointment or enquiry matches");
    const bad = await post("/staff/patient-data", { intent: "find", q: "Robert'); DROP TABLE" });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("Enter a reference (APT-… or ENQ-…), an e-mail address, a phone number");
  });

  it("exports everything held about the patient as one zip, and audits it without personal data", async () => {
    const res = await post("/staff/patient-data/export", { q: refs.A.appointment });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["content-disposition"]).toMatch(
      new RegExp(`^attachment; filename="patient-data-${refs.A.appointment}-\\d{4}-\\d{2}-\\d{2}\\.zip"$`),
    );
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    const names = Object.keys(zip);
    const doc = JSON.parse(strFromU8(zip["patient-data.json"]!));

    // Records: the appointment (every field) and both enquiries, none of patient B's.
    expect(doc.appointments).toHaveLength(1);
    expect(doc.appointments[0]).toMatchObject({
      reference: refs.A.appointment,
      name: A.name,
      surname: A.surname,
      id_passport_number: A.idPassportNumber,
      notes: A.notes,
      status: "cancelled",
    });
    expect(doc.enquiries.map((e: { reference: string }) => e.reference).sort()).toEqual([...refs.A.enquiries].sort());
    // Status history.
    expect(doc.appointments[0].status_history).toEqual([
      expect.objectContaining({
        from_status: "requested",
        to_status: "cancelled",
        note: `Patient asked to cancel ${A.surname}`,
      }),
    ]);
    // The uploaded file itself.
    expect(doc.uploads).toHaveLength(1);
    const filePath = doc.uploads[0].file_in_zip as string;
    expect(strFromU8(zip[filePath]!, true)).toContain(A.fileMarker);
    // E-mails: sent and queued, to the patient and to the clinic about them.
    const statuses = doc.emails.map((m: { status: string }) => m.status).sort();
    // The booking's two e-mails and the first enquiry's notification were sent; the second enquiry's
    // and the patient's cancellation notice (the staff member's reason and the private link) are queued.
    expect(statuses.filter((s: string) => s === "sent").length).toBe(3);
    expect(statuses.filter((s: string) => s === "pending").length).toBe(2);
    expect(doc.emails.some((m: { to: string }) => m.to === t.config.clinic.email)).toBe(true);
    // Outbox .eml files, the stored idempotency replies and the audit entries about the records.
    expect(doc.outbox_files).toHaveLength(3);
    for (const f of doc.outbox_files) expect(names).toContain(f);
    // The text messages about the appointment (received, then the clinic's cancellation), with number and words.
    expect(doc.text_messages).toEqual([
      expect.objectContaining({ kind: "received", to: expect.stringMatching(/^\+267/) }),
      expect.objectContaining({ kind: "cancelled", to: expect.stringMatching(/^\+267/) }),
    ]);
    expect(doc.text_messages[0].body).toContain(refs.A.appointment);
    expect(doc.stored_replies).toHaveLength(3);
    expect(doc.audit_entries.map((a: { action: string }) => a.action)).toContain("status_change");
    // Nothing of patient B.
    const everything = Object.values(zip)
      .map((u) => strFromU8(u, true))
      .join("\n");
    for (const value of distinctiveB()) expect(everything).not.toContain(value);

    const audit = await t.db.selectFrom("staff_audit").selectAll().where("action", "=", "patient_export").execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staff_id: staff.id, target_type: "patient" });
    expect(audit[0]!.detail).toMatch(/1 appointment, 2 enquiries, 1 file/);
    for (const value of distinctiveA()) expect(JSON.stringify(audit[0])).not.toContain(value);
  });

  it("erases only after the reference or e-mail is typed again, and refuses a list that changed", async () => {
    const before = await allTableText();
    const find = await post("/staff/patient-data", { intent: "find", q: A.email });
    const fingerprint = /name="fingerprint" value="([^"]*)"/.exec(find.body)?.[1];
    expect(fingerprint).toBeTruthy();
    const wrong = await post("/staff/patient-data", {
      intent: "erase",
      q: A.email,
      confirm: "someone@example.net",
      fingerprint: fingerprint!,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain("exactly as shown to confirm");
    const stale = await post("/staff/patient-data", {
      intent: "erase",
      q: A.email,
      confirm: A.email,
      fingerprint: refs.A.appointment,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.body).toContain("changed since you checked");
    expect(await allTableText()).toBe(before);
  });

  it("gives an erasure of a list that changed back as a refusal, not a throw, and changes nothing (decision 062)", async () => {
    const before = await allTableText();
    const match = await findPatient(t.db, { kind: "email", value: A.email });
    expect(match).toBeTruthy();
    const outcome = await erasePatient(staffRuntime(t.db, t.config), staff, match!, "a list shown before a change");
    expect(outcome).toEqual({ kind: "refused", failure: ERASE_CHANGED_MEANWHILE });
    expect(await allTableText()).toBe(before);
  });

  it("erases every trace of the patient from every table and DATA_DIR, leaves another patient intact, and audits no personal data", async () => {
    // Before: every value of both patients is present somewhere.
    const tablesBefore = await allTableText();
    const filesBefore = dataDirText();
    for (const value of distinctiveA())
      expect((tablesBefore + filesBefore).includes(value.toLowerCase()), value).toBe(true);
    expect(fs.readdirSync(path.join(t.dataDir, "outbox")).filter((f) => f.endsWith(".eml"))).toHaveLength(6);

    const find = await post("/staff/patient-data", { intent: "find", q: refs.A.enquiries[0]! });
    const fingerprint = /name="fingerprint" value="([^"]*)"/.exec(find.body)![1]!;
    const res = await post("/staff/patient-data", {
      intent: "erase",
      q: refs.A.enquiries[0]!,
      confirm: refs.A.enquiries[0]!.toLowerCase(),
      fingerprint,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Patient erased");

    const tables = await allTableText();
    const files = dataDirText();
    for (const value of distinctiveA()) {
      expect(tables.includes(value.toLowerCase()), `a table still holds ${value}`).toBe(false);
      expect(files.includes(value.toLowerCase()), `DATA_DIR still holds ${value}`).toBe(false);
    }
    // Patient B is untouched: rows, file, e-mails, outbox.
    for (const value of distinctiveB())
      expect((tables + files).includes(value.toLowerCase()), `${value} of another patient is gone`).toBe(true);
    expect(fs.readdirSync(path.join(t.dataDir, "outbox")).filter((f) => f.endsWith(".eml"))).toHaveLength(3);
    expect(fs.readdirSync(path.join(t.dataDir, "uploads"))).toHaveLength(1);

    const audit = await t.db.selectFrom("staff_audit").selectAll().where("action", "=", "patient_erase").execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      staff_id: staff.id,
      staff_email: staff.email,
      target_type: "patient",
      target_id: null,
      detail:
        "1 appointment, 2 enquiries, 1 file, 1 status change, 5 e-mails, 3 outbox files, 2 text messages, 3 stored replies",
    });

    // Searching again finds nothing.
    const again = await post("/staff/patient-data", { intent: "find", q: A.email });
    expect(again.statusCode).toBe(404);
  });
});
