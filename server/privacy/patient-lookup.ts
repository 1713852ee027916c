import { emailField } from "../../domain/validation/fields";
import { isActiveStatus } from "../../domain/statuses";
import { appointmentRepository } from "../appointments/appointment-repository";
import type { Db } from "../db/index";
import { enquiryRepository } from "../enquiries/enquiry-repository";
import { toE164 } from "../requests/phone";
import { foldName, likePattern, normaliseIdNumber } from "./patient-keys";

/**
 * Finding one patient, for their rights under the Data Protection Act 2024
 * (decision 011; what is held about them is patient-holdings.ts, their
 * export and erasure patient-rights.ts). "One patient" is one e-mail
 * address: found by reference, the patient is the e-mail on that
 * appointment or enquiry, and every appointment and enquiry made with that
 * address (in any letter case) is theirs. Found by name, phone number or ID
 * number (how a patient on the telephone says who they are, decision 035),
 * each address that booked or wrote with it is one candidate, and staff
 * choose.
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
    /** The clinic patient ID the imaging machines know them by (decision 065), once an appointment was confirmed. */
    clinic_patient_id: string | null;
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
export function patientPeople(match: PatientMatch): { name: string; dob: string | null; clinicPatientIds: string[] }[] {
  const people = new Map<string, { name: string; dob: string | null; clinicPatientIds: string[] }>();
  const tidy = (name: string) => name.replace(/\s+/g, " ").trim();
  for (const a of match.appointments) {
    const name = tidy(`${a.name} ${a.surname}`);
    const key = `${foldName(name)}|${a.dob}`;
    let person = people.get(key);
    if (!person) people.set(key, (person = { name, dob: a.dob, clinicPatientIds: [] }));
    if (a.clinic_patient_id && !person.clinicPatientIds.includes(a.clinic_patient_id))
      person.clinicPatientIds.push(a.clinic_patient_id);
  }
  const named = new Set([...people.keys()].map((k) => k.split("|")[0]));
  for (const e of match.enquiries) {
    const name = tidy(e.name);
    if (!named.has(foldName(name)) && !people.has(`${foldName(name)}|`))
      people.set(`${foldName(name)}|`, { name, dob: null, clinicPatientIds: [] });
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

/** The references of the patient's appointments and enquiries, by which the rest of their data is reached. */
export function references(match: PatientMatch): string[] {
  return [...match.appointments.map((a) => a.reference), ...match.enquiries.map((e) => e.reference)];
}
