import crypto from "node:crypto";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_CODE_FAILURES, MAX_DOB_FAILURES, REPORT_ATTACH_ERRORS, REPORT_MAX_BYTES } from "../../domain/reports";
import { hashToken } from "../../server/base/tokens";
import { strFromU8, unzipSync } from "fflate";
import { staffRuntime } from "../../server/db/runtime";
import { patientHoldings } from "../../server/privacy/patient-holdings";
import { findPatient, matchFingerprint } from "../../server/privacy/patient-lookup";
import { erasePatient } from "../../server/privacy/patient-rights";
import { purgeExpired } from "../../server/privacy/purge";
import { unlockPatientReport } from "../../server/appointments/reports/index";
import { textMessageRepository } from "../../server/texts/index";
import { createTestApp, type TestApp } from "../helpers/app";
import { bookWithLink, mainOf } from "../helpers/patient-link";
import { RawPdf } from "../helpers/raw-pdf";
import { multipartBody, pdfBytes } from "../helpers/requests";
import { addStaff, form, nextOpenWeekday, SAME_ORIGIN, sessionCookieFor } from "../helpers/staff";

const DAY_MS = 86_400_000;

/**
 * The referrer loop (issue 38, decision 075), across three roles on one clock
 * that the tests move: a booking names its doctor, staff confirm it and
 * attach the report (a manager or radiologist, never reception), the doctor's
 * e-mailed link and a code give exactly the uploaded bytes, the patient sees
 * nothing before the release delay and the same bytes after it once their
 * date of birth is right; wrong codes and dates are refused clearly and lock
 * (also under parallel guesses); every opening is in the audit log and on the
 * staff page. Needs a client build.
 */
