import fs from "node:fs";
import { orThrow } from "../helpers/outcome";
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { Migrator } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APPOINTMENT_PATH, ENQUIRY_PATH } from "../../domain/api-paths";
import type { Db } from "../../server/db/index";
import { migrations } from "../../server/db/migrations/index";
import { createSender } from "../../server/mail/transport";
import { deliverDueMail } from "../../server/mail/worker";
import type { StaffIdentity } from "../../domain/staff-roles";
import { changeStatus } from "../../server/appointments/front-desk/staff-changes";
import { staffRuntime } from "../../server/db/runtime";
import { createTestApp, type TestApp } from "../helpers/app";
import { onBothDatabases } from "../helpers/migration-check";
import { openDate, validAppointment, validEnquiry } from "../helpers/requests";
import { addStaff, form, SAME_ORIGIN, sessionCookieFor } from "../helpers/staff";

/**
 * Decision 011: export and erasure cover exactly the records of the patient
 * found. One address inside another (ann@ in joann@), the same address in
 * other letter cases, and one patient's reference quoted in another
 * patient's e-mail must never carry a record, an e-mail or a private link
 * across.
 */

const ANN = { email: "ann@example.test", name: "Naledi", surname: "Ramotswa" };
const JOANN = { email: "joann@example.test", name: "Lesedi", surname: "Kgosietsile" };

interface Seeded {
  appointments: string[];
  enquiries: string[];
  /** Private-link tokens the patient was given (booking answers and e-mails). */
  tokens: string[];
}

