import fs from "node:fs/promises";
import { strToU8, zipSync, type Zippable } from "fflate";
import { serviceTitle } from "../../domain/catalogue";
import { clinicDate, clinicToday } from "../../domain/dates";
import { answerWords, readSafetyAnswers, safetyQuestionsFor } from "../../domain/safety-questions";
import type { StaffIdentity } from "../../domain/staff-roles";
import { appointmentRepository } from "../appointments/appointment-repository";
import { removeReportFiles, reportPath } from "../appointments/reports/index";
import { recordAudit } from "../audit/audit";
import { compactSqlite, isPostgres } from "../db/index";
import { refused, type Refused } from "../db/outcome";
import type { StaffRuntime } from "../db/runtime";
import { enquiryRepository } from "../enquiries/enquiry-repository";
import { mailRepository } from "../mail/mail-repository";
import { enqueueMail } from "../mail/queue";
import { idempotencyKeyRepository } from "../requests/idempotency-key-repository";
import { deleteMessagesAbout, deleteOutboxFilesOf } from "../texts/index";
import { uploadPath } from "../uploads/files";
import { uploadRepository } from "../uploads/upload-repository";
import { cancellationNotice } from "./erasure-notice";
import { countsDetail, countsOf, gather, type PatientCounts } from "./patient-holdings";
import { isUpcoming, matchFingerprint, references, type PatientMatch } from "./patient-lookup";

/**
 * Patients' rights under the Data Protection Act 2024 (decision 011): export
 * everything held about one patient as one zip, or erase it. The patient is
 * found by patient-lookup.ts; what is held about them, and how it is
 * reached, is patient-holdings.ts.
 */

/** A file name made only of safe characters, for a name inside the zip. */
function safeName(name: string, fallback: string): string {
  const cleaned = name
    .normalize("NFKD")
    .replace(/[^\w.\- ]+/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/^\.+/, "")
    .slice(0, 100);
  return cleaned || fallback;
}

export interface PatientExport {
  zip: Uint8Array<ArrayBuffer>;
  filename: string;
  counts: PatientCounts;
}

/**
 * Everything held about one patient as one zip: `patient-data.json` (the
 * records, status history, uploads' and reports' details, e-mails with their bodies,
 * stored replies, text messages and audit entries about them), `files/` (the uploaded
 * referral forms), `reports/` (every version of the signed reports), `emails/` (attachments of queued and sent e-mails) and
 * `outbox/` (.eml files still on disk). The export is audited with the
 * records' ids and counts only.
 */
