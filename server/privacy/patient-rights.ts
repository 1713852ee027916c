import fs from "node:fs/promises";
import path from "node:path";
import { strToU8, zipSync, type Zippable } from "fflate";
import { serviceTitle } from "../../domain/catalogue";
import { answerWords, readSafetyAnswers, safetyQuestionsFor } from "../../domain/safety-questions";
import { emailField } from "../../domain/validation/fields";
import { appointmentRepository } from "../appointments/appointment-repository";
import { compactSqlite, isPostgres, type Db } from "../db/index";
import { enquiryRepository } from "../enquiries/enquiry-repository";
import { mailRepository } from "../mail/mail-repository";
import { outboxDir, outboxMailId } from "../mail/transport";
import { deleteMessagesAbout, deleteOutboxFilesOf, messagesAbout } from "../texts/index";
import { idempotencyKeyRepository } from "../requests/idempotency-key-repository";
import { REFERENCE_WORDS } from "../requests/reference";
import { uploadRepository } from "../uploads/upload-repository";
import type { StaffIdentity } from "../../domain/staff-roles";
import { recordAudit } from "../audit/audit";
import { auditRepository } from "../audit/audit-repository";
import { uploadPath } from "../uploads/files";
import type { StaffRuntime } from "../db/runtime";
import { clinicDate, clinicToday } from "../../domain/dates";
import { isActiveStatus } from "../../domain/statuses";
import { enqueueMail } from "../mail/queue";
import { toE164 } from "../requests/phone";
import { cancellationNotice } from "./erasure-notice";
import { foldName, likePattern, normaliseIdNumber } from "./patient-keys";

/**
 * Patients' rights under the Data Protection Act 2024: find one patient,
 * export everything held about them as one zip, or erase it
 * (decision 011). "One patient" is one e-mail address: found by reference,
 * the patient is the e-mail on that appointment or enquiry, and every
 * appointment and enquiry made with that address (in any letter case) is
 * theirs. Found by name, phone number or ID number (how a patient on the
 * telephone says who they are, decision 035), each address that booked or
 * wrote with it is one candidate, and staff choose. Everything else is
 * reached from those records by exact identifiers, never by a substring of
 * text (decision 011: ann@ is inside joann@, and another patient's e-mail
 * may quote a reference): uploads and status history by appointment id;
 * e-mails by recipient (the whole address) or by the reference they are
 * about; stored replies by the reference they gave; outbox files by the
 * e-mail they were written from; audit entries by the records' ids.
 */

export type PatientQuery =
  | { kind: "reference"; value: string }
  | { kind: "email"; value: string }
  /** Digits (and maybe letters): a phone number when it is one (E.164), and an ID or passport number. */
  | { kind: "number"; value: string; phone: string | null; idNumber: string }
  /** A full name, as typed (trimmed). */
  | { kind: "name"; value: string };

