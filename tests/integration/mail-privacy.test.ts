import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app";
import { multipartBody, pdfBytes, validAppointment, validEnquiry } from "../helpers/requests";
import { greeting } from "../../server/mail/compose";
import { cancellationMail, confirmationMail } from "../../server/appointments/notices/confirmation-mail";
import { UPLOAD_PATH } from "../../domain/api-paths";

/**
 * Decision 009, the least personal data: the e-mails a request queues carry no
 * personal data to the clinic and no free text the sender typed to the
 * patient (other than a first name that looks like one). Every field gets a
 * distinctive value, then the queued messages (subject, bodies, attachments)
 * are searched for each.
 */

/** Every text a queued message would send. */
function everything(m: {
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attachments_json: string;
}) {
  const attachments = (JSON.parse(m.attachments_json) as { filename: string; content: string }[])
    .map((a) => `${a.filename}\n${Buffer.from(a.content, "base64").toString("utf8")}`)
    .join("\n");
  return [m.subject, m.text_body, m.html_body ?? "", attachments].join("\n");
}

describe("e-mails carry the least personal data", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: "false", PUBLIC_BASE_URL: "https://clinic.example.org" });
  });
  afterAll(async () => {
    await t.close();
  });

  const mails = () => t.db.selectFrom("mail_queue").selectAll().orderBy("id").execute();

  it("an appointment request: the clinic gets reference, service, date and a console link; the patient gets no typed text", async () => {
    const upload = multipartBody("Zebra-Referral-Qwxyz.pdf", pdfBytes(), { contentType: "application/pdf" });
    const up = await t.app.inject({ method: "POST", url: UPLOAD_PATH, ...upload });
    expect(up.statusCode).toBe(201);
    const file = up.json().data;
    const typed = {
      name: "Buy cheap pills at http://spam.example/now",
      surname: "Surnamexyzzy",
      dob: "1977-07-17",
      phoneNumber: "71987654",
      alternateNumber: "+27829876543",
      email: "distinct.patient.qq@example.net",
      medicalAidNumber: "MEDAID-55443322",
      notes: "Notesplugh: visit https://phish.example to claim a prize",
      idPassportNumber: "IDPASS-918273",
    };
    const res = await t.app.inject({
      method: "POST",
      url: "/api/appointment/public/appointments",
      payload: validAppointment({
        ...typed,
        referralForms: [{ url: file.url, publicId: file.publicId, name: file.fileName }],
      }),
    });
    expect(res.statusCode).toBe(201);
    const { reference } = res.json().data;
    const appt = await t.db
      .selectFrom("appointments")
      .select(["id", "requested_date"])
      .where("reference", "=", reference)
      .executeTakeFirstOrThrow();

    const queued = await mails();
    expect(queued).toHaveLength(2);
    const clinic = queued.find((m) => m.to_address === t.config.clinic.email)!;
    const patient = queued.find((m) => m.to_address === typed.email)!;
    const clinicText = everything(clinic);
    const patientText = everything(patient);

    // What the clinic needs.
    expect(clinicText).toContain(reference);
    expect(clinicText).toContain("X-ray Imaging");
    expect(clinicText).toMatch(/\d{1,2} [A-Z][a-z]+ \d{4}/);
    expect(clinic.text_body).toContain(`https://clinic.example.org/staff/appointments/${appt.id}`);
    expect(clinic.html_body).toContain(`href="https://clinic.example.org/staff/appointments/${appt.id}"`);

    // What neither message carries.
    const secrets = [
      "Buy cheap",
      "spam.example",
      "Surnamexyzzy",
      typed.dob,
      "17 July 1977",
      "71987654",
      "98 7654",
      "829876543",
      typed.medicalAidNumber,
      "Notesplugh",
      "phish.example",
      typed.idPassportNumber,
      "Zebra-Referral",
      "Qwxyz",
      "BP-",
      "Female",
      "Gender",
    ];
    for (const secret of secrets) {
      expect(clinicText, `clinic mail carries ${secret}`).not.toContain(secret);
      expect(patientText, `patient mail carries ${secret}`).not.toContain(secret);
    }
    expect(clinicText).not.toContain(typed.email);
    expect(patientText).not.toContain(typed.email);
    // The name did not look like a name, so the patient is greeted without it.
    expect(patient.text_body).toMatch(/^Dear patient,$/m);
    expect(patientText).toContain(reference);
  });

  it("a plain first name is the only typed text the patient's e-mail repeats", async () => {
    await t.db.deleteFrom("mail_queue").execute();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/appointment/public/appointments",
      payload: validAppointment({ name: "  Kagiso   Neo ", surname: "Molefhe" }),
    });
    expect(res.statusCode).toBe(201);
    const patient = (await mails()).find((m) => m.to_address !== t.config.clinic.email)!;
    expect(patient.text_body).toMatch(/^Dear Kagiso Neo,$/m);
    expect(everything(patient)).not.toContain("Molefhe");
  });

  it("an enquiry: the clinic gets the reference and a link, no message text or contact details", async () => {
    await t.db.deleteFrom("mail_queue").execute();
    const typed = {
      name: "Enqnamefrob",
      phoneNumber: "3167788",
      email: "enquirer.zz@example.net",
      description: "Messagefrotz: see http://spam.example",
    };
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contact-enquire/public/create",
      payload: validEnquiry(typed),
    });
    expect(res.statusCode).toBe(201);
    const { reference } = res.json().data;
    const queued = await mails();
    expect(queued).toHaveLength(1);
    const text = everything(queued[0]!);
    expect(queued[0]!.to_address).toBe(t.config.clinic.email);
    expect(text).toContain(reference);
    expect(queued[0]!.text_body).toContain("https://clinic.example.org/staff/enquiries");
    for (const secret of ["Enqnamefrob", "3167788", "316 7788", "enquirer.zz", "Messagefrotz", "spam.example"]) {
      expect(text, `enquiry mail carries ${secret}`).not.toContain(secret);
    }
  });

  it("the staff confirmation e-mail greets by a safe first name only", () => {
    const appt = {
      reference: "APT-1",
      email: "p@example.org",
      serviceName: "X-ray Imaging",
      date: "2026-12-02",
      time: "09:30",
      manageUrl: "https://clinic.example.org/appointment/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ",
      language: "en" as const,
    };
    const spam = confirmationMail(t.config, { ...appt, name: "Win\nhttp://spam.example" }, new Date());
    expect(spam.text).toMatch(/^Dear patient,$/m);
    expect(spam.text).not.toContain("spam.example");
    const plain = confirmationMail(t.config, { ...appt, name: "Neo" }, new Date());
    expect(plain.text).toMatch(/^Dear Neo,$/m);
    expect(plain.text).toContain(`See, change or cancel your appointment: ${appt.manageUrl}`);
  });

  it("the staff cancellation e-mail: the staff member's reason, the service, the private link, a safe first name only", () => {
    const manageUrl = "https://clinic.example.org/appointment/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ";
    const mail = cancellationMail(t.config, {
      reference: "APT-2",
      name: "Win http://spam.example",
      email: "p@example.org",
      serviceName: "x-ray",
      reason: "The X-ray room is closed for repairs.",
      manageUrl,
      language: "en",
    });
    expect(mail.to).toBe("p@example.org");
    expect(mail.subject).toBe("Appointment cancelled: X-ray Imaging (APT-2)");
    expect(mail.text).toMatch(/^Dear patient,$/m);
    expect(mail.text).toContain("Reason: The X-ray room is closed for repairs.");
    expect(mail.text).toContain(manageUrl);
    expect(mail.text).not.toContain("spam.example");
  });

  it.each([
    ["Kagiso", "Dear Kagiso"],
    ["  Mpho  ", "Dear Mpho"],
    ["O'Neil-Smith", "Dear O'Neil-Smith"],
    ["Thabo\nClick here", "Dear Thabo Click here"],
    ["www.spam.example", "Dear patient"],
    ["see http://x.example", "Dear patient"],
    ["a@b.example", "Dear patient"],
    ["x".repeat(41), "Dear patient"],
    ["one two three four", "Dear patient"],
    ["<b>Bold</b>", "Dear patient"],
    ["", "Dear patient"],
  ])("greeting(%j) is %j", (name, expected) => {
    expect(greeting(name)).toBe(expected);
  });
});