export async function exportPatient(
  rt: StaffRuntime,
  staff: StaffIdentity,
  match: PatientMatch,
): Promise<PatientExport> {
  const g = await gather(rt, match);
  const now = rt.now();
  const files: Zippable = {};
  const uploads = [];
  for (const u of g.uploads) {
    const ref = g.appointments.find((a) => a.id === u.appointment_id)?.reference ?? "unlinked";
    const zipPath = `files/${safeName(ref, "appointment")}/${u.id}-${safeName(u.display_name, "referral")}`;
    const file = uploadPath(rt.config, u.storage_name);
    const bytes = file ? await fs.readFile(file).catch(() => null) : null;
    if (bytes) files[zipPath] = new Uint8Array(bytes);
    uploads.push({
      appointment_reference: ref,
      display_name: u.display_name,
      mime_type: u.mime_type,
      size_bytes: u.size_bytes,
      created_at: u.created_at,
      file_in_zip: bytes ? zipPath : null,
    });
  }
  const emails = [...g.mails, ...g.notices].map((m) => {
    const attachments = (
      JSON.parse(m.attachments_json || "[]") as { filename: string; contentType: string; content: string }[]
    ).map((a, i) => {
      const zipPath = `emails/${m.id}/${i + 1}-${safeName(a.filename, "attachment")}`;
      files[zipPath] = new Uint8Array(Buffer.from(a.content, "base64"));
      return { filename: a.filename, content_type: a.contentType, file_in_zip: zipPath };
    });
    return {
      to: m.to_address,
      subject: m.subject,
      text_body: m.text_body,
      html_body: m.html_body,
      attachments,
      status: m.status,
      created_at: m.created_at,
      sent_at: m.sent_at,
    };
  });
  for (const o of g.outbox) {
    const bytes = await fs.readFile(o.file).catch(() => null);
    if (bytes) files[`outbox/${o.name}`] = new Uint8Array(bytes);
  }
  // The signed reports (decision 075), every version, as the PDFs that were attached.
  const reports = [];
  for (const r of g.reports) {
    const ref = g.appointments.find((a) => a.id === r.appointment_id)?.reference ?? "unlinked";
    const zipPath = `reports/${safeName(ref, "appointment")}/report-v${r.version}.pdf`;
    const file = reportPath(rt.config, r.file_name);
    const bytes = file ? await fs.readFile(file).catch(() => null) : null;
    if (bytes) files[zipPath] = new Uint8Array(bytes);
    reports.push({
      appointment_reference: ref,
      version: r.version,
      attached_at: r.uploaded_at,
      size_bytes: r.size,
      sha256: r.sha256,
      file_in_zip: bytes ? zipPath : null,
    });
  }
  const refOf = new Map(g.appointments.map((a) => [a.id, a.reference]));
  const document = {
    about:
      "Everything the clinic's booking system holds about one patient (one e-mail address), exported under the Botswana Data Protection Act 2024.",
    exported_at: now.toISOString(),
    email: match.email,
    appointments: g.appointments.map(({ id: _id, safety_answers, ...a }) => ({
      ...a,
      service_name: serviceTitle(a.service_name),
      safety_answers: safetyAnswersInWords(a.service_name, safety_answers),
      referring_doctor: referringDoctor(g.referrers.find((r) => r.appointment_id === _id)),
      earlier_offers: g.earlierOffers.filter((o) => o.appointment_id === _id).map(({ appointment_id: _a, ...o }) => o),
      status_history: g.history
        .filter((h) => h.appointment_id === _id)
        .map((h) => ({ from_status: h.from_status, to_status: h.to_status, note: h.note, created_at: h.created_at })),
    })),
    enquiries: g.enquiries.map(({ id: _id, ...e }) => e),
    uploads,
    reports,
    emails,
    stored_replies: g.idempotency.map((r) => ({
      endpoint: r.endpoint,
      status_code: r.status_code,
      response: safeJson(r.response_json),
      created_at: r.created_at,
    })),
    audit_entries: g.audit.map((a) => ({
      action: a.action,
      record: a.target_type === "appointment" ? (refOf.get(Number(a.target_id)) ?? null) : a.target_type,
      detail: a.detail,
      created_at: a.created_at,
    })),
    outbox_files: g.outbox.map((o) => `outbox/${o.name}`),
    text_messages: g.texts.map((m) => ({
      channel: m.channel,
      kind: m.kind,
      to: m.to_number,
      body: m.body,
      status: m.status,
      created_at: m.created_at,
      sent_at: m.sent_at,
    })),
  };
  files["patient-data.json"] = strToU8(JSON.stringify(document, null, 2));
  const zip = zipSync(files, { level: 6, mtime: now });
  const counts = countsOf(g);
  const ids = [
    g.appointments.length ? `appointments #${g.appointments.map((a) => a.id).join(", #")}` : "",
    g.enquiries.length ? `enquiries #${g.enquiries.map((e) => e.id).join(", #")}` : "",
  ].filter(Boolean);
  await recordAudit(
    {
      staffId: staff.id,
      staffEmail: staff.email,
      action: "patient_export",
      targetType: "patient",
      detail: `${ids.join("; ")} (${countsDetail(counts)})`,
    },
    now,
    rt.db,
  );
  const label = match.query.kind === "reference" ? `${match.query.value}-` : "";
  return { zip, filename: `patient-data-${label}${clinicDate(now)}.zip`, counts };
}

/** The doctor an appointment names, as held (decision 071), or null. */
function referringDoctor(
  row: { name: string; practice_number: string | null; email: string | null; phone: string | null } | undefined,
) {
  return row ? { name: row.name, practice_number: row.practice_number, email: row.email, phone: row.phone } : null;
}

