import { AUDIT_PAGE_SIZE } from "../../domain/staff-limits";
import type { Db } from "../db/index";
import type { StaffAuditAction } from "../db/schema";
import { auditRepository } from "./audit-repository";

export interface AuditEntry {
  staffId: number | null;
  /** The account's e-mail; for a failed sign-in only a keyed hash of what was typed (typedEmailForAudit). */
  staffEmail: string;
  action: StaffAuditAction;
  targetType?: string;
  targetId?: string | number;
  /** Never personal data: a status, a date range, a reason code. */
  detail?: string;
}

/** Appends one line to the audit log (inside the caller's transaction when given one). */
export async function recordAudit(db: Db, entry: AuditEntry, now: Date): Promise<void> {
  await auditRepository(db).append({
    staff_id: entry.staffId,
    staff_email: entry.staffEmail,
    action: entry.action,
    target_type: entry.targetType ?? null,
    target_id: entry.targetId === undefined ? null : String(entry.targetId),
    detail: entry.detail ?? null,
    created_at: now.toISOString(),
  });
}

export const AUDIT_ACTION_LABELS: Record<StaffAuditAction, string> = {
  sign_in: "Signed in",
  sign_in_failed: "Sign-in failed",
  sign_out: "Signed out",
  appointment_view: "Viewed appointment",
  file_view: "Viewed file",
  file_download: "Downloaded file",
  status_change: "Changed status",
  enquiry_handled: "Marked enquiry handled",
  export_csv: "Exported CSV",
  patient_export: "Exported a patient's data",
  patient_erase: "Erased a patient's data",
  mfa_enrolled: "Set up two-step sign-in",
  mfa_reset: "Two-step sign-in reset",
  recovery_code_used: "Used a recovery code",
  password_changed: "Changed password",
  staff_added: "Added a staff account",
  staff_disabled: "Disabled a staff account",
  staff_enabled: "Enabled a staff account",
  role_changed: "Changed a staff role",
  staff_invited: "Invited a staff member",
  invitation_accepted: "Accepted an invitation",
  invitation_withdrawn: "Withdrew an invitation",
  closure_added: "Added a closure",
  closure_removed: "Removed a closure",
  appointment_move: "Moved an appointment",
  text_resent: "Sent a text message again",
};

export interface AuditPage {
  rows: {
    id: number;
    staffEmail: string;
    staffName: string | null;
    action: StaffAuditAction;
    targetType: string | null;
    targetId: string | null;
    detail: string | null;
    createdAt: string;
  }[];
  page: number;
  pages: number;
  total: number;
}

/** The audit log, newest first, optionally for one action. */
export async function listAudit(
  db: Db,
  { page = 1, pageSize = AUDIT_PAGE_SIZE, action }: { page?: number; pageSize?: number; action?: StaffAuditAction },
): Promise<AuditPage> {
  const log = auditRepository(db);
  const total = await log.count(action);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pages);
  const rows = await log.findPage(action, pageSize, (current - 1) * pageSize);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      staffEmail: r.staff_email,
      staffName: r.name,
      action: r.action,
      targetType: r.target_type,
      targetId: r.target_id,
      detail: r.detail,
      createdAt: r.created_at,
    })),
    page: current,
    pages,
    total,
  };
}
