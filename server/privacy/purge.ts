import fs from "node:fs/promises";
import path from "node:path";
import { appointmentRepository } from "../appointments/appointment-repository";
import { reportRepository } from "../appointments/report-repository";
import { removeReportFiles } from "../appointments/reports/index";
import { enquiryRepository } from "../enquiries/enquiry-repository";
import { mailRepository } from "../mail/mail-repository";
import { pruneIdempotencyKeys } from "../requests/idempotency";
import { pruneRateLimits } from "../requests/rate-limit-store";
import { uploadRepository } from "../uploads/upload-repository";
import { auditRepository } from "../audit/audit-repository";
import { invitationRepository } from "../staff/invitation-repository";
import { loginThrottleRepository } from "../staff/login-throttle-repository";
import type { StaffRuntime } from "../db/runtime";
import { deleteExpiredSessions } from "../staff/sessions";
import { outboxDir } from "../mail/transport";
import {
  blankOldMessageBodies,
  deleteOldMessages,
  forgetOldWebhookEvents,
  messageBodiesBefore,
  purgeSmsOutbox,
} from "../texts/index";
import { uploadsDir } from "../uploads/storage";
import { uploadPath } from "../uploads/files";
import { clinicDate, subtractMonths } from "../../domain/dates";
import { jobRunRepository } from "../jobs/job-run-repository";
import { forgetUnmatchedStudies } from "../appointments/images/index";

/** Files on disk with no row are only removed once this old, so an upload in progress is never touched. */
const STRAY_FILE_MINUTES = 60;

export interface PurgeResult {
  appointments: number;
  enquiries: number;
  uploads: number;
  files: number;
  strayFiles: number;
  mails: number;
  sessions: number;
  /** Sent or failed messages whose body and recipient were blanked. */
  mailBodies: number;
  outboxFiles: number;
  /** Text messages deleted with their records, and those whose number and body were blanked. */
  texts: number;
  textBodies: number;
  smsOutboxFiles: number;
  /** WhatsApp webhook events forgotten (ids only, kept 30 days: decision 039). */
  webhookEvents: number;
  auditRows: number;
  idempotencyKeys: number;
  rateLimits: number;
  /** Staff invitations past their expiry (an invitee's name and e-mail address). */
  invitations: number;
  /** Studies that matched no appointment, listed longer than UNMATCHED_STUDY_DAYS (a patient's name: decision 066). */
  unmatchedStudies: number;
}

const DAY_MS = 86_400_000;

/** The purge's name as a job: its lease (one run a day across instances) and its last success (job_runs). */
export const PURGE_JOB = "retention-purge";

/**
 * Deletes what is past its retention period (the table in
 * docs/privacy-retention.md; the server runs this daily under a lease):
 * - appointments whose date (confirmed, else requested) is older than
 *   STAFF_RETENTION_MONTHS, with their uploads and status history;
 *   enquiries by creation date; sent or failed e-mail rows that old;
 * - abandoned uploads (UPLOAD_UNCLAIMED_HOURS) and files no row names;
 * - the body, recipient and error of sent or failed e-mails after
 *   RETAIN_SENT_MAIL_DAYS (the row stays as a record that it was sent), and
 *   the number and body of text messages after the same period; text
 *   message rows with the records (decision 030);
 * - outbox .eml and SMS files after RETAIN_OUTBOX_DAYS;
 * - audit rows after RETAIN_AUDIT_MONTHS; idempotency replies after
 *   RETAIN_IDEMPOTENCY_DAYS; rate-limit windows that have ended;
 * - expired staff sessions, sign-in throttle rows idle for a day, and
 *   staff invitations once expired (INVITATION_HOURS after sending);
 * - studies from Orthanc that matched no appointment, after UNMATCHED_STUDY_DAYS.
 * Record rows go in one transaction, then the files. A purge that finishes
 * records when in job_runs (the metrics' last purge, decision 033).
 */
