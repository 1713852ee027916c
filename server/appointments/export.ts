import { serviceTitle } from "../../domain/catalogue";
import { formatAbbreviatedDate, formatClinicDateTime } from "../../domain/dates";
import { paymentLabel } from "../../domain/payments";
import { statusLabel } from "../../domain/statuses";
import type { Db } from "../db/index";
import { appointmentRepository } from "./appointment-repository";
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
  "Payment method",
  "Medical aid number",
  "Requested date",
  "Confirmed date",
  "Confirmed time",
  "Cancellation reason",
  "Notes",
  "Received (Gaborone time)",
];

/** A calendar date as the console writes it ("Wed 2 Dec 2026"); empty stays empty. */
const day = (iso: string | null) => (iso ? formatAbbreviatedDate(iso) : null);

/**
 * Appointments whose requested date falls in [from, to], as CSV, in the
 * console's words: statuses and payment methods by their labels
 * (domain/statuses.ts, domain/payments.ts), dates as the console writes
 * them, and the time received in the clinic's time (Africa/Gaborone).
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
      day(r.dob),
      r.gender,
      r.phone,
      r.alternate_phone,
      r.email,
      r.id_passport_number,
      serviceTitle(r.service_name),
      paymentLabel(r.payment_method),
      r.medical_aid_number,
      day(r.requested_date),
      day(r.confirmed_date),
      r.confirmed_time,
      r.cancel_reason,
      r.notes,
      formatClinicDateTime(r.created_at),
    ]),
  );
  return { csv, count: rows.length };
}
