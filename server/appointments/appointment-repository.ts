import type { Db } from "../db/index";
import { perDatabase } from "../db/repository";
import { appointmentReads } from "./appointment-reads";
import { appointmentWrites } from "./appointment-writes";

export type { AppointmentListRow, AppointmentRow, AppointmentSearch, NewAppointment } from "./appointment-rows";

/**
 * Appointments table access, with its status history
 * (appointment_status_history) and patient links: the reads
 * (appointment-reads.ts) and the writes and status changes
 * (appointment-writes.ts) as one repository, made once per database.
 * Every method takes a transaction last (`trx`, decision 059), the
 * database by default.
 */
export const appointmentRepository = perDatabase((db: Db) => ({ ...appointmentReads(db), ...appointmentWrites(db) }));
