import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app";
import { addStaff, form, SAME_ORIGIN, seedAppointment, seedEnquiry, sessionCookieFor } from "../helpers/staff";
import { addDays, clinicToday, formatLongDate } from "../../domain/dates";
import { findCandidates, parsePatientQuery } from "../../server/privacy/patient-lookup";
import { createSender } from "../../server/mail/transport";
import { deliverDueMail } from "../../server/mail/worker";

// Runs on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set (npm test's second pass).
describe("finding a patient as they say who they are, and erasing an upcoming appointment (decision 035)", () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({}, { servePages: true });
    const manager = await addStaff(t.db, { email: "records@clinic.example.org", name: "Records Manager" });
    cookie = await sessionCookieFor(t.db, t.config, manager.id);
    // Non-ASCII capitals SQLite's lower() leaves as they are.
    await seedAppointment(t.db, {
      reference: "APT-FIND-000001",
      name: "Ŋwana",
      surname: "Élise-Kgosi",
      email: "Ngwana@Example.org ",
      phone: "+26771111111",
      alternate_phone: "+26772222222",
      id_passport_number: "bn 123-456",
      dob: "1990-01-02",
    });
    // Two people of one name, with their own addresses; and a longer name that contains it.
    await seedAppointment(t.db, { name: "Neo", surname: "Mosweu", email: "neo.one@example.org", dob: "1980-04-02" });
    await seedAppointment(t.db, { name: "NEO", surname: "MOSWEU", email: "neo.two@example.org", dob: "1975-09-30" });
    await seedAppointment(t.db, { name: "Neon", surname: "Mosweuson", email: "trap@example.org", dob: "1999-12-12" });
    await seedEnquiry(t.db, { name: "neo  mosweu", email: "neo.one@example.org", phone: "+26773333333" });
  });
  afterAll(() => t.close());

  const addresses = async (typed: string) => {
    const query = parsePatientQuery(typed);
    expect(query, typed).not.toBeNull();
    return (await findCandidates(t.db, query!)).map((c) => c.email).sort();
  };

  it("finds by the full name, in any letter case of any script and either order, never by part of a name", async () => {
    expect(await addresses("neo mosweu")).toEqual(["neo.one@example.org", "neo.two@example.org"]);
    expect(await addresses("MOSWEU Neo")).toEqual(["neo.one@example.org", "neo.two@example.org"]);
    expect(await addresses("ŋWANA élise-kgosi")).toEqual(["ngwana@example.org"]);
    expect(await addresses("ŊWANA ÉLISE-KGOSI")).toEqual(["ngwana@example.org"]);
    for (const part of ["Neo", "Mosweu", "Neo Mosweus", "eo Mosweu", "wana Élise-Kgosi"])
      expect(await addresses(part), part).toEqual([]);
  });

  it("finds by a phone number however it is written, as the number or the other number, and enquiries too", async () => {
    expect(await addresses("71 111 111")).toEqual(["ngwana@example.org"]);
    expect(await addresses("+267 7222-2222")).toEqual(["ngwana@example.org"]);
    expect(await addresses("+267 73-333 333")).toEqual(["neo.one@example.org"]);
    expect(await addresses("7111111")).toEqual([]);
  });

  it("finds by an ID or passport number whatever its spaces, hyphens or letter case, never by part of it", async () => {
    expect(await addresses("BN123456")).toEqual(["ngwana@example.org"]);
    expect(await addresses("bn-123 456")).toEqual(["ngwana@example.org"]);
    expect(await addresses("BN12345")).toEqual([]);
    expect(await addresses("N123456")).toEqual([]);
  });

  it("lists everyone a name may mean, with their dates of birth, and shows one person's records once chosen", async () => {
    const post = (values: Record<string, string>) =>
      t.app.inject({
        method: "POST",
        url: "/staff/patient-data",
        headers: { ...SAME_ORIGIN, cookie },
        payload: form(values),
      });
    const both = await post({ intent: "find", q: "Neo Mosweu" });
    expect(both.statusCode).toBe(200);
    expect(both.body).toContain("2 people match");
    expect(both.body).toContain("Wed 2 Apr 1980");
    expect(both.body).toContain("Tue 30 Sep 1975");
    expect(both.body).not.toContain("trap@example.org");
    expect(both.body).toContain('<input type="hidden" name="q" value="neo.one@example.org"/>');

    const one = await post({ intent: "find", q: "neo.one@example.org" });
    expect(one.body).toContain("Who this is");
    expect(one.body).toContain("Neo Mosweu");
    expect(one.body).toContain("Born Wed 2 Apr 1980");
    expect(one.body).not.toContain("neo.two@example.org");

    // One person: straight to their records, the address to type to erase.
    const byPhone = await post({ intent: "find", q: "71 111 111" });
    expect(byPhone.body).toContain("Ŋwana Élise-Kgosi");
    expect(byPhone.body).toContain("Type <span");
    expect(byPhone.body).toContain('<input type="hidden" name="q" value="ngwana@example.org"/>');

    // An export or erasure names one person: a name or a number is refused there.
    const erase = await post({ intent: "erase", q: "Neo Mosweu", confirm: "Neo Mosweu", fingerprint: "" });
    expect(erase.statusCode).toBe(400);
    expect(erase.body).toContain("Find the patient first, then choose them from the list.");
    const exported = await t.app.inject({
      method: "POST",
      url: "/staff/patient-data/export",
      headers: { ...SAME_ORIGIN, cookie },
      payload: form({ q: "71 111 111" }),
    });
    expect(exported.statusCode).toBe(400);
  });

  it("warns that an upcoming appointment is cancelled by erasing, tells the patient, and keeps that e-mail until it is sent", async () => {
    const today = clinicToday(new Date());
    const day = addDays(today, 10);
    const email = "upcoming.patient@example.org";
    await seedAppointment(t.db, {
      reference: "APT-UP-000001",
      name: "Lesego",
      surname: "Upcoming",
      email,
      status: "confirmed",
      requested_date: day,
      confirmed_date: day,
      confirmed_time: "09:30",
      service_name: "mammography",
    });
    await seedAppointment(t.db, {
      reference: "APT-UP-000002",
      email,
      status: "attended",
      requested_date: "2026-01-05",
    });
    const post = (values: Record<string, string>) =>
      t.app.inject({
        method: "POST",
        url: "/staff/patient-data",
        headers: { ...SAME_ORIGIN, cookie },
        payload: form(values),
      });
    const erase = async () => {
      const found = await post({ intent: "find", q: email });
      const fingerprint = /name="fingerprint" value="([^"]*)"/.exec(found.body)![1]!;
      return { found, erased: await post({ intent: "erase", q: email, confirm: email, fingerprint }) };
    };

    const { found, erased } = await erase();
    expect(found.body).toContain("APT-UP-000001 is still to come.");
    expect(found.body).toContain("Still to come");
    expect(erased.statusCode).toBe(200);
    expect(erased.body).toContain("Their upcoming appointment is cancelled: an e-mail saying so is on its way to");

    const notices = () =>
      t.db.selectFrom("mail_queue").selectAll().where("about_reference", "=", "APT-UP-000001").execute();
    const [notice] = await notices();
    expect(notice).toMatchObject({
      to_address: email,
      status: "pending",
      forget_after_send: 1,
      subject: "Appointment cancelled: APT-UP-000001",
    });
    expect(notice!.text_body).toContain(`Your appointment APT-UP-000001 at`);
    expect(notice!.text_body).toContain(`on ${formatLongDate(day)} at 09:30 (Botswana time), is cancelled.`);
    // It says which appointment, nothing more: no name, service or the other appointment.
    for (const secret of ["Lesego", "Upcoming", "Mammography", "APT-UP-000002"])
      expect(notice!.text_body).not.toContain(secret);
    expect(await t.db.selectFrom("appointments").select("id").where("email", "=", email).execute()).toEqual([]);

    // The same address books again and is erased again before the notice went: the notice stays queued.
    await seedAppointment(t.db, { reference: "APT-UP-000003", email, status: "cancelled" });
    const again = await erase();
    expect(again.found.body).toContain("waiting to tell the patient that an erased appointment is cancelled");
    expect(again.erased.statusCode).toBe(200);
    expect(await notices()).toEqual([notice]);

    // Once sent, its recipient and text are gone; the row says only that a message went.
    const sender = createSender({ ...t.config, mail: { ...t.config.mail, smtpUrl: undefined } });
    await deliverDueMail(t.db, sender.send, { from: t.config.mail.from, maxAttempts: 3 });
    sender.close();
    const sent = await t.db.selectFrom("mail_queue").selectAll().where("id", "=", notice!.id).executeTakeFirstOrThrow();
    expect(sent).toMatchObject({
      status: "sent",
      to_address: "",
      subject: "",
      text_body: "",
      html_body: null,
      attachments_json: "[]",
      about_reference: null,
    });
    expect(sent.sent_at).toBeTruthy();
    // Other mail sent in the same run keeps its text until RETAIN_SENT_MAIL_DAYS.
    const others = await t.db
      .selectFrom("mail_queue")
      .select(["to_address"])
      .where("forget_after_send", "=", 0)
      .where("status", "=", "sent")
      .execute();
    for (const other of others) expect(other.to_address).not.toBe("");
  });
});
