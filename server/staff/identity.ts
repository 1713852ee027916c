import type { StaffRole } from "../../domain/staff-roles";

/** A signed-in staff member, as every capability that records who acted sees them. */
export interface StaffIdentity {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
}
