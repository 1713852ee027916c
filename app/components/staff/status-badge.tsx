import { APPOINTMENT_STATUS_LABELS, APPOINTMENT_STATUSES, statusLabel } from "@domain/statuses";

/** A status as a coloured badge that always carries its text label (never colour alone). */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`staff-badge staff-badge--${status.replace("_", "-")}`}>{statusLabel(status)}</span>;
}

/** Reception marked the patient arrived (issue 36), at this time in Gaborone: on the schedule's card and the appointment's page. */
export function ArrivedBadge({ time }: { time: string }) {
  return <span className="staff-badge staff-badge--arrived">{`Arrived ${time}`}</span>;
}

/** The appointment statuses as filter choices. */
export const APPOINTMENT_STATUS_OPTIONS = APPOINTMENT_STATUSES.map((value) => ({
  value,
  label: APPOINTMENT_STATUS_LABELS[value],
}));
