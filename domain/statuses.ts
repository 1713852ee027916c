/**
 * The statuses an appointment request and an enquiry go through, their
 * labels (staff console, badges, filters, messages) and which change is
 * allowed. The database stores the values; everything shown uses the labels.
 */

export const APPOINTMENT_STATUSES = ["requested", "confirmed", "attended", "no_show", "cancelled"] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/**
 * The statuses that keep an appointment on the day's schedule: confirmed, and
 * afterwards attended or a no-show (a cancelled one gave its time back).
 */
export const SCHEDULED_STATUSES = ["confirmed", "attended", "no_show"] as const satisfies readonly AppointmentStatus[];

export const ENQUIRY_STATUSES = ["new", "handled"] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, string> = {
  requested: "Requested",
  confirmed: "Confirmed",
  attended: "Attended",
  no_show: "No-show",
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

/** Which statuses each appointment status may move to. */
export const APPOINTMENT_TRANSITIONS: Record<AppointmentStatus, readonly AppointmentStatus[]> = {
  requested: ["confirmed", "cancelled"],
  confirmed: ["attended", "no_show", "cancelled"],
  attended: [],
  no_show: [],
  cancelled: [],
};