describe("the report reaches the doctor, then the patient", () => {
  let t: TestApp;
  let now = new Date();
  const cookies: Record<"manager" | "radiologist" | "reception", string> = {
    manager: "",
    radiologist: "",
    reception: "",
  };
  // A weekday, open from 08:00, the first time confirmedBooking() gives (a Saturday opens at 09:00).
  let day = "";
  let times = 0;

  beforeAll(async () => {
    t = await createTestApp(
      { RATE_LIMIT_ENABLED: "false", MESSAGE_QUIET_HOURS: "", REPORT_RELEASE_DAYS_BY_SERVICE: "ultrasound=0" },
      { servePages: true, now: () => now },
    );
    day = nextOpenWeekday(t.config, 44);
    for (const role of ["manager", "radiologist", "reception"] as const)
      cookies[role] = await sessionCookieFor(t.db, t.config, (await addStaff(t.db, { role, name: `Test ${role}` })).id);
  });
  afterAll(() => t.close());

  /** A booking naming its doctor (a Botswana mobile), confirmed by reception through the staff page. */
  async function confirmedBooking(
    email = `dr.${crypto.randomUUID().slice(0, 8)}@example.org`,
    service?: object,
    extra: Record<string, unknown> = {},
  ) {
    const booked = await bookWithLink(t, {
      appointmentDate: day,
      referrer: { name: "Dr Mpho Kgosi", practiceNumber: "BW 1234", email, phone: "71234599" },
      ...(service ? { service } : {}),
      ...extra,
    });
    const time = `${String(8 + Math.floor(times / 2)).padStart(2, "0")}:${times++ % 2 ? "30" : "00"}`;
    const confirmed = await t.app.inject({
      method: "POST",
      url: `/staff/appointments/${booked.id}`,
      headers: { ...SAME_ORIGIN, cookie: cookies.reception },
      payload: form({ intent: "confirm", date: day, time }),
    });
    expect(confirmed.statusCode, confirmed.body.slice(0, 300)).toBe(302);
    return { ...booked, email };
  }

  /**
   * The examination is done: the appointment is attended. Set in the database, since the staff
   * console records "attended" from the appointment's time on its own clock, and the bookings
   * here lie weeks ahead so that every test's bookings stay in the future.
   */
  const markAttended = (id: number) =>
    t.db.updateTable("appointments").set({ status: "attended" }).where("id", "=", id).execute();
  const attach = (id: number, content: Buffer, cookie = cookies.radiologist, filename = "report.pdf") => {
    const { payload, headers } = multipartBody(filename, content, { contentType: "application/pdf" });
    return t.app.inject({
      method: "POST",
      url: `/api/staff/appointments/${id}/report`,
      headers: { ...headers, cookie, "sec-fetch-site": "same-origin" },
      payload,
    });
  };
  const mailsTo = (to: string) =>
    t.db.selectFrom("mail_queue").selectAll().where("to_address", "=", to).orderBy("id").execute();
  const auditOf = (id: number) =>
    t.db
      .selectFrom("staff_audit")
      .select(["action", "staff_id", "staff_email", "detail"])
      .where("target_type", "=", "appointment")
      .where("target_id", "=", String(id))
      .where("action", "in", ["report_attached", "report_replaced", "report_sent", "report_opened", "report_locked"])
      .orderBy("id")
      .execute();
  const linkRow = (id: number) =>
    t.db.selectFrom("report_links").select("failures").where("appointment_id", "=", id).executeTakeFirstOrThrow();
  const doctorLinkIn = (text: string) => /https?:\/\/[^\s/]+(\/report\/[\w-]{43})/.exec(text)![1]!;
  const postDoctor = (path: string, values: Record<string, string>, cookie = "") =>
    t.app.inject({ method: "POST", url: path, headers: { ...SAME_ORIGIN, cookie }, payload: form(values) });
  /** The code the last code e-mail to `email` carried. */
  async function lastCode(email: string): Promise<string> {
    const mails = await mailsTo(email);
    return /Your code is (\d{6})/.exec(mails.at(-1)!.text_body)![1]!;
  }
  const cookieOf = (res: { headers: Record<string, unknown> }) => {
    const set = String(res.headers["set-cookie"] ?? "");
    return set.split(";")[0]!;
  };
  /** A confirmed booking with its report attached, the doctor's link, and a code asked for on it. */
  async function reportWithCode() {
    const booking = await confirmedBooking();
    await attach(booking.id, pdfBytes());
    const link = doctorLinkIn((await mailsTo(booking.email))[0]!.text_body);
    await postDoctor(link, { intent: "send-code" });
    return { booking, link, code: await lastCode(booking.email) };
  }
  const reportHref = (html: string) => /href="(\/api\/reports\/[\w-]{43})"/.exec(html)?.[1];

  it("runs the loop: attach, the doctor's link and code give the bytes, the patient after the delay, every opening audited", async () => {
    const booking = await confirmedBooking();
    const bytes = pdfBytes(4000);
    const attached = await attach(booking.id, bytes);
    expect(attached.statusCode).toBe(303);
    expect(attached.headers.location).toBe(`/staff/appointments/${booking.id}?done=report#report`);

    // The doctor's e-mail: the clinic's reference only in the subject, a link of 43 random characters.
    const [reportMail] = await mailsTo(booking.email);
    expect(reportMail!.subject).toBe(`Report ready: ${booking.reference}`);
    expect(reportMail!.subject).not.toMatch(/Kagiso|Molefhe|x-ray/i);
    expect(reportMail!.text_body).not.toMatch(/Kagiso|Molefhe|x-ray/i);
    const link = doctorLinkIn(reportMail!.text_body);
    // Only the link's hash is stored.
    const stored = await t.db.selectFrom("report_links").selectAll().where("appointment_id", "=", booking.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).toBe(hashToken(link.split("/").pop()!));

    // The page asks for a code; nothing is shown before it.
    const first = await t.app.inject({ method: "GET", url: link });
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("no-store");
    expect(first.headers["referrer-policy"]).toBe("no-referrer");
    expect(reportHref(first.body)).toBeUndefined();
    expect(mainOf(first.body)).toContain("Send me a code");

    // The code goes by e-mail and by SMS to the doctor's mobile; only its hash is stored.
    const sent = await postDoctor(link, { intent: "send-code" });
    expect(sent.statusCode).toBe(200);
    const code = await lastCode(booking.email);
    const codeMail = (await mailsTo(booking.email)).at(-1)!;
    expect(codeMail.forget_after_send).toBe(1);
    const sms = await t.db
      .selectFrom("text_messages")
      .selectAll()
      .where("kind", "=", "report-code")
      .where("about_reference", "=", booking.reference)
      .executeTakeFirstOrThrow();
    expect(sms.to_number).toBe("+26771234599");
    expect(sms.body).toContain(code);
    const row = await t.db
      .selectFrom("report_links")
      .selectAll()
      .where("appointment_id", "=", booking.id)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(code);
    expect(JSON.stringify(row)).not.toContain(code);
    // A second code within the minute is refused.
    expect((await postDoctor(link, { intent: "send-code" })).statusCode).toBe(429);

    // A wrong code: a clear refusal beside the field, with the tries left.
    const wrongCode = code === "000000" ? "000001" : "000000";
    const wrong = await postDoctor(link, { intent: "code", code: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain(`${MAX_CODE_FAILURES - 1} more wrong codes lock this link`);
    expect(wrong.headers["set-cookie"]).toBeUndefined();

    // The right code opens the report, once; the file is exactly the bytes uploaded.
    const right = await postDoctor(link, { intent: "code", code });
    expect(right.statusCode).toBe(200);
    expect(String(right.headers["set-cookie"])).toMatch(
      /^clinic_report=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=1800/,
    );
    const grant = cookieOf(right);
    const href = reportHref(right.body)!;
    expect(href).toBeDefined();
    expect(mainOf(right.body)).toContain(booking.reference);
    expect(mainOf(right.body)).toContain("Reported");
    const file = await t.app.inject({ method: "GET", url: href, headers: { cookie: grant } });
    expect(file.statusCode).toBe(200);
    expect(file.headers["cache-control"]).toBe("no-store");
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(String(file.headers["content-disposition"])).toMatch(/^attachment; filename="report-APT-\d{4}-\d+-v1\.pdf"/);
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(file.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(String(file.headers["content-security-policy"])).toContain("frame-ancestors 'none'");
    expect(file.rawPayload.equals(bytes)).toBe(true);
    // Spent: the same code again opens nothing.
    expect((await postDoctor(link, { intent: "code", code })).statusCode).toBe(409);
    // Without the grant, or with another appointment's, the address answers 404.
    expect((await t.app.inject({ method: "GET", url: href })).statusCode).toBe(404);
    // The file lives in the private reports folder, never under the public build.
    const [version] = await t.db
      .selectFrom("appointment_reports")
      .selectAll()
      .where("appointment_id", "=", booking.id)
      .execute();
    expect(fs.statSync(`${t.dataDir}/reports/${version!.file_name}`).mode & 0o777).toBe(0o600);
    // Its size and SHA-256, counted while the upload was written, are those of the bytes sent.
    expect(version!.size).toBe(bytes.length);
    expect(version!.sha256).toBe(crypto.createHash("sha256").update(bytes).digest("hex"));
    expect(version!.file_name).toMatch(/^[0-9a-f]{32}\.pdf$/);
    expect((await t.app.inject({ method: "GET", url: `/reports/${version!.file_name}` })).statusCode).toBe(404);

    // The patient: while the examination is ahead (confirmed, days away), no report section at all,
    // whatever is attached: the page asks whether they are coming and promises no report.
    const ahead = mainOf((await t.app.inject({ method: "GET", url: booking.path })).body);
    expect(ahead).not.toContain('id="report"');
    expect(ahead).not.toContain("Your report");
    // Once attended: nothing before the delay (7 days for an X-ray), the day it will be ready, and that the doctor has it.
    await markAttended(booking.id);
    const before = mainOf((await t.app.inject({ method: "GET", url: booking.path })).body);
    expect(before).toContain("Your report will be ready here on");
    expect(before).toContain("Your doctor has it already.");
    expect(reportHref(before)).toBeUndefined();
    const patientMail = (await mailsTo("kagiso.molefhe@example.net")).filter(
      (m) => m.about_reference === booking.reference && m.subject === "Your report is ready",
    );
    expect(patientMail).toHaveLength(1);
    // Queued now, due on the release day; it names no examination.
    expect(new Date(patientMail[0]!.next_attempt_at).getTime()).toBeGreaterThanOrEqual(
      now.getTime() + 7 * DAY_MS - 1000,
    );
    expect(patientMail[0]!.text_body).not.toMatch(/x-ray/i);
    const ready = await t.db
      .selectFrom("text_messages")
      .selectAll()
      .where("kind", "=", "report-ready")
      .where("about_reference", "=", booking.reference)
      .executeTakeFirstOrThrow();
    expect(new Date(ready.next_attempt_at).getTime()).toBeGreaterThanOrEqual(now.getTime() + 7 * DAY_MS - 1000);
    expect(ready.body).not.toMatch(/x-ray/i);
    // A date of birth posted before the release opens nothing.
    const early = await t.app.inject({
      method: "POST",
      url: booking.path,
      headers: SAME_ORIGIN,
      payload: form({ intent: "report", dobDay: "12", dobMonth: "3", dobYear: "1984" }),
    });
    expect(early.headers["set-cookie"]).toBeUndefined();

    // Eight days on: the page asks for the date of birth; a wrong one is refused clearly, the right one gives the bytes.
    now = new Date(now.getTime() + 8 * DAY_MS);
    const dob = booking.row.dob.split("-");
    const postDob = (d: string, mo: string, y: string) =>
      t.app.inject({
        method: "POST",
        url: booking.path,
        headers: SAME_ORIGIN,
        payload: form({ intent: "report", dobDay: d, dobMonth: mo, dobYear: y }),
      });
    const asked = mainOf((await t.app.inject({ method: "GET", url: booking.path })).body);
    expect(asked).toContain("Confirm your date of birth to see it.");
    expect(reportHref(asked)).toBeUndefined();
    const wrongDob = await postDob("1", "1", "1900");
    expect(wrongDob.statusCode).toBe(400);
    // The refused date is shown again as typed, beside its error (the page has no script to keep it).
    expect(wrongDob.body).toMatch(/name="dobYear"[^>]*value="1900"/);
    expect(wrongDob.body).toMatch(/name="dobDay"[^>]*value="1"/);
    expect(wrongDob.body).toContain(
      `The date of birth does not match our records. ${MAX_DOB_FAILURES - 1} more wrong answers lock your report.`,
    );
    const rightDob = await postDob(String(Number(dob[2])), String(Number(dob[1])), dob[0]!);
    expect(rightDob.statusCode).toBe(200);
    const patientHref = reportHref(rightDob.body)!;
    expect(patientHref).toBe(href);
    const patientFile = await t.app.inject({
      method: "GET",
      url: patientHref,
      headers: { cookie: cookieOf(rightDob) },
    });
    expect(patientFile.statusCode).toBe(200);
    expect(patientFile.rawPayload.equals(bytes)).toBe(true);

    // Every step is in the audit log with the reference: attached, sent (doctor, patient), opened by the doctor and the patient.
    const lines = await auditOf(booking.id);
    expect(lines.map((l) => [l.action, l.staff_email.startsWith("staff-") ? "staff" : l.staff_email])).toEqual([
      ["report_attached", "staff"],
      ["report_sent", "staff"],
      ["report_sent", "staff"],
      ["report_opened", "referring doctor (e-mailed link)"],
      ["report_opened", "patient (private page)"],
    ]);
    for (const line of lines) expect(line.detail).toContain(booking.reference);

    // The code's text message is forgotten once handed over, as its e-mail is (forget_after_send):
    // the staff page lists the text, but not the code, and cannot send it again.
    const codeText = await t.db
      .selectFrom("text_messages")
      .select(["id", "body"])
      .where("kind", "=", "report-code")
      .where("about_reference", "=", booking.reference)
      .executeTakeFirstOrThrow();
    expect(codeText.body).toContain(code);
    await t.db.updateTable("text_messages").set({ status: "sending" }).where("id", "=", codeText.id).execute();
    await textMessageRepository(t.db).markSent(codeText.id, null, now.toISOString());

    // The staff page says it is attached, with its time, and who has opened it.
    const staffPage = await t.app.inject({
      method: "GET",
      url: `/staff/appointments/${booking.id}`,
      headers: { cookie: cookies.reception },
    });
    expect(staffPage.body).toContain("The signed report is attached");
    expect(staffPage.body).toContain("The referring doctor");
    expect(staffPage.body).toContain("The patient");
    expect(staffPage.body).toContain("The code is not kept once it is sent.");
    expect(staffPage.body).not.toContain(code);
    // Reception sees it but may not attach: no form.
    expect(staffPage.body).not.toContain(`action="/api/staff/appointments/${booking.id}/report"`);
  });

  it("a corrected report replaces the current one, keeps the old in the history, and is sent to the doctor again", async () => {
    const booking = await confirmedBooking();
    expect((await attach(booking.id, pdfBytes(2000), cookies.manager)).statusCode).toBe(303);
    const corrected = pdfBytes(2500);
    expect((await attach(booking.id, corrected, cookies.radiologist)).statusCode).toBe(303);
    const versions = await t.db
      .selectFrom("appointment_reports")
      .selectAll()
      .where("appointment_id", "=", booking.id)
      .orderBy("version")
      .execute();
    expect(versions.map((v) => [v.version, v.size])).toEqual([
      [1, 2000],
      [2, 2500],
    ]);
    const mails = await mailsTo(booking.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text_body).toContain("was corrected");
    expect((await auditOf(booking.id)).map((l) => l.action)).toEqual([
      "report_attached",
      "report_sent",
      "report_sent",
      "report_replaced",
      "report_sent",
    ]);
    const page = await t.app.inject({
      method: "GET",
      url: `/staff/appointments/${booking.id}`,
      headers: { cookie: cookies.manager },
    });
    const text = page.body.replaceAll("<!-- -->", "");
    expect(text).toContain("Version 2 (current)");
    expect(text).toContain("Version 1 (replaced)");
    expect(page.body).toContain("Attach the corrected report");
    // Staff download any version, audited; with no-store and as an attachment.
    const old = await t.app.inject({
      method: "GET",
      url: `/api/staff/reports/${versions[0]!.id}`,
      headers: { cookie: cookies.reception },
    });
    expect(old.statusCode).toBe(200);
    expect(old.headers["cache-control"]).toBe("no-store");
    expect(String(old.headers["content-disposition"])).toMatch(/^attachment;/);
    expect(old.rawPayload.length).toBe(2000);
    // The doctor's newest link opens the current version only.
    const link = doctorLinkIn(mails[1]!.text_body);
    await postDoctor(link, { intent: "send-code" });
    const opened = await postDoctor(link, { intent: "code", code: await lastCode(booking.email) });
    expect(reportHref(opened.body)).toBe(`/api/reports/${versions[1]!.id}`);
    const older = await t.app.inject({
      method: "GET",
      url: `/api/reports/${versions[0]!.id}`,
      headers: { cookie: cookieOf(opened) },
    });
    expect(older.statusCode).toBe(404);
  });

  it("refuses reception (403, before the file is read), a request not yet confirmed, and a file that is not a clean PDF of at most 10 MB", async () => {
    const booking = await confirmedBooking();
    const refused = await attach(booking.id, pdfBytes(), cookies.reception);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Only a manager or a radiologist can attach a report.");
    const requested = await bookWithLink(t, { appointmentDate: day });
    const early = await attach(requested.id, pdfBytes());
    expect(early.headers.location).toBe(`/staff/appointments/${requested.id}?report_error=status#report`);
    const png = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(5000)]);
    expect((await attach(booking.id, png)).headers.location).toContain("report_error=not-pdf");
    const active = new RawPdf()
      .object(1, "<</Type/Catalog/Pages 2 0 R/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>")
      .object(2, "<</Type/Pages/Kids[3 0 R]/Count 1>>")
      .object(3, "<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>")
      .xrefTable("/Root 1 0 R")
      .bytes();
    expect((await attach(booking.id, active)).headers.location).toContain("report_error=active");
    const big = await attach(booking.id, pdfBytes(REPORT_MAX_BYTES + 1024));
    expect(big.headers.location ?? String(big.statusCode)).toMatch(/report_error=too-large|413/);
    // The page words each refusal.
    const page = await t.app.inject({
      method: "GET",
      url: `/staff/appointments/${booking.id}?report_error=active`,
      headers: { cookie: cookies.radiologist },
    });
    expect(page.body).toContain(REPORT_ATTACH_ERRORS.active.replace(/'/g, "&#x27;"));
    expect(
      await t.db
        .selectFrom("appointment_reports")
        .select("id")
        .where("appointment_id", "in", [booking.id, requested.id])
        .execute(),
    ).toEqual([]);
    // Nothing was left in the reports folder.
    const left = fs.existsSync(`${t.dataDir}/reports`) ? fs.readdirSync(`${t.dataDir}/reports`) : [];
    const known = new Set(
      (await t.db.selectFrom("appointment_reports").select("file_name").execute()).map((r) => r.file_name),
    );
    expect(left.filter((f) => !known.has(f))).toEqual([]);
  });

  it("locks the doctor's link after 5 wrong codes, even when 20 guesses arrive at once, and the right code then opens nothing", async () => {
    const { booking, link, code } = await reportWithCode();
    const guesses = Array.from({ length: 20 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0"));
    const answers = await Promise.all(guesses.map((guess) => postDoctor(link, { intent: "code", code: guess })));
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(MAX_CODE_FAILURES - 1);
    expect(answers.filter((a) => a.statusCode === 403)).toHaveLength(20 - (MAX_CODE_FAILURES - 1));
    expect((await linkRow(booking.id)).failures).toBe(MAX_CODE_FAILURES);
    // The lock is counted once, however many guesses raced for it: one audit line (the guard of the
    // count decides, not the link as each request read it). A later wrong guess counts nothing more,
    // and the right code, compared after the lock, opens nothing.
    const locks = async () => (await auditOf(booking.id)).filter((l) => l.action === "report_locked");
    expect(await locks()).toHaveLength(1);
    expect((await postDoctor(link, { intent: "code", code: guesses[0]! })).statusCode).toBe(403);
    const after = await postDoctor(link, { intent: "code", code });
    expect(after.statusCode).toBe(403);
    expect(after.headers["set-cookie"]).toBeUndefined();
    expect(after.body).toContain("This link is locked");
    expect(await locks()).toHaveLength(1);
    expect((await linkRow(booking.id)).failures).toBe(MAX_CODE_FAILURES);
  });

  it("a right code after 4 wrong ones opens once and counts no failure; a second use of it opens nothing", async () => {
    const { booking, link, code } = await reportWithCode();
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < MAX_CODE_FAILURES - 1; i++)
      expect((await postDoctor(link, { intent: "code", code: wrong })).statusCode).toBe(400);
    const [first, second] = await Promise.all([
      postDoctor(link, { intent: "code", code }),
      postDoctor(link, { intent: "code", code }),
    ]);
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([200, 409]);
    expect((await linkRow(booking.id)).failures).toBe(MAX_CODE_FAILURES - 1);
  });

  it("locks the patient's access after 5 wrong dates of birth under parallel guesses, until staff unlock it", async () => {
    const booking = await confirmedBooking(undefined, { name: "Ultrasound", paymentMethod: "bpomas" });
    await attach(booking.id, pdfBytes());
    await markAttended(booking.id);
    // Ultrasound's own delay is 0 days (REPORT_RELEASE_DAYS_BY_SERVICE): ready at once.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.app.inject({
          method: "POST",
          url: booking.path,
          headers: SAME_ORIGIN,
          payload: form({ intent: "report", dobDay: String(i + 1), dobMonth: "1", dobYear: "1901" }),
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(MAX_DOB_FAILURES - 1);
    expect(answers.filter((a) => a.statusCode === 403)).toHaveLength(12 - (MAX_DOB_FAILURES - 1));
    const dob = booking.row.dob.split("-");
    const right = form({ intent: "report", dobDay: dob[2]!, dobMonth: dob[1]!, dobYear: dob[0]! });
    const post = (payload: string) =>
      t.app.inject({ method: "POST", url: booking.path, headers: SAME_ORIGIN, payload });
    const lines = async (action: "report_locked" | "report_unlocked") =>
      (
        await t.db
          .selectFrom("staff_audit")
          .select("action")
          .where("target_type", "=", "appointment")
          .where("target_id", "=", String(booking.id))
          .where("action", "=", action)
          .execute()
      ).length;
    // One lock, one audit line, however many raced; a later wrong date counts nothing, the right one opens nothing.
    expect(await lines("report_locked")).toBe(1);
    expect((await post(form({ intent: "report", dobDay: "1", dobMonth: "2", dobYear: "1902" }))).statusCode).toBe(403);
    const locked = await post(right);
    expect(locked.statusCode).toBe(403);
    expect(locked.body).toContain("Your report is locked");
    expect(locked.headers["set-cookie"]).toBeUndefined();
    expect(await lines("report_locked")).toBe(1);
    // Staff see the lock and unlock it; the right date then opens the report.
    const page = await t.app.inject({
      method: "GET",
      url: `/staff/appointments/${booking.id}`,
      headers: { cookie: cookies.reception },
    });
    expect(page.body).toContain("access is locked");
    // Four unlocks at once (two desks, a double click): one unlocks, with one audit line; the others find it open.
    const unlocks = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.app.inject({
          method: "POST",
          url: `/staff/appointments/${booking.id}`,
          headers: { ...SAME_ORIGIN, cookie: cookies.reception },
          payload: form({ intent: "report-unlock" }),
        }),
      ),
    );
    expect(unlocks.map((u) => u.statusCode).sort()).toEqual([302, 409, 409, 409]);
    expect(await lines("report_unlocked")).toBe(1);
    // The same race without the page's own pace between the requests: locked again, then unlocked
    // by four calls at once (reading the count, then resetting it, each would unlock and audit).
    await t.db
      .updateTable("report_releases")
      .set({ dob_failures: MAX_DOB_FAILURES })
      .where("appointment_id", "=", booking.id)
      .execute();
    const manager = await addStaff(t.db, { role: "manager", name: "Unlock race" });
    const rt = staffRuntime(t.db, t.config, () => now);
    const done = await Promise.all(Array.from({ length: 4 }, () => unlockPatientReport(rt, manager, booking.id)));
    expect(done.filter(Boolean)).toHaveLength(1);
    expect(await lines("report_unlocked")).toBe(2);
    const opened = await t.app.inject({ method: "GET", url: booking.path, headers: {} });
    expect(opened.body).toContain("Confirm your date of birth");
    const ok = await post(right);
    expect(ok.statusCode).toBe(200);
    expect(reportHref(ok.body)).toBeDefined();
  });

  it("the doctor's link stops after 14 days, and its page lists every patient referred with that address, in Setswana too", async () => {
    const email = `dr.list.${crypto.randomUUID().slice(0, 8)}@example.org`;
    const requested = await bookWithLink(t, { appointmentDate: day, referrer: { name: "Dr List", email } });
    const booking = await confirmedBooking(email.toUpperCase(), undefined, { language: "tn" });
    await attach(booking.id, pdfBytes());
    // The doctor chose no language: their e-mail is in English (decision 083), whatever the
    // patient's; the patient's own e-mail is in Setswana, as they booked.
    const [doctorMail] = await mailsTo(email.toUpperCase());
    expect(doctorMail!.subject).toBe(`Report ready: ${booking.reference}`);
    expect(doctorMail!.text_body).toContain(`The report for the clinic's reference ${booking.reference} is ready.`);
    const patientMail = (await mailsTo(booking.row.email)).at(-1)!;
    expect(patientMail.subject).toBe("Pegelo ya gago e siametse");
    const link = doctorLinkIn(doctorMail!.text_body);
    const tn = `/tn${link}`;
    await postDoctor(tn, { intent: "send-code" });
    const opened = await postDoctor(tn, { intent: "code", code: await lastCode(email.toUpperCase()) });
    expect(opened.statusCode).toBe(200);
    const main = mainOf(opened.body);
    expect(main).toContain("Balwetse ba o ba romileng");
    expect(main).toContain(requested.reference);
    expect(main).toContain("Go kopilwe");
    expect(main).toContain("Pegelo e kwadilwe");
    // The same grant, 15 days on: the link itself no longer opens.
    now = new Date(now.getTime() + 15 * DAY_MS);
    const late = await t.app.inject({ method: "GET", url: link, headers: { cookie: cookieOf(opened) } });
    expect(late.statusCode).toBe(404);
    expect(late.body).toContain("This link is not valid");
  });

  it("the patient's export holds every version's PDF; erasure and the retention purge remove the rows and the files", async () => {
    const email = `reported.${crypto.randomUUID().slice(0, 8)}@example.net`;
    const booking = await confirmedBooking();
    await t.db.updateTable("appointments").set({ email }).where("id", "=", booking.id).execute();
    const v1 = pdfBytes(1500);
    const v2 = pdfBytes(1600);
    await attach(booking.id, v1);
    await attach(booking.id, v2);
    const exported = await t.app.inject({
      method: "POST",
      url: "/staff/patient-data/export",
      headers: { ...SAME_ORIGIN, cookie: cookies.manager },
      payload: form({ q: email }),
    });
    expect(exported.statusCode).toBe(200);
    const zip = unzipSync(new Uint8Array(exported.rawPayload));
    const document = JSON.parse(strFromU8(zip["patient-data.json"]!)) as {
      reports: { version: number; file_in_zip: string }[];
    };
    expect(document.reports.map((r) => r.version)).toEqual([1, 2]);
    expect(Buffer.from(zip[document.reports[0]!.file_in_zip]!).equals(v1)).toBe(true);
    expect(Buffer.from(zip[document.reports[1]!.file_in_zip]!).equals(v2)).toBe(true);

    const rt = staffRuntime(t.db, t.config);
    const match = (await findPatient(t.db, { kind: "email", value: email }))!;
    expect(await patientHoldings(rt, match)).toContainEqual(expect.stringMatching(/^2 versions of the signed report/));
    const files = (
      await t.db
        .selectFrom("appointment_reports")
        .select("file_name")
        .where("appointment_id", "=", booking.id)
        .execute()
    ).map((r) => `${t.dataDir}/reports/${r.file_name}`);
    expect(files.every((f) => fs.existsSync(f))).toBe(true);
    const manager = await addStaff(t.db, { role: "manager" });
    expect(await erasePatient(rt, manager, match, matchFingerprint(match))).toMatchObject({ kind: "erased" });
    for (const table of ["appointment_reports", "report_links", "report_releases", "report_grants"] as const)
      expect(
        await t.db.selectFrom(table).select("appointment_id").where("appointment_id", "=", booking.id).execute(),
      ).toEqual([]);
    expect(files.some((f) => fs.existsSync(f))).toBe(false);

    // The purge: a report whose appointment is past STAFF_RETENTION_MONTHS goes, rows and file.
    const old = await confirmedBooking();
    await attach(old.id, pdfBytes());
    const [oldFile] = await t.db
      .selectFrom("appointment_reports")
      .select("file_name")
      .where("appointment_id", "=", old.id)
      .execute();
    await t.db
      .updateTable("appointments")
      .set({ confirmed_date: "2020-01-06", requested_date: "2020-01-06" })
      .where("id", "=", old.id)
      .execute();
    await purgeExpired(staffRuntime(t.db, t.config, () => now));
    expect(
      await t.db.selectFrom("appointment_reports").select("id").where("appointment_id", "=", old.id).execute(),
    ).toEqual([]);
    expect(fs.existsSync(`${t.dataDir}/reports/${oldFile!.file_name}`)).toBe(false);
  });
});
