/* The manager's audit log page: the log, a page at a time, and each action's label. */

export { AUDIT_ACTION_LABELS, listAudit } from "../../../server/audit/audit";
