/**
 * Staff roles. Reception works appointments, enquiries, the schedule and the
 * day list; a manager does all of that, plus what only a manager may do
 * (MANAGER_ONLY). Accounts that existed before roles were managers: they could
 * already do everything.
 */
export const STAFF_ROLES = ["manager", "reception"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  manager: "Manager",
  reception: "Reception",
};

/** What only a manager may do, in the words the console and its refusals use. */
export const MANAGER_ONLY = [
  "closures",
  "staff accounts",
  "the CSV export",
  "the audit log",
  "patients' data export and erasure",
] as const;

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}

/** The refusal a reception account gets on a manager's page or action. */
export const MANAGER_ONLY_MESSAGE = "Only a manager can do this. Ask a manager of the clinic.";
