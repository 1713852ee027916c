/* The manager's audit log page: the log, a page at a time and filtered, each action's label, and the people to filter by. */

export { AUDIT_ACTION_LABELS, listAudit, type AuditRecord } from "../../../server/audit/audit";
export { listStaffAccounts } from "../../../server/staff/accounts";
