/**
 * Staff roles. Reception works appointments and enquiries; a manager does that
 * too, plus closures, staff accounts, the CSV export, the audit log and
 * patients' data export and erasure (the guard checks each; see decision 016).
 * Accounts that existed before roles were managers: they could already do
 * everything.
 */
export const STAFF_ROLES = ["manager", "reception"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  manager: "Manager",
  reception: "Reception",
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}

/** The refusal a reception account gets on a manager's page or action. */
export const MANAGER_ONLY_MESSAGE = "Only a manager can do this. Ask a manager of the clinic.";

/** A signed-in staff member, as every capability that records who acted sees them. */
export interface StaffIdentity {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
}
