import { serviceTitle } from "../../../domain/catalogue";
import { parseDateInput, sortableClinicDateTime } from "../../../domain/dates";
import { LANGUAGE_NAMES } from "../../../domain/locale";
import { roomName } from "../../../domain/rooms";
import { spacedPhone } from "../../requests/phone";
import { paymentLabel } from "../../../domain/payments";
import { statusLabel } from "../../../domain/statuses";
import type { Db } from "../../db/index";
import { appointmentRepository } from "../appointment-repository";
import { csvDocument } from "./csv";

const HEADER = [
  "Reference",
  "Status",
  "First name",
  "Surname",
  "Date of birth",
  "Gender",
  "Phone",
  "Alternative phone",
  "Email",
  "ID or passport number",
  "Service",
  "Examination",
  "Payment method",
  "Medical aid number",
  "Requested date",
  "Confirmed date",
  "Confirmed time",
  "Room",
  "Language",
  "Cancellation reason",
  "Notes",
  "Received (Gaborone time)",
];

/** The longest range one export covers, in days. */
export const EXPORT_MAX_DAYS = 366 * 2;

export type ExportRange =
  { ok: true; from: string; to: string } | { ok: false; errors: { from?: string; to?: string } };

/**
 * The export's range as typed (YYYY-MM-DD from a date picker, or DD/MM/YYYY):
 * both days real dates, the first on or before the last, at most two years;
 * otherwise every problem at once, by field (the console's form shows each
 * by its field; the API answers them in one message).
 */
export function exportRange(rawFrom: string, rawTo: string): ExportRange {
  const from = parseDateInput(rawFrom);
  const to = parseDateInput(rawTo);
  const errors: { from?: string; to?: string } = {};
  if (!from) errors.from = "Enter the first day as a date, for example 01/12/2026.";
  if (!to) errors.to = "Enter the last day as a date, for example 31/12/2026.";
  else if (from && from > to) errors.to = "The last day must be on or after the first day.";
  else if (from && (Date.parse(to) - Date.parse(from)) / 86_400_000 > EXPORT_MAX_DAYS)
    errors.to = "Export at most two years at a time.";
  return from && to && !errors.from && !errors.to ? { ok: true, from, to } : { ok: false, errors };
}

/** A phone number a spreadsheet keeps as text ("+267 71 234 567"); none stays empty. */
const phone = (stored: string | null) => (stored ? spacedPhone(stored) : null);

/**
 * Appointments whose requested date falls in [from, to], as CSV, in the
 * console's words: statuses, payment methods, rooms and languages by their
 * labels (domain/statuses.ts, domain/payments.ts, domain/rooms.ts,
 * domain/locale.ts); but for a spreadsheet to sort and keep, dates as
 * YYYY-MM-DD, the time received as YYYY-MM-DD HH:mm in the clinic's time
 * (Africa/Gaborone), and phone numbers in groups, which stay text (decision 048).
 */
export async function appointmentsCsv(db: Db, from: string, to: string): Promise<{ csv: string; count: number }> {
  const rows = await appointmentRepository(db).requestedBetween(from, to);
  const csv = csvDocument(
    HEADER,
    rows.map((r) => [
      r.reference,
      statusLabel(r.status),
      r.name,
      r.surname,
      r.dob,
      r.gender,
      phone(r.phone),
      phone(r.alternate_phone),
      r.email,
      r.id_passport_number,
      serviceTitle(r.service_name),
      r.examination,
      paymentLabel(r.payment_method),
      r.medical_aid_number,
      r.requested_date,
      r.confirmed_date,
      r.confirmed_time,
      r.room ? roomName(r.room) : null,
      LANGUAGE_NAMES[r.language],
      r.cancel_reason,
      r.notes,
      sortableClinicDateTime(r.created_at),
    ]),
  );
  return { csv, count: rows.length };
}