export async function purgeExpired(rt: StaffRuntime): Promise<PurgeResult> {
  const { db, config } = rt;
  const now = rt.now();
  const cutoff = subtractMonths(now, config.staff.retentionMonths);
  const cutoffDate = clinicDate(cutoff);
  const cutoffIso = cutoff.toISOString();
  // Uploads no booking claimed in time were abandoned (the upload sweep removes them too).
  const abandonedBefore = new Date(now.getTime() - config.uploads.unclaimedHours * 3_600_000).toISOString();

  const appointments = appointmentRepository(db);
  const uploadRows = uploadRepository(db);
  const mail = mailRepository(db);
  const removed = await db.transaction().execute(async (trx) => {
    const ids = await appointments.idsDatedBefore(cutoffDate, trx);
    // The signed reports go with their appointments (decision 075): their files after the commit.
    const reportFiles = await reportRepository(db).fileNames(ids, trx);
    // Grants (a right code or date of birth) past their half hour.
    await reportRepository(db).deleteGrantsBefore(now.toISOString(), trx);
    const uploads = await uploadRows.findExpired(ids, abandonedBefore, trx);
    if (uploads.length)
      await uploadRows.deleteByIds(
        uploads.map((u) => u.id),
        trx,
      );
    if (ids.length) await appointments.deleteWithHistory(ids, trx);
    const enquiries = await enquiryRepository(db).deleteCreatedBefore(cutoffIso, trx);
    const mails = await mail.deleteFinishedBefore(cutoffIso, trx);
    const texts = await deleteOldMessages(db, cutoff, trx);
    return {
      appointments: ids.length,
      enquiries,
      mails,
      texts,
      storageNames: uploads.map((u) => u.storage_name),
      reportFiles,
    };
  });
  await removeReportFiles(config, removed.reportFiles);

  let files = 0;
  for (const name of removed.storageNames) {
    const file = uploadPath(config, name);
    if (file && (await unlinkIfPresent(file))) files++;
  }

  // Files that no row references (a crash between commit and unlink, or an upload whose row never came).
  let strayFiles = 0;
  const dir = uploadsDir(config);
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  if (entries.length) {
    const known = await uploadRows.allStorageNames();
    const strayBefore = now.getTime() - STRAY_FILE_MINUTES * 60_000;
    for (const entry of entries) {
      if (!entry.isFile() || known.has(entry.name)) continue;
      const full = path.join(dir, entry.name);
      const stat = await fs.stat(full).catch(() => null);
      if (stat && stat.mtimeMs < strayBefore && (await unlinkIfPresent(full))) strayFiles++;
    }
  }

  const sessions = await deleteExpiredSessions(rt);
  const invitations = await invitationRepository(db).deleteExpired(now.toISOString());
  await loginThrottleRepository(db).deleteIdleBefore(new Date(now.getTime() - DAY_MS).toISOString());

  const retention = config.retention;
  const mailBefore = new Date(now.getTime() - retention.sentMailDays * DAY_MS).toISOString();
  const mailBodies = await mail.blankFinishedBefore(mailBefore);
  const outboxFiles = await deleteOldFiles(outboxDir(config), now.getTime() - retention.outboxDays * DAY_MS);
  const textBodies = await blankOldMessageBodies(db, messageBodiesBefore(config, now));
  const smsOutboxFiles = await purgeSmsOutbox(config, now);
  const webhookEvents = await forgetOldWebhookEvents(db, now);
  const auditRows = await auditRepository(db).deleteBefore(subtractMonths(now, retention.auditMonths).toISOString());
  const idempotencyKeys = await pruneIdempotencyKeys(db, new Date(now.getTime() - retention.idempotencyDays * DAY_MS));
  const rateLimits = await pruneRateLimits(db, now);
  const unmatchedStudies = await forgetUnmatchedStudies(db, now);
  await jobRunRepository(db).recordSuccess(PURGE_JOB, rt.now().toISOString());

  return {
    appointments: removed.appointments,
    enquiries: removed.enquiries,
    uploads: removed.storageNames.length,
    files,
    strayFiles,
    mails: removed.mails,
    sessions,
    mailBodies,
    outboxFiles,
    texts: removed.texts,
    textBodies,
    smsOutboxFiles,
    webhookEvents,
    auditRows,
    idempotencyKeys,
    rateLimits,
    invitations,
    unmatchedStudies,
  };
}

/** Deletes the plain files in `dir` last written before `before` (ms); returns how many. */
async function deleteOldFiles(dir: string, before: number): Promise<number> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  let deleted = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = path.join(dir, entry.name);
    const stat = await fs.stat(full).catch(() => null);
    if (stat && stat.mtimeMs < before && (await unlinkIfPresent(full))) deleted++;
  }
  return deleted;
}

async function unlinkIfPresent(file: string): Promise<boolean> {
  try {
    await fs.unlink(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}
