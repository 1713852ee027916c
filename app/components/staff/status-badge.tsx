const LABELS: Record<string, string> = {
  requested: "Requested",
  confirmed: "Confirmed",
  attended: "Attended",
  no_show: "No-show",
  cancelled: "Cancelled",
  new: "New",
  handled: "Handled",
};

/** A status as a coloured badge that always carries its text label (never colour alone). */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`staff-badge staff-badge--${status.replace("_", "-")}`}>{LABELS[status] ?? status}</span>;
}

export const APPOINTMENT_STATUS_OPTIONS = [
  { value: "requested", label: "Requested" },
  { value: "confirmed", label: "Confirmed" },
  { value: "attended", label: "Attended" },
  { value: "no_show", label: "No-show" },
  { value: "cancelled", label: "Cancelled" },
] as const;