describe("patients' rights match exact identifiers, never a substring", () => {
  let t: TestApp;
  let staff: StaffIdentity;
  let cookie: string;
  let counter = 0;
  const ann: Seeded = { appointments: [], enquiries: [], tokens: [] };
  const joann: Seeded = { appointments: [], enquiries: [], tokens: [] };
  /** The links in Ann's own e-mails, which her export carries. */
  let annMailed: string[] = [];

  async function book(who: typeof ANN, email: string, into: Seeded, service?: Record<string, string>) {
    const res = await t.app.inject({
      method: "POST",
      url: APPOINTMENT_PATH,
      headers: { "idempotency-key": `exact-appt-${++counter}-key` },
      payload: validAppointment({
        name: who.name,
        surname: who.surname,
        email,
        appointmentDate: openDate(3),
        ...(service ? { service } : {}),
      }),
    });
    expect(res.statusCode).toBe(201);
    const data = res.json().data as { reference: string; manageUrl: string };
    into.appointments.push(data.reference);
    into.tokens.push(new URL(data.manageUrl).pathname.split("/").pop()!);
  }

  async function enquire(who: typeof ANN, email: string, into: Seeded) {
    const res = await t.app.inject({
      method: "POST",
      url: ENQUIRY_PATH,
      headers: { "idempotency-key": `exact-enq-${++counter}-key` },
      payload: validEnquiry({ name: `${who.name} ${who.surname}`, email }),
    });
    expect(res.statusCode).toBe(201);
    into.enquiries.push(res.json().data.reference);
  }

  const post = (url: string, values: Record<string, string>) =>
    t.app.inject({ method: "POST", url, headers: { ...SAME_ORIGIN, cookie }, payload: form(values) });

  /** The private-link tokens in the e-mails queued to an address. */
  async function tokensMailedTo(email: string): Promise<string[]> {
    const rows = await t.db.selectFrom("mail_queue").select(["to_address", "text_body"]).execute();
    return rows
      .filter((r) => r.to_address.trim().toLowerCase() === email)
      .flatMap((r) => [...r.text_body.matchAll(/\/appointment\/([A-Za-z0-9_-]{20,})/g)].map((m) => m[1]!));
  }

  async function exportOf(q: string) {
    const res = await post("/staff/patient-data/export", { q });
    expect(res.statusCode).toBe(200);
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    const doc = JSON.parse(strFromU8(zip["patient-data.json"]!));
    const everything = Object.values(zip)
      .map((u) => strFromU8(u, true))
      .join("\n")
      .toLowerCase();
    return { zip, doc, everything };
  }

  /** An address as a whole address, not as the end of a longer one. */
  const wholeAddress = (email: string) => new RegExp(`(^|[^a-z0-9._%+-])${email.replace(/\./g, "\\.")}`, "i");

  const outboxFiles = () =>
    fs
      .readdirSync(path.join(t.dataDir, "outbox"))
      .filter((f) => f.endsWith(".eml"))
      .sort();

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: "false" }, { servePages: true });
    staff = await addStaff(t.db, { email: "manager@clinic.example.org", name: "Clinic Manager" });
    cookie = await sessionCookieFor(t.db, t.config, staff.id);
    // Ann: two bookings and an enquiry, in three letter cases of one address.
    await book(ANN, ANN.email, ann);
    // Her second is for another service: one patient twice for one service and day would be a
    // possible duplicate, not texted again (decision 049), and each of hers has its own text here.
    await book(ANN, "ANN@Example.Test", ann, { name: "Ultrasound Imaging", paymentMethod: "cash" });
    await enquire(ANN, " Ann@example.TEST ", ann);
    // Joann: an address that contains Ann's.
    await book(JOANN, JOANN.email, joann);
    await enquire(JOANN, "JoAnn@Example.Test", joann);
    // The clinic cancels Joann's booking, quoting Ann's reference in the reason: Joann's
    // e-mail (with her private link) now names Ann's reference in its text.
    const rt = staffRuntime(t.db, t.config);
    const joannAppt = await t.db
      .selectFrom("appointments")
      .select("id")
      .where("reference", "=", joann.appointments[0]!)
      .executeTakeFirstOrThrow();
    await orThrow(
      changeStatus(rt, staff, joannAppt.id, {
        to: "cancelled",
        reason: `Booked twice by mistake; the clinic kept ${ann.appointments[0]}.`,
      }),
    );
    annMailed = await tokensMailedTo(ANN.email);
    expect(annMailed.length).toBe(2);
    ann.tokens.push(...annMailed);
    joann.tokens.push(...(await tokensMailedTo(JOANN.email)));
    expect(joann.tokens.length).toBe(3);
    // Every message is written to the outbox (.eml files) and marked sent.
    const sender = createSender({ ...t.config, mail: { ...t.config.mail, smtpUrl: undefined } });
    await deliverDueMail(t.db, sender.send, { from: t.config.mail.from, maxAttempts: 3 });
    sender.close();
  });
  afterAll(() => t.close());

  it("finds each patient by any letter case of their address, and only their records", async () => {
    const found = await post("/staff/patient-data", { intent: "find", q: "ANN@EXAMPLE.TEST" });
    expect(found.statusCode).toBe(200);
    for (const ref of [...ann.appointments, ...ann.enquiries]) expect(found.body).toContain(ref);
    for (const ref of [...joann.appointments, ...joann.enquiries]) expect(found.body).not.toContain(ref);
    const other = await post("/staff/patient-data", { intent: "find", q: "joANN@example.test" });
    for (const ref of [...joann.appointments, ...joann.enquiries]) expect(other.body).toContain(ref);
    for (const ref of [...ann.appointments, ...ann.enquiries]) expect(other.body).not.toContain(ref);
  });

  it("exports Ann without Joann's records, e-mails, outbox files or private links (by address or reference)", async () => {
    for (const q of [ANN.email, ann.appointments[0]!, ann.enquiries[0]!.toLowerCase()]) {
      const { doc, everything } = await exportOf(q);
      expect(doc.appointments.map((a: { reference: string }) => a.reference).sort(), q).toEqual(
        [...ann.appointments].sort(),
      );
      expect(
        doc.enquiries.map((e: { reference: string }) => e.reference),
        q,
      ).toEqual(ann.enquiries);
      // Two e-mails per booking (patient, clinic) and the clinic's for the enquiry.
      expect(doc.emails, q).toHaveLength(5);
      for (const m of doc.emails as { to: string }[])
        expect([ANN.email, t.config.clinic.email.toLowerCase()], q).toContain(m.to.trim().toLowerCase());
      expect(doc.outbox_files, q).toHaveLength(5);
      expect(doc.stored_replies, q).toHaveLength(3);
      for (const value of [
        JOANN.email,
        JOANN.name,
        JOANN.surname,
        ...joann.appointments,
        ...joann.enquiries,
        ...joann.tokens,
      ])
        expect(everything.includes(value.toLowerCase()), `${q}: the export holds ${value}`).toBe(false);
      for (const token of annMailed) expect(everything, q).toContain(token.toLowerCase());
    }
  });

  it("exports Joann without Ann's records, e-mails or private links", async () => {
    const { doc, everything } = await exportOf(JOANN.email);
    expect(doc.appointments.map((a: { reference: string }) => a.reference)).toEqual(joann.appointments);
    expect(doc.enquiries.map((e: { reference: string }) => e.reference)).toEqual(joann.enquiries);
    // Booking (patient, clinic), the enquiry's and the cancellation that quotes Ann's reference.
    expect(doc.emails).toHaveLength(4);
    expect(doc.outbox_files).toHaveLength(4);
    expect(doc.stored_replies).toHaveLength(2);
    expect(everything).not.toMatch(wholeAddress(ANN.email));
    for (const value of [ANN.name, ANN.surname, ...ann.appointments.slice(1), ...ann.enquiries, ...ann.tokens])
      expect(everything.includes(value.toLowerCase()), `the export holds ${value}`).toBe(false);
  });

  it("erases Ann and leaves every record, e-mail, outbox file and private link of Joann intact", async () => {
    const joannMail = await t.db
      .selectFrom("mail_queue")
      .selectAll()
      .where((eb) =>
        eb.or([
          eb(eb.fn("lower", ["to_address"]), "=", JOANN.email),
          ...[...joann.appointments, ...joann.enquiries].map((r) => eb("subject", "like", `%${r}%`)),
        ]),
      )
      .orderBy("id")
      .execute();
    expect(joannMail).toHaveLength(4);
    const filesBefore = outboxFiles();
    expect(filesBefore).toHaveLength(9);
    const joannFiles = filesBefore.filter((f) => {
      const text = fs.readFileSync(path.join(t.dataDir, "outbox", f), "utf8").toLowerCase();
      return (
        /^to: joann@example\.test$/m.test(text) ||
        [...joann.appointments, ...joann.enquiries].some((r) => text.includes(r.toLowerCase()))
      );
    });
    expect(joannFiles).toHaveLength(4);

    const find = await post("/staff/patient-data", { intent: "find", q: ANN.email });
    const fingerprint = /name="fingerprint" value="([^"]*)"/.exec(find.body)![1]!;
    const erased = await post("/staff/patient-data", {
      intent: "erase",
      q: ANN.email,
      confirm: ANN.email,
      fingerprint,
    });
    expect(erased.statusCode).toBe(200);
    expect(erased.body).toContain("Patient erased");

    // Ann is gone.
    const annRows = await t.db
      .selectFrom("appointments")
      .select("id")
      .where((eb) => eb(eb.fn("lower", [eb.fn("trim", ["email"])]), "=", ANN.email))
      .execute();
    expect(annRows).toHaveLength(0);
    // Of Ann's e-mails only the notices that her upcoming appointments are cancelled are left, to be sent.
    const annMail = await t.db
      .selectFrom("mail_queue")
      .select(["subject", "status", "forget_after_send", "about_reference"])
      .where((eb) => eb(eb.fn("lower", ["to_address"]), "=", ANN.email))
      .orderBy("id")
      .execute();
    expect(annMail).toEqual(
      ann.appointments.map((reference) => ({
        subject: `Appointment cancelled: ${reference}`,
        status: "pending",
        forget_after_send: 1,
        about_reference: reference,
      })),
    );
    const annTexts = await t.db.selectFrom("text_messages").select("about_reference").execute();
    for (const text of annTexts) expect(joann.appointments).toContain(text.about_reference);

    // Joann is whole: her records, every e-mail row unchanged, every outbox file, her links.
    const audit = await t.db.selectFrom("staff_audit").select("detail").where("action", "=", "patient_erase").execute();
    expect(audit[0]!.detail).toBe(
      "2 appointments, 1 enquiry, 0 files, 0 status changes, 5 e-mails, 5 outbox files, 2 text messages, 3 stored replies; 2 upcoming appointments cancelled, the patient told",
    );
    for (const ref of joann.appointments) {
      expect(
        await t.db.selectFrom("appointments").select("id").where("reference", "=", ref).executeTakeFirst(),
      ).toBeTruthy();
      // Her request-received text stays.
      expect(
        await t.db.selectFrom("text_messages").select("id").where("about_reference", "=", ref).executeTakeFirst(),
      ).toBeTruthy();
    }
    for (const ref of joann.enquiries)
      expect(
        await t.db.selectFrom("enquiries").select("id").where("reference", "=", ref).executeTakeFirst(),
      ).toBeTruthy();
    const after = await t.db
      .selectFrom("mail_queue")
      .selectAll()
      .where(
        "id",
        "in",
        joannMail.map((m) => m.id),
      )
      .orderBy("id")
      .execute();
    expect(after).toEqual(joannMail);
    expect(outboxFiles()).toEqual(joannFiles);
    const replies = await t.db.selectFrom("idempotency_keys").select("response_json").execute();
    expect(replies).toHaveLength(2);
    for (const token of joann.tokens) {
      const page = await t.app.inject({ method: "GET", url: `/appointment/${token}` });
      expect(page.statusCode, token).toBe(200);
      expect(page.body).toContain(joann.appointments[0]!);
    }

    const again = await exportOf(JOANN.email);
    expect(again.doc.emails).toHaveLength(4);
    expect(again.doc.outbox_files).toHaveLength(4);
  });
});