const REFERENCE_RE = /^(APT|ENQ)-[A-Z0-9-]{1,40}$/;
const NUMBER_RE = /^[\p{L}\p{N}\s+().\-/]+$/u;
const NAME_RE = /^[\p{L}\p{M}\s'’.-]+$/u;
/** The longest search read: longer text is no name, number or address. */
const QUERY_MAX = 200;

export const QUERY_INVALID =
  "Enter a reference (APT-… or ENQ-…), an e-mail address, a phone number, an ID or passport number, or the patient's full name.";

/**
 * A typed search: a reference (any case), one e-mail address, a number (a
 * phone number, an ID or passport number: at least 4 characters once
 * spaces and hyphens are gone, with a digit), or a full name (letters,
 * spaces, apostrophes, hyphens, full stops); anything else is refused.
 */
export function parsePatientQuery(raw: unknown): PatientQuery | null {
  if (typeof raw !== "string" || raw.length > QUERY_MAX) return null;
  const value = raw.trim().replace(/\s+/g, " ");
  if (!value) return null;
  if (REFERENCE_RE.test(value.toUpperCase())) return { kind: "reference", value: value.toUpperCase() };
  const email = emailField.safeParse(value);
  if (email.success) return { kind: "email", value: email.data.toLowerCase() };
  if (/\p{N}/u.test(value) && NUMBER_RE.test(value)) {
    const idNumber = normaliseIdNumber(value);
    const phone = /^[+\d\s().-]+$/.test(value) ? toE164(value) : null;
    if (idNumber.length < 4 && !phone) return null;
    return { kind: "number", value, phone, idNumber };
  }
  if (/\p{L}/u.test(value) && NAME_RE.test(value)) return { kind: "name", value };
  return null;
}

export interface PatientMatch {
  query: PatientQuery;
  /** The patient's address, lower-cased. */
  email: string;
  appointments: {
    id: number;
    reference: string;
    requested_date: string;
    confirmed_date: string | null;
    confirmed_time: string | null;
    service_name: string;
    status: string;
    name: string;
    surname: string;
    dob: string;
  }[];
  enquiries: { id: number; reference: string; created_at: string; name: string; status: string }[];
}

/** One person a search may mean: an address, the names and dates of birth given with it, and how many records. */
export interface PatientCandidate {
  email: string;
  names: string[];
  dobs: string[];
  appointments: number;
  enquiries: number;
}

const addressOf = (email: string) => email.trim().toLowerCase();

/** The addresses a name, phone number or ID number was given with, exactly (patient-keys.ts), in first-seen order. */
async function addressesFor(db: Db, query: Extract<PatientQuery, { kind: "number" | "name" }>): Promise<string[]> {
  const appointments = appointmentRepository(db);
  const enquiries = enquiryRepository(db);
  const found: string[] = [];
  if (query.kind === "number") {
    if (query.phone) {
      for (const r of await appointments.patientsByPhone(query.phone)) found.push(r.email);
      for (const r of await enquiries.patientsByPhone(query.phone)) found.push(r.email);
    }
    if (query.idNumber.length >= 4) {
      const rows = await appointments.patientsByIdPattern(likePattern(query.idNumber, { gaps: true }));
      for (const r of rows) if (normaliseIdNumber(r.id_passport_number) === query.idNumber) found.push(r.email);
    }
  } else {
    const typed = foldName(query.value);
    const pattern = likePattern(typed);
    for (const r of await appointments.patientsByNamePattern(pattern)) {
      if (foldName(`${r.name} ${r.surname}`) === typed || foldName(`${r.surname} ${r.name}`) === typed)
        found.push(r.email);
    }
    for (const r of await enquiries.patientsByNamePattern(pattern)) if (foldName(r.name) === typed) found.push(r.email);
  }
  return [...new Set(found.map(addressOf))];
}

/** Finds one patient's appointments and enquiries by reference or e-mail address, or null when nothing matches. */
export async function findPatient(
  db: Db,
  query: Extract<PatientQuery, { kind: "reference" | "email" }>,
): Promise<PatientMatch | null> {
  const appointmentRows = appointmentRepository(db);
  const enquiryRows = enquiryRepository(db);
  let email = query.kind === "email" ? query.value : null;
  if (query.kind === "reference") {
    const hit = (await appointmentRows.emailOf(query.value)) ?? (await enquiryRows.emailOf(query.value));
    if (!hit) return null;
    email = addressOf(hit.email);
  }
  if (!email) return null;
  const appointments = await appointmentRows.findByEmail(email);
  const enquiries = await enquiryRows.findByEmail(email);
  if (!appointments.length && !enquiries.length) return null;
  return { query, email, appointments, enquiries };
}

/**
 * Everyone a search may mean, each with the names and dates of birth given
 * with their address, so staff can tell them apart: one at most for a
 * reference or an address, any number for a name, phone or ID number.
 */
export async function findCandidates(db: Db, query: PatientQuery): Promise<PatientCandidate[]> {
  const queries: Extract<PatientQuery, { kind: "reference" | "email" }>[] =
    query.kind === "reference" || query.kind === "email"
      ? [query]
      : (await addressesFor(db, query)).map((value) => ({ kind: "email", value }));
  const candidates: PatientCandidate[] = [];
  for (const q of queries) {
    const match = await findPatient(db, q);
    if (match) candidates.push(candidateOf(match));
  }
  return candidates;
}

function candidateOf(match: PatientMatch): PatientCandidate {
  return {
    email: match.email,
    // Each name once, as first written: "Neo Mosweu" and "neo  mosweu" are one name.
    names: [
      ...new Map(
        [
          ...match.appointments.map((a) => `${a.name} ${a.surname}`.replace(/\s+/g, " ").trim()),
          ...match.enquiries.map((e) => e.name.replace(/\s+/g, " ").trim()),
        ]
          .reverse()
          .map((name) => [foldName(name), name]),
      ).values(),
    ].reverse(),
    dobs: [...new Set(match.appointments.map((a) => a.dob))],
    appointments: match.appointments.length,
    enquiries: match.enquiries.length,
  };
}

/**
 * Who the records say the patient is: each name with the date of birth
 * given with it, once (names compared folded); a name given only with an
 * enquiry, which asks no date of birth, only when no appointment gives it.
 */
export function patientPeople(match: PatientMatch): { name: string; dob: string | null }[] {
  const people = new Map<string, { name: string; dob: string | null }>();
  const tidy = (name: string) => name.replace(/\s+/g, " ").trim();
  for (const a of match.appointments) {
    const name = tidy(`${a.name} ${a.surname}`);
    const key = `${foldName(name)}|${a.dob}`;
    if (!people.has(key)) people.set(key, { name, dob: a.dob });
  }
  const named = new Set([...people.keys()].map((k) => k.split("|")[0]));
  for (const e of match.enquiries) {
    const name = tidy(e.name);
    if (!named.has(foldName(name)) && !people.has(`${foldName(name)}|`))
      people.set(`${foldName(name)}|`, { name, dob: null });
  }
  return [...people.values()];
}

/** An appointment still to come on `today` (the clinic's date): requested or confirmed, for today or later. */
export function isUpcoming(
  a: { status: string; requested_date: string; confirmed_date: string | null },
  today: string,
): boolean {
  return isActiveStatus(a.status) && (a.confirmed_date ?? a.requested_date) >= today;
}

/** A fingerprint of what a search found, so an erasure confirmed on one list never removes a different one. */
export function matchFingerprint(match: PatientMatch): string {
  return references(match).sort().join(",");
}

function references(match: PatientMatch): string[] {
  return [...match.appointments.map((a) => a.reference), ...match.enquiries.map((e) => e.reference)];
}

/** Rows and files that hold the patient's data, found from a match. */
async function gather(rt: StaffRuntime, match: PatientMatch) {
  const { db } = rt;
  const appointmentIds = match.appointments.map((a) => a.id);
  const enquiryIds = match.enquiries.map((e) => e.id);
  const refs = references(match);

  const appointmentRows = appointmentRepository(db);
  const appointments = appointmentIds.length ? await appointmentRows.findByIds(appointmentIds) : [];
  const enquiries = enquiryIds.length ? await enquiryRepository(db).findByIds(enquiryIds) : [];
  const uploads = appointmentIds.length ? await uploadRepository(db).findForAppointments(appointmentIds) : [];
  const history = appointmentIds.length ? await appointmentRows.statusHistoryOf(appointmentIds) : [];
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
  return { appointments, enquiries, uploads, history, mails, notices, idempotency, audit, outbox, texts };
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

function countsOf(g: Awaited<ReturnType<typeof gather>>): PatientCounts {
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
export function heldInWords(h: PatientCounts & { safetyAnswers: number; notices: number }): string[] {
  return [
    h.appointments
      ? `${plural(h.appointments, "appointment", "appointments")}: what the patient gave when booking (name, date of birth, gender, phone numbers, e-mail address, ID or passport number, how they pay, medical aid number, notes for the clinic), the service, the dates and the status.`
      : "",
    h.safetyAnswers
      ? `Answers to the safety questions before an examination, for ${plural(h.safetyAnswers, "appointment", "appointments").toLowerCase()}: health information.`
      : "",
    h.statusChanges
      ? `The history of ${h.appointments === 1 ? "the appointment" : "the appointments"}: ${plural(h.statusChanges, "change", "changes").toLowerCase()} of status, with when and why.`
      : "",
    h.files ? `${plural(h.files, "referral form", "referral forms")} the patient uploaded.` : "",
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
 * records, status history, uploads' details, e-mails with their bodies,
 * stored replies, text messages and audit entries about them), `files/` (the uploaded
 * referral forms), `emails/` (attachments of queued and sent e-mails) and
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
      status_history: g.history
        .filter((h) => h.appointment_id === _id)
        .map((h) => ({ from_status: h.from_status, to_status: h.to_status, note: h.note, created_at: h.created_at })),
    })),
    enquiries: g.enquiries.map(({ id: _id, ...e }) => e),
    uploads,
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

export class EraseRefused extends Error {}

/** What an erasure removed, and how many upcoming appointments the patient is told are cancelled. */
export type ErasureResult = PatientCounts & { notified: number };

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
 * `fingerprint` must match what the staff member was shown.
 */
export async function erasePatient(
  rt: StaffRuntime,
  staff: StaffIdentity,
  match: PatientMatch,
  fingerprint: string,
): Promise<ErasureResult> {
  if (matchFingerprint(match) !== fingerprint) {
    throw new EraseRefused(
      "The records for this patient changed since you checked them. Check the list again, then erase.",
    );
  }
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
  await deleteOutboxFilesOf(
    rt.config,
    g.texts.map((m) => m.id),
  );
  // SQLite keeps deleted rows in free pages and the write-ahead log until
  // they are reused: rebuild the file and empty the log, so the erased data
  // is gone from DATA_DIR too (decision 011 says what PostgreSQL keeps).
  if (!isPostgres(db)) await compactSqlite(db);
  return { ...counts, notified: upcoming.length };
}
