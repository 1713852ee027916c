import fs from "node:fs/promises";
import path from "node:path";
import { readSafetyAnswers } from "../../domain/safety-questions";
import { appointmentRepository } from "../appointments/appointment-repository";
import { referrerRepository } from "../appointments/referrer-repository";
import { earlierOffersTo } from "../appointments/earlier/index";
import { reportRepository } from "../appointments/report-repository";
import { auditRepository } from "../audit/audit-repository";
import type { StaffRuntime } from "../db/runtime";
import { enquiryRepository } from "../enquiries/enquiry-repository";
import { mailRepository } from "../mail/mail-repository";
import { outboxDir, outboxMailId } from "../mail/transport";
import { idempotencyKeyRepository } from "../requests/idempotency-key-repository";
import { REFERENCE_WORDS } from "../requests/reference";
import { messagesAbout } from "../texts/index";
import { uploadRepository } from "../uploads/upload-repository";
import { references, type PatientMatch } from "./patient-lookup";

/**
 * What the clinic holds about one patient found (patient-lookup.ts), the
 * rows and files their export and erasure cover (patient-rights.ts), counted
 * and said in plain words. Everything is reached from the patient's records
 * by exact identifiers, never by a substring of text (decision 011: ann@ is
 * inside joann@, and another patient's e-mail may quote a reference):
 * uploads and status history by appointment id; e-mails by recipient (the
 * whole address) or by the reference they are about; stored replies by the
 * reference they gave; outbox files by the e-mail they were written from;
 * audit entries by the records' ids.
 */

/** Rows and files that hold the patient's data, found from a match. */
export async function gather(rt: StaffRuntime, match: PatientMatch) {
  const { db } = rt;
  const appointmentIds = match.appointments.map((a) => a.id);
  const enquiryIds = match.enquiries.map((e) => e.id);
  const refs = references(match);

  const appointmentRows = appointmentRepository(db);
  const appointments = appointmentIds.length ? await appointmentRows.findByIds(appointmentIds) : [];
  const enquiries = enquiryIds.length ? await enquiryRepository(db).findByIds(enquiryIds) : [];
  const uploads = appointmentIds.length ? await uploadRepository(db).findForAppointments(appointmentIds) : [];
  const history = appointmentIds.length ? await appointmentRows.statusHistoryOf(appointmentIds) : [];
  // The doctor each appointment names (decision 071): exported with it, erased with it.
  const referrers = await referrerRepository(db).ofAppointments(appointmentIds);
  // The signed reports of their appointments, every version (decision 075): exported with their files, erased with them.
  const reports = await reportRepository(db).ofAppointments(appointmentIds);
  // The earlier times offered to them (decision 070): exported with the appointment, erased with it.
  const earlierOffers = await earlierOffersTo(db, appointmentIds);
  const found = await mailRepository(db).findAbout(match.email, refs);
  // A notice that an erased appointment is cancelled, not yet sent: exported, but an erasure leaves it to be sent.
  const isNotice = (m: (typeof found)[number]) => m.forget_after_send === 1 && m.status === "pending";
  const mails = found.filter((m) => !isNotice(m));
  const notices = found.filter(isNotice);
  const idempotency = await idempotencyKeyRepository(db).findByReferences(refs);
  const audit = await auditRepository(db).findAbout({
    appointmentIds,
    enquiryIds,
    uploadPublicIds: uploads.map((u) => u.public_id),
  });
  const outbox = await outboxFilesOf(rt, new Set(mails.map((m) => m.id)), match.email, refs);
  // Text messages about their references, exactly (decision 030); their outbox files by message id.
  const texts = await messagesAbout(db, refs);
  return {
    appointments,
    enquiries,
    uploads,
    history,
    referrers,
    reports,
    earlierOffers,
    mails,
    notices,
    idempotency,
    audit,
    outbox,
    texts,
  };
}

/**
 * Outbox .eml files about the patient. A file named after its queued e-mail
 * (outboxMailId) is theirs when that e-mail is. A file written before names
 * held the id (gone after RETAIN_OUTBOX_DAYS) is theirs when its To header is
 * their address, whole, in any letter case, or its Subject names one of their
 * references as a whole word; what a body says never counts.
 */
