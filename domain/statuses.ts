/**
 * The statuses an appointment request and an enquiry go through, their
 * labels (staff console, badges, filters, messages) and which change is
 * allowed. The database stores the values; everything shown uses the labels.
 */

export const APPOINTMENT_STATUSES = [
  "requested",
  "confirmed",
  "attended",
  "no_show",
  "not_prepared",
  "cancelled",
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/**
 * The statuses that keep an appointment on the day's schedule: confirmed, and
 * afterwards attended, a no-show, or not prepared (a cancelled one gave its time back).
 */
export const SCHEDULED_STATUSES = [
  "confirmed",
  "attended",
  "no_show",
  "not_prepared",
] as const satisfies readonly AppointmentStatus[];

/**
 * The outcomes of a visit that lost its time (decision 070): the patient did not
 * come, or came but could not be examined because the preparation was not done
 * ("not prepared"). The desk's figures count both alike; "not prepared" also
 * offers the patient a new time.
 */
export const MISSED_STATUSES = ["no_show", "not_prepared"] as const satisfies readonly AppointmentStatus[];

/**
 * The statuses of an appointment still to come: requested or confirmed. The
 * patient may still change or cancel it, staff may still place it in a room,
 * and a closure lists it for staff to contact.
 */
export const ACTIVE_STATUSES = ["requested", "confirmed"] as const satisfies readonly AppointmentStatus[];
export type ActiveStatus = (typeof ACTIVE_STATUSES)[number];

export function isActiveStatus(status: string): status is ActiveStatus {
  return (ACTIVE_STATUSES as readonly string[]).includes(status);
}

/** The longest reason stored with a cancellation, the patient's or a staff member's. */
export const CANCEL_REASON_MAX = 500;
export const CANCEL_REASON_TOO_LONG = `Keep the reason under ${CANCEL_REASON_MAX} characters.`;

export const ENQUIRY_STATUSES = ["new", "handled"] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, string> = {
  requested: "Requested",
  confirmed: "Confirmed",
  attended: "Attended",
  no_show: "No-show",
  not_prepared: "Not prepared",
  cancelled: "Cancelled",
};

export const ENQUIRY_STATUS_LABELS: Record<EnquiryStatus, string> = {
  new: "New",
  handled: "Handled",
};

const LABELS: Record<string, string> = { ...APPOINTMENT_STATUS_LABELS, ...ENQUIRY_STATUS_LABELS };

/** The label of an appointment or enquiry status; an unknown value is shown as stored. */
export function statusLabel(status: string): string {
  return LABELS[status] ?? status;
}

export function isAppointmentStatus(value: unknown): value is AppointmentStatus {
  return (APPOINTMENT_STATUSES as readonly unknown[]).includes(value);
}

/** What a patient may do to their appointment through their private link (decision 026). */
export type PatientMove = "cancel" | "changeDate";

/**
 * Every change an appointment's status may take, by who makes it. Staff may move it to any status
 * listed under `staff`. The patient, through their private link, may cancel it or ask for another
 * date, which makes it a request again (staff confirm the new time); a status without a move does not
 * allow it. The notice rule comes on top: within NOTICE_HOURS of a confirmed time the date is changed
 * by phone (server/appointments/private-link/manage.ts).
 */
export const APPOINTMENT_TRANSITIONS: Record<
  AppointmentStatus,
  {
    readonly staff: readonly AppointmentStatus[];
    readonly patient: Readonly<Partial<Record<PatientMove, AppointmentStatus>>>;
  }
> = {
  requested: { staff: ["confirmed", "cancelled"], patient: { cancel: "cancelled", changeDate: "requested" } },
  confirmed: {
    staff: ["attended", "no_show", "not_prepared", "cancelled"],
    patient: { cancel: "cancelled", changeDate: "requested" },
  },
  attended: { staff: [], patient: {} },
  no_show: { staff: [], patient: {} },
  not_prepared: { staff: [], patient: {} },
  cancelled: { staff: [], patient: {} },
};

/** The status a patient's move leads to from `status`, or undefined when the status does not allow it. */
export function patientMoveTo(status: AppointmentStatus, move: PatientMove): AppointmentStatus | undefined {
  return APPOINTMENT_TRANSITIONS[status].patient[move];
}