describe("migration 0022: e-mails and stored replies stored before it get the reference they are about", () => {
  const mail = (subject: string, text: string, to = "someone@example.test") => ({
    to_address: to,
    subject,
    text_body: text,
    html_body: null,
    attachments_json: "[]",
    status: "sent" as const,
    attempts: 1,
    next_attempt_at: "2026-01-05T08:00:00.000Z",
    locked_until: null,
    last_error: null,
    created_at: "2026-01-05T08:00:00.000Z",
    sent_at: "2026-01-05T08:00:01.000Z",
  });
  /** Each legacy row, and the reference it must be about after the migration. */
  const MAILS: [ReturnType<typeof mail>, string | null][] = [
    [mail("New appointment request APT-2026-000012", "Reference: APT-2026-000012\n"), "APT-2026-000012"],
    [
      mail("Appointment confirmed: X-ray Imaging, 5 January", "Dear Ann,\nReference: APT-2026-000123\n"),
      "APT-2026-000123",
    ],
    [
      mail(
        "Appointment cancelled: X-ray Imaging (APT-2026-000123)",
        "Reference: APT-2026-000123\nReason: kept APT-2026-000012",
      ),
      "APT-2026-000123",
    ],
    // A staff member's reason with a line of its own that looks like the template's: the template's comes first.
    [
      mail("Appointment moved: X-ray Imaging", "Reference: APT-2026-000123\nReason: x\nReference: APT-2026-000012\n"),
      "APT-2026-000123",
    ],
    [mail("New enquiry ENQ-2026-000004", "Reference: ENQ-2026-000004\n"), "ENQ-2026-000004"],
    [mail("Your staff account at the clinic", "Dear colleague, APT-2026-000012\n"), null],
    // Blanked after RETAIN_SENT_MAIL_DAYS, with no reference in its subject.
    [mail("Reminder: your appointment on 5 January", "", ""), null],
  ];
  const REPLIES: [string, string | null][] = [
    [
      JSON.stringify({ message: "ok", data: { reference: "APT-2026-000012", serviceTitle: "X-ray" } }),
      "APT-2026-000012",
    ],
    [JSON.stringify({ message: "ok", data: { reference: "ENQ-2026-000004" } }), "ENQ-2026-000004"],
    [JSON.stringify({ message: "mentions APT-2026-000123" }), null],
    ["not json", null],
  ];

  async function check(db: Db) {
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      allowUnorderedMigrations: true,
    });
    expect((await migrator.migrateTo("0021-appointment-safety-answers")).error).toBeUndefined();
    for (const [row] of MAILS) await db.insertInto("mail_queue").values(row).execute();
    let n = 0;
    for (const [response_json] of REPLIES)
      await db
        .insertInto("idempotency_keys")
        .values({
          endpoint: "/e",
          idempotency_key: `key-${++n}-0022`,
          body_hash: "h",
          status_code: 201,
          response_json,
          created_at: "2026-01-05T08:00:00.000Z",
        })
        .execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const mails = await db.selectFrom("mail_queue").select("about_reference").orderBy("id").execute();
    expect(mails.map((m) => m.about_reference)).toEqual(MAILS.map(([, about]) => about));
    const replies = await db.selectFrom("idempotency_keys").select("reference").orderBy("idempotency_key").execute();
    expect(replies.map((r) => r.reference)).toEqual(REPLIES.map(([, reference]) => reference));

    expect((await migrator.migrateTo("0021-appointment-safety-answers")).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  }

  onBothDatabases("0022", check);
});