/** The patient's safety answers as question and answer in words (null: never answered). */
function safetyAnswersInWords(service: string, stored: string | null) {
  const answers = readSafetyAnswers(stored);
  if (!answers) return null;
  return safetyQuestionsFor(service).map((q) => ({ question: q.question, answer: answerWords(q, answers[q.id]) }));
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** What an erasure removed, and how many upcoming appointments the patient is told are cancelled. */
export type ErasureResult = PatientCounts & { notified: number };

/** The records changed between the staff member's check and the erasure: nothing is erased. */
export const ERASE_CHANGED_MEANWHILE =
  "The records for this patient changed since you checked them. Check the list again, then erase.";

/**
 * Erases one patient: appointments, enquiries, their uploads (rows and
 * files), status history, e-mails to or about them (queued ones are not
 * sent), text messages about them and their outbox files (queued ones are
 * not sent), stored idempotency replies and outbox files. An appointment still
 * to come is cancelled by the erasure, so the patient is told: in the same
 * transaction, one e-mail per upcoming appointment to the address on record,
 * saying only that the appointment (reference, date) is cancelled
 * (erasure-notice.ts). It is queued kept-only-until-sent (forget_after_send):
 * this and any later erasure leave it queued, and once sent its recipient
 * and text are blanked (decision 035). Rows go in one transaction with the
 * audit entry, which records who, when and how many records, and nothing
 * that identifies the patient (no e-mail, name or reference: decision 011).
 * Files are removed after the commit, then a SQLite database file is rebuilt.
 * `fingerprint` must match what the staff member was shown: when it does
 * not, the erasure is refused (ERASE_CHANGED_MEANWHILE) and nothing changes.
 */
export async function erasePatient(
  rt: StaffRuntime,
  staff: StaffIdentity,
  match: PatientMatch,
  fingerprint: string,
): Promise<({ kind: "erased" } & ErasureResult) | Refused> {
  if (matchFingerprint(match) !== fingerprint) return refused(ERASE_CHANGED_MEANWHILE);
  const g = await gather(rt, match);
  const counts = countsOf(g);
  const now = rt.now();
  const today = clinicToday(now);
  const upcoming = g.appointments.filter((a) => isUpcoming(a, today));
  const { db } = rt;
  await db.transaction().execute(async (trx) => {
    const appointmentIds = g.appointments.map((a) => a.id);
    if (g.uploads.length)
      await uploadRepository(db).deleteByIds(
        g.uploads.map((u) => u.id),
        trx,
      );
    if (appointmentIds.length) await appointmentRepository(db).deleteWithHistory(appointmentIds, trx);
    if (g.enquiries.length)
      await enquiryRepository(db).deleteByIds(
        g.enquiries.map((e) => e.id),
        trx,
      );
    if (g.mails.length)
      await mailRepository(db).deleteByIds(
        g.mails.map((m) => m.id),
        trx,
      );
    const replies = idempotencyKeyRepository(db);
    for (const r of g.idempotency) await replies.delete(r.endpoint, r.idempotency_key, trx);
    await deleteMessagesAbout(db, references(match), trx);
    for (const a of upcoming) await enqueueMail(cancellationNotice(rt.config, a), now, trx);
    await recordAudit(
      {
        staffId: staff.id,
        staffEmail: staff.email,
        action: "patient_erase",
        targetType: "patient",
        detail:
          countsDetail(counts) +
          (upcoming.length
            ? `; ${upcoming.length} upcoming ${upcoming.length === 1 ? "appointment" : "appointments"} cancelled, the patient told`
            : ""),
      },
      now,
      trx,
    );
  });
  for (const u of g.uploads) {
    const file = uploadPath(rt.config, u.storage_name);
    if (file) await fs.rm(file, { force: true });
  }
  for (const o of g.outbox) await fs.rm(o.file, { force: true });
  // The reports' files, once their rows are gone (decision 075).
  await removeReportFiles(
    rt.config,
    g.reports.map((r) => r.file_name),
  );
  await deleteOutboxFilesOf(
    rt.config,
    g.texts.map((m) => m.id),
  );
  // SQLite keeps deleted rows in free pages and the write-ahead log until
  // they are reused: rebuild the file and empty the log, so the erased data
  // is gone from DATA_DIR too (decision 011 says what PostgreSQL keeps).
  if (!isPostgres(db)) await compactSqlite(db);
  return { kind: "erased", ...counts, notified: upcoming.length };
}
