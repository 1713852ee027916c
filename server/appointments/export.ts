import { serviceTitle } from "../../domain/catalogue";
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
  "Received (UTC)",
];

/** Appointments whose requested date falls in [from, to], as CSV. */
export async function appointmentsCsv(db: Db, from: string, to: string): Promise<{ csv: string; count: number }> {
  const rows = await appointmentRepository(db).requestedBetween(from, to);
  const csv = csvDocument(
    HEADER,
    rows.map((r) => [
      r.reference,
      r.status,
      r.name,
      r.surname,
      r.dob,
      r.gender,
      r.phone,
      r.alternate_phone,
      r.email,
      r.id_passport_number,
      serviceTitle(r.service_name),
      r.payment_method,
      r.medical_aid_number,
      r.requested_date,
      r.confirmed_date,
      r.confirmed_time,
      r.cancel_reason,
      r.notes,
      r.created_at,
    ]),
  );
  return { csv, count: rows.length };
}
