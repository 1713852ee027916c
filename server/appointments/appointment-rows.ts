import type { Insertable, Selectable } from "kysely";
import type { AppointmentStatus, AppointmentTable } from "../db/schema";

/* The shapes of the appointments table's rows as its repository takes and gives them (appointment-repository.ts). */

export type NewAppointment = Omit<
  Insertable<AppointmentTable>,
  | "id"
  | "reference"
  | "status"
  | "confirmed_date"
  | "confirmed_time"
  | "cancel_reason"
  | "reminder_sent_for"
  | "coming_confirmed_for"
  | "room"
  | "starts_at"
  | "ends_at"
  | "examination"
  | "safety_answers"
  | "safety_saved_at"
  | "booked_online"
  | "clinic_patient_id"
  | "study_uid"
  | "arrived_at"
  | "images_received_at"
  | "orthanc_study_id"
  | "earlier_wanted_at"
  | "created_at"
  | "updated_at"
>;

export type AppointmentRow = Selectable<AppointmentTable>;

/** A row of the staff console's appointment list. */
export type AppointmentListRow = Pick<
  AppointmentTable,
  | "reference"
  | "name"
  | "surname"
  | "phone"
  | "service_name"
  | "requested_date"
  | "status"
  | "confirmed_date"
  | "confirmed_time"
  | "created_at"
  | "safety_answers"
> & { id: number };

/** What the staff console's appointment list can be narrowed by. */
export interface AppointmentSearch {
  status?: AppointmentStatus;
  service?: string;
  /** Requested date range, inclusive, YYYY-MM-DD. */
  from?: string;
  to?: string;
  /** Reference, name, phone or ID number. */
  q?: string;
}
