import crypto from "node:crypto";
import { serviceTitle } from "../../../domain/catalogue";
import { clinicMinutesAt } from "../../../domain/free-times";
import type { Locale } from "../../../domain/locale";
import {
  CODE_MINUTES,
  CODE_RESEND_SECONDS,
  examinationHappened,
  GRANT_MINUTES,
  MAX_CODE_FAILURES,
  MAX_CODES_PER_LINK,
  MAX_DOB_FAILURES,
  referralStage,
  type ReferralStage,
} from "../../../domain/reports";
import { recordAudit } from "../../audit/audit";
import { hashToken, newToken, sameSecret, TOKEN_PATTERN } from "../../base/tokens";
import { enqueueMail } from "../../mail/queue";
import { enqueueMessage, inTextCountries, textReach } from "../../texts/index";
import { appointmentRepository, type AppointmentRow } from "../appointment-repository";
import { referrerRepository } from "../referrer-repository";
import { reportRepository, type ReportLinkRow } from "../report-repository";
import type { ReportDeps } from "./attach";
import { doctorCodeMail, doctorCodeSms } from "./report-mails";

/**
 * Who may open a report besides staff (decision 075): the referring doctor,
 * through the e-mailed link and a 6-digit code sent when they ask for it, and
 * the patient, through their private page once the report is released and
 * their date of birth is right. Either earns a grant: a cookie of 256 random
 * bits (only its hash kept) that opens the report's file for GRANT_MINUTES.
 * Five wrong codes lock the link, five wrong dates of birth the patient's
 * access: each wrong answer is counted by one guarded UPDATE, and a right one
 * opens only through a statement guarded by the same count, so neither
 * parallel nor later guesses pass the lock (what was read before decides
 * nothing). Codes and dates are compared in constant time.
 */

/** The audit log's "who" for an opening that is not a staff member's. */
export const OPENED_BY = { doctor: "referring doctor (e-mailed link)", patient: "patient (private page)" } as const;

/** The current version of a report as its readers see it. */
export interface ReportFileView {
  id: string;
  version: number;
  uploadedAt: string;
  size: number;
}

function fileView(row: { id: string; version: number; uploaded_at: string; size: number }): ReportFileView {
  return { id: row.id, version: row.version, uploadedAt: row.uploaded_at, size: row.size };
}

/** What a code is stored as: bound to its link's token, which the database does not hold. */
function codeHash(token: string, code: string): string {
  return hashToken(`${token}:${code}`);
}

async function addGrant(deps: ReportDeps, appointmentId: number, holder: "doctor" | "patient"): Promise<string> {
  const grant = newToken();
  const now = deps.now();
  await reportRepository(deps.db).addGrant({
    token_hash: hashToken(grant),
    appointment_id: appointmentId,
    holder,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + GRANT_MINUTES * 60_000).toISOString(),
  });
  return grant;
}

/** The grant behind a cookie's value, when it is for this appointment and holder and has not expired. */
export async function validGrant(
  deps: ReportDeps,
  grant: string | undefined,
): Promise<{ appointmentId: number; holder: "doctor" | "patient" } | undefined> {
  if (!grant || !TOKEN_PATTERN.test(grant)) return undefined;
  const row = await reportRepository(deps.db).grant(hashToken(grant));
  if (!row || row.expires_at <= deps.now().toISOString()) return undefined;
  return { appointmentId: row.appointment_id, holder: row.holder };
}

/** The audit line of a lock: by the doctor's link or the patient's page, with the reference and why. */
async function recordLock(deps: ReportDeps, by: keyof typeof OPENED_BY, appointmentId: number, why: string) {
  await recordAudit(
    {
      staffId: null,
      staffEmail: OPENED_BY[by],
      action: "report_locked",
      targetType: "appointment",
      targetId: appointmentId,
      detail: `${await referenceOf(deps, appointmentId)}: ${why}`,
    },
    deps.now(),
    deps.db,
  );
}

// --- The referring doctor ---

/** One patient the doctor referred, as their page lists them. */
export interface Referral {
  reference: string;
  patient: string;
  service: string;
  stage: ReferralStage;
}

/**
 * The doctor's page (decision 075): the link leads nowhere (unknown, altered,
 * older than 14 days); it is locked; it waits for a code (`codeSent`: one
 * sent in the last CODE_MINUTES); or it is open (a grant for this
 * appointment), with the report and every patient referred with the e-mail
 * address the link was sent to.
 */
export type DoctorView =
  | { kind: "not-found" }
  | { kind: "locked"; reference: string }
  | { kind: "code"; reference: string; codeSent: boolean }
  | { kind: "open"; reference: string; report: ReportFileView; corrected: boolean; referrals: Referral[] };

async function liveLink(deps: ReportDeps, token: string): Promise<ReportLinkRow | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const link = await reportRepository(deps.db).linkByHash(hashToken(token));
  return link && link.expires_at > deps.now().toISOString() ? link : undefined;
}