async function outboxFilesOf(
  rt: StaffRuntime,
  mailIds: Set<number>,
  email: string,
  refs: string[],
): Promise<{ name: string; file: string }[]> {
  const dir = outboxDir(rt.config);
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  const found: { name: string; file: string }[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith(".eml")) continue;
    const file = path.join(dir, entry.name);
    const id = outboxMailId(entry.name);
    if (id !== null) {
      if (mailIds.has(id)) found.push({ name: entry.name, file });
      continue;
    }
    const raw = await fs.readFile(file).catch(() => null);
    if (!raw) continue;
    const about = emlAbout(raw);
    if (about.to.includes(email) || about.references.some((r) => refs.includes(r)))
      found.push({ name: entry.name, file });
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Whom an .eml message is to (each address lower-cased, whole) and the
 * references its Subject names (whole words, RFC 2047 encoded words decoded).
 * Only the headers are read.
 */
export function emlAbout(raw: Buffer): { to: string[]; references: string[] } {
  const text = raw.toString("utf8");
  const end = text.search(/\r?\n\r?\n/);
  const head = (end === -1 ? text : text.slice(0, end)).replace(/\r?\n[ \t]+/g, " ");
  const header = (name: string) => new RegExp(`^${name}:[ \\t]*(.*)$`, "im").exec(head)?.[1] ?? "";
  const to = header("To")
    .split(",")
    .map((a) => (/<([^>]*)>/.exec(a)?.[1] ?? a).trim().toLowerCase())
    .filter(Boolean);
  return { to, references: decodeWords(header("Subject")).match(REFERENCE_WORDS) ?? [] };
}

/** A header's RFC 2047 encoded words (=?charset?Q|B?…?=) decoded as UTF-8. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?[^?]+\?([QB])\?([^?]*)\?=/gi, (_m, encoding: string, data: string) => {
      const bytes =
        encoding.toUpperCase() === "B"
          ? Buffer.from(data, "base64")
          : Buffer.from(
              data
                .replace(/_/g, " ")
                .replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))),
              "latin1",
            );
      return bytes.toString("utf8");
    });
}

export interface PatientCounts {
  appointments: number;
  enquiries: number;
  files: number;
  statusChanges: number;
  emails: number;
  outboxFiles: number;
  texts: number;
  idempotencyReplies: number;
}

export function countsOf(g: Awaited<ReturnType<typeof gather>>): PatientCounts {
  return {
    appointments: g.appointments.length,
    enquiries: g.enquiries.length,
    files: g.uploads.length,
    statusChanges: g.history.length,
    emails: g.mails.length,
    outboxFiles: g.outbox.length,
    texts: g.texts.length,
    idempotencyReplies: g.idempotency.length,
  };
}

/** What an export or erasure of this match covers, for the confirm step, in plain words (heldInWords). */
export async function patientHoldings(rt: StaffRuntime, match: PatientMatch): Promise<string[]> {
  const g = await gather(rt, match);
  return heldInWords({
    ...countsOf(g),
    safetyAnswers: g.appointments.filter((a) => readSafetyAnswers(a.safety_answers)).length,
    referrers: g.referrers.length,
    reports: g.reports.length,
    earlierOffers: g.earlierOffers.length,
    notices: g.notices.length,
  });
}

/** Each count's words for the audit log, singular and plural. */
const COUNT_WORDS: Record<keyof PatientCounts, [string, string]> = {
  appointments: ["appointment", "appointments"],
  enquiries: ["enquiry", "enquiries"],
  files: ["file", "files"],
  statusChanges: ["status change", "status changes"],
  emails: ["e-mail", "e-mails"],
  outboxFiles: ["outbox file", "outbox files"],
  texts: ["text message", "text messages"],
  idempotencyReplies: ["stored reply", "stored replies"],
};

/** Counts in words for the audit log, e.g. "2 appointments, 1 enquiry, 0 files, …". No personal data. */
export function countsDetail(c: PatientCounts): string {
  return (Object.keys(COUNT_WORDS) as (keyof PatientCounts)[])
    .map((key) => `${c[key]} ${COUNT_WORDS[key][c[key] === 1 ? 0 : 1]}`)
    .join(", ");
}

const plural = (n: number, one: string, many: string) => `${n === 1 ? "One" : n} ${n === 1 ? one : many}`;

/**
 * What the clinic holds about the patient, in plain words for the manager
 * (and, read out, for the patient): one sentence per kind of record held,
 * nothing for what is not held (decision 035).
 */
export function heldInWords(
  h: PatientCounts & {
    safetyAnswers: number;
    notices: number;
    referrers?: number;
    reports?: number;
    earlierOffers?: number;
  },
): string[] {
  return [
    h.appointments
      ? `${plural(h.appointments, "appointment", "appointments")}: what the patient gave when booking (name, date of birth, gender, phone numbers, e-mail address, ID or passport number, how they pay, medical aid number, notes for the clinic), the service, the dates and the status.`
      : "",
    h.safetyAnswers
      ? `Answers to the safety questions before an examination, for ${plural(h.safetyAnswers, "appointment", "appointments").toLowerCase()}: health information.`
      : "",
    h.referrers
      ? `The referring doctor named for ${plural(h.referrers, "appointment", "appointments").toLowerCase()}: the name, practice number, e-mail address and phone number given.`
      : "",
    h.earlierOffers
      ? `${plural(h.earlierOffers, "earlier time", "earlier times")} offered to the patient: the time offered, their own time then, and whether they took it.`
      : "",
    h.statusChanges
      ? `The history of ${h.appointments === 1 ? "the appointment" : "the appointments"}: ${plural(h.statusChanges, "change", "changes").toLowerCase()} of status, with when and why.`
      : "",
    h.files ? `${plural(h.files, "referral form", "referral forms")} the patient uploaded.` : "",
    h.reports
      ? `${plural(h.reports, "version", "versions")} of the signed report of an examination: health information.`
      : "",
    h.enquiries
      ? `${plural(h.enquiries, "enquiry", "enquiries")} through the contact form: the name, phone number, e-mail address and message.`
      : "",
    h.emails
      ? `${plural(h.emails, "e-mail", "e-mails")} the clinic sent or is about to send to the patient or about their records, with their text.`
      : "",
    h.outboxFiles ? `${plural(h.outboxFiles, "copy", "copies")} of e-mails kept as files on the server.` : "",
    h.texts
      ? `${plural(h.texts, "text message", "text messages")} (SMS or WhatsApp) the clinic sent or is about to send to the patient's phone, with their words and the number.`
      : "",
    h.idempotencyReplies
      ? `${plural(h.idempotencyReplies, "copy", "copies")} of the answer the booking or contact form gave, kept for a day so that sending the form twice does not book twice.`
      : "",
    h.notices
      ? `${plural(h.notices, "e-mail", "e-mails")} waiting to tell the patient that an erased appointment is cancelled: kept until sent, then emptied.`
      : "",
  ].filter(Boolean);
}
