/**
 * Staff roles. Reception works appointments and enquiries; a manager does that
 * too, plus closures, staff accounts, the CSV export, the audit log and
 * patients' data export and erasure (the guard checks each; see decision 016).
 * A radiologist sees what reception sees (the day list, the appointments) and
 * attaches the signed report; like reception, not the managers' pages
 * (decision 072).
 * Accounts that existed before roles were managers: they could already do
 * everything.
 */
export const STAFF_ROLES = ["manager", "reception", "radiologist"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  manager: "Manager",
  reception: "Reception",
  radiologist: "Radiologist",
};

/** The roles that may attach (and replace) an appointment's signed report (decision 072). */
export const REPORT_ROLES: readonly StaffRole[] = ["manager", "radiologist"];

export function canAttachReport(role: StaffRole): boolean {
  return REPORT_ROLES.includes(role);
}

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