async function referenceOf(deps: ReportDeps, appointmentId: number): Promise<string> {
  return (await appointmentRepository(deps.db).findById(appointmentId))?.reference ?? "";
}

/** The doctor's page behind `token`, opened with the grant cookie `grant` when there is one. */
export async function doctorView(
  deps: ReportDeps,
  token: string,
  grant: string | undefined,
  locale: Locale,
): Promise<DoctorView> {
  const link = await liveLink(deps, token);
  if (!link) return { kind: "not-found" };
  const reference = await referenceOf(deps, link.appointment_id);
  if (link.failures >= MAX_CODE_FAILURES) return { kind: "locked", reference };
  const granted = await validGrant(deps, grant);
  const reports = reportRepository(deps.db);
  if (granted?.holder === "doctor" && granted.appointmentId === link.appointment_id) {
    const current = await reports.current(link.appointment_id);
    if (current) {
      const rows = await reports.referredBy(link.email_key);
      const reported = await reports.reported(rows.map((r) => r.id));
      return {
        kind: "open",
        reference,
        report: fileView(current),
        corrected: current.version > 1,
        referrals: rows.map((r) => ({
          reference: r.reference,
          patient: `${r.name} ${r.surname}`,
          service: serviceTitle(r.service_name, locale),
          stage: referralStage(r.status, reported.has(r.id)),
        })),
      };
    }
  }
  const codeSent =
    link.code_hash !== null &&
    link.code_sent_at !== null &&
    new Date(link.code_sent_at).getTime() + CODE_MINUTES * 60_000 > deps.now().getTime();
  return { kind: "code", reference, codeSent };
}

/** What asking for a code, or giving one, comes to. */
export type DoctorOutcome =
  | { kind: "not-found" }
  | { kind: "locked" }
  | { kind: "code-sent" }
  | { kind: "wait" }
  | { kind: "too-many" }
  | { kind: "format" }
  | { kind: "expired" }
  | { kind: "wrong"; left: number }
  | { kind: "opened"; grant: string };

/**
 * Sends a new 6-digit code for the link: to the address the link was sent to,
 * and by SMS to the doctor's number when it is a mobile in a country texts go
 * to. At most one a minute (CODE_RESEND_SECONDS) and MAX_CODES_PER_LINK in
 * all, claimed by one guarded UPDATE. The code's hash replaces the last one's.
 */
export async function sendDoctorCode(deps: ReportDeps, token: string): Promise<DoctorOutcome> {
  const link = await liveLink(deps, token);
  if (!link) return { kind: "not-found" };
  if (link.failures >= MAX_CODE_FAILURES) return { kind: "locked" };
  if (link.codes_sent >= MAX_CODES_PER_LINK) return { kind: "too-many" };
  const { db, config } = deps;
  const now = deps.now();
  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");
  const reference = await referenceOf(deps, link.appointment_id);
  return db.transaction().execute(async (trx): Promise<DoctorOutcome> => {
    const stored = await reportRepository(db).setCode(
      link.id,
      codeHash(token, code),
      now.toISOString(),
      { max: MAX_CODES_PER_LINK, notAfter: new Date(now.getTime() - CODE_RESEND_SECONDS * 1000).toISOString() },
      trx,
    );
    if (!stored) return { kind: "wait" };
    await enqueueMail(doctorCodeMail(config, { to: link.email, reference, code }), now, trx);
    const phone = (await referrerRepository(db).ofAppointment(link.appointment_id, trx))?.phone;
    const reach = phone ? textReach(phone) : undefined;
    const body = doctorCodeSms(config.texts.smsSenderName, reference, code);
    if (phone && reach?.mobile && inTextCountries(reach.country, config.texts.countries) && body) {
      await enqueueMessage({ channel: "sms", to: phone, about: reference, kind: "report-code", body }, now, trx);
    }
    return { kind: "code-sent" };
  });
}

/**
 * Checks a code. The lock is decided by the guarded statements alone, never
 * by the link as read before them (parallel requests all read it unlocked): a
 * wrong code is counted by one guarded UPDATE (the one that reaches 5 locks
 * the link, with one audit line; after it nothing is counted); the right
 * code, compared in constant time, is spent by one guarded UPDATE that
 * refuses a locked link, so it opens once, and never after the lock.
 */
export async function checkDoctorCode(deps: ReportDeps, token: string, typed: string): Promise<DoctorOutcome> {
  const link = await liveLink(deps, token);
  if (!link) return { kind: "not-found" };
  // Answers that count nothing: the page as read says whether the link is locked.
  const lockedAsRead = link.failures >= MAX_CODE_FAILURES;
  const code = typed.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(code)) return lockedAsRead ? { kind: "locked" } : { kind: "format" };
  const sentAt = link.code_sent_at ? new Date(link.code_sent_at).getTime() : 0;
  if (!link.code_hash || sentAt + CODE_MINUTES * 60_000 <= deps.now().getTime())
    return lockedAsRead ? { kind: "locked" } : { kind: "expired" };
  const reports = reportRepository(deps.db);
  const hash = codeHash(token, code);
  if (sameSecret(hash, link.code_hash)) {
    if (await reports.spendCode(link.id, hash, MAX_CODE_FAILURES))
      return { kind: "opened", grant: await addGrant(deps, link.appointment_id, "doctor") };
    // Locked meanwhile, or spent or replaced by a newer code.
    const after = await reports.linkByHash(link.token_hash);
    return after && after.failures >= MAX_CODE_FAILURES ? { kind: "locked" } : { kind: "expired" };
  }
  const tries = await reports.claimCodeTry(link.id, MAX_CODE_FAILURES);
  if (tries === undefined) return { kind: "locked" };
  if (tries >= MAX_CODE_FAILURES) {
    await recordLock(deps, "doctor", link.appointment_id, `${MAX_CODE_FAILURES} wrong codes`);
    return { kind: "locked" };
  }
  return { kind: "wrong", left: MAX_CODE_FAILURES - tries };
}

// --- The patient ---

/**
 * The report section of the patient's private page: none (no report, or the
 * examination has not happened yet: examinationHappened); waiting
 * (until the release day; whether the doctor was sent it); locked (five wrong
 * dates of birth); ask for the date of birth; or open (a grant for this
 * appointment), with the current version.
 */
export type PatientReport =
  | { kind: "waiting"; releaseAt: string; doctorHasIt: boolean }
  | { kind: "locked" }
  | { kind: "ask" }
  | { kind: "open"; report: ReportFileView };

export async function patientReport(
  deps: ReportDeps,
  appt: Pick<AppointmentRow, "id" | "status" | "starts_at">,
  grant: string | undefined,
): Promise<PatientReport | undefined> {
  if (!examinationHappened(appt, clinicMinutesAt(deps.now()))) return undefined;
  const reports = reportRepository(deps.db);
  const [current, release] = await Promise.all([reports.current(appt.id), reports.release(appt.id)]);
  if (!current || !release) return undefined;
  if (release.release_at > deps.now().toISOString()) {
    const links = await reports.linksOf(appt.id);
    return { kind: "waiting", releaseAt: release.release_at, doctorHasIt: links.length > 0 };
  }
  if (release.dob_failures >= MAX_DOB_FAILURES) return { kind: "locked" };
  const granted = await validGrant(deps, grant);
  if (granted?.holder === "patient" && granted.appointmentId === appt.id)
    return { kind: "open", report: fileView(current) };
  return { kind: "ask" };
}

export type PatientOutcome =
  | { kind: "none" }
  | { kind: "locked" }
  | { kind: "missing" }
  | { kind: "wrong"; left: number }
  | { kind: "opened"; grant: string };

/**
 * The patient confirms their date of birth (YYYY-MM-DD as the form joins it)
 * to open a released report. As the doctor's code: compared in constant time;
 * a wrong date is counted by one guarded UPDATE (the 5th locks the access,
 * one audit line, until staff unlock it); a right one opens only while the
 * access is not locked, as it stands at that moment.
 */
export async function confirmPatientDob(
  deps: ReportDeps,
  appt: Pick<AppointmentRow, "id" | "dob" | "reference" | "status" | "starts_at">,
  dob: string,
): Promise<PatientOutcome> {
  const state = await patientReport(deps, appt, undefined);
  if (!state || state.kind === "waiting") return { kind: "none" };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dob)) return state.kind === "locked" ? { kind: "locked" } : { kind: "missing" };
  const reports = reportRepository(deps.db);
  if (sameSecret(dob, appt.dob)) {
    if (!(await reports.dobOpen(appt.id, MAX_DOB_FAILURES))) return { kind: "locked" };
    return { kind: "opened", grant: await addGrant(deps, appt.id, "patient") };
  }
  const tries = await reports.claimDobTry(appt.id, MAX_DOB_FAILURES);
  if (tries === undefined) return { kind: "locked" };
  if (tries >= MAX_DOB_FAILURES) {
    await recordLock(deps, "patient", appt.id, `${MAX_DOB_FAILURES} wrong dates of birth`);
    return { kind: "locked" };
  }
  return { kind: "wrong", left: MAX_DOB_FAILURES - tries };
}

/**
 * Staff unlock a patient's access locked by wrong dates of birth (an audit
 * line); false when it was not locked. The reset and its audit line are one
 * guarded UPDATE and one transaction: of two unlocks at once, one unlocks.
 */
export async function unlockPatientReport(
  deps: ReportDeps,
  staff: { id: number; email: string },
  appointmentId: number,
): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    if (!(await reportRepository(deps.db).unlockDob(appointmentId, MAX_DOB_FAILURES, trx))) return false;
    await recordAudit(
      {
        staffId: staff.id,
        staffEmail: staff.email,
        action: "report_unlocked",
        targetType: "appointment",
        targetId: appointmentId,
      },
      deps.now(),
      trx,
    );
    return true;
  });
}
