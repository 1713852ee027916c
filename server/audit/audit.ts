import { AUDIT_PAGE_SIZE } from "../../domain/staff-limits";
import type { Db } from "../db/index";
import type { Kysely } from "kysely";
import type { Database, StaffAuditAction } from "../db/schema";
import { auditRepository, type AuditFilter } from "./audit-repository";

export interface AuditEntry {
  staffId: number | null;
  /** The account's e-mail; for a failed sign-in only a keyed hash of what was typed (typedEmailForAudit). */
  staffEmail: string;
  action: StaffAuditAction;
  targetType?: string;
  targetId?: string | number;
  /** Never personal data: a status, a date range, a reason code. */
  detail?: string;
  /**
   * Who the line is about when that is a colleague's account or an
   * invitation ("Name (address)"), so the log names them after the
   * invitation is gone; never a patient (decision 035).
   */
  targetName?: string;
}

/** Appends one line to the audit log (inside the caller's transaction when given one). */
export async function recordAudit(entry: AuditEntry, now: Date, trx: Kysely<Database>): Promise<void> {
  await auditRepository(trx).append({
    staff_id: entry.staffId,
    staff_email: entry.staffEmail,
    action: entry.action,
    target_type: entry.targetType ?? null,
    target_id: entry.targetId === undefined ? null : String(entry.targetId),
    detail: entry.detail ?? null,
    created_at: now.toISOString(),
    target_name: entry.targetName ?? null,
  });
}

/** One person's views of one record within this many minutes are one line of the log (decision 035). */
export const VIEW_COLLAPSE_MINUTES = 10;

/**
 * Records that a staff member viewed a record, unless they already have a
 * view of it logged in the last VIEW_COLLAPSE_MINUTES: reading a page again
 * (a reload, a confirm step, a return from the schedule) adds nothing, so
 * the log says who looked at what and when without a line per request.
 * Collapsed when written, in one guarded statement (audit-repository.ts),
 * so parallel requests write one line. True when a line was written.
 */
export async function recordView(
  view: {
    staffId: number;
    staffEmail: string;
    action: "appointment_view";
    targetType: string;
    targetId: string | number;
  },
  now: Date,
  trx: Kysely<Database>,
): Promise<boolean> {
  return auditRepository(trx).appendUnlessRecent(
    {
      staff_id: view.staffId,
      staff_email: view.staffEmail,
      action: view.action,
      target_type: view.targetType,
      target_id: String(view.targetId),
      detail: null,
      created_at: now.toISOString(),
      target_name: null,
    },
    new Date(now.getTime() - VIEW_COLLAPSE_MINUTES * 60_000).toISOString(),
  );
}

export const AUDIT_ACTION_LABELS: Record<StaffAuditAction, string> = {
  sign_in: "Signed in",
  sign_in_failed: "Sign-in failed",
  sign_out: "Signed out",
  appointment_view: "Viewed appointment",
  file_view: "Viewed file",
  file_download: "Downloaded file",
  status_change: "Changed status",
  patient_arrived: "Marked a patient arrived",
  enquiry_handled: "Marked enquiry handled",
  enquiry_reopened: "Marked enquiry new again",
  duplicate_closed: "Closed a duplicate request",
  referrer_corrected: "Corrected the referring doctor",
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
  text_channel_set: "Changed how the patient gets texts",
  invitation_resent: "Sent an invitation again",
  images_received: "Images received",
  study_linked: "Linked a study to an appointment",
  report_attached: "Attached the report",
  report_replaced: "Replaced the report",
  report_sent: "Sent the report",
  report_opened: "Opened the report",
  report_locked: "Report access locked",
  report_unlocked: "Unlocked the patient's report",
};

export type { AuditFilter };

/** What one line of the log is about, in the console's words (no personal data of a patient). */
export type AuditRecord =
  | { kind: "appointment"; id: number; reference: string | null }
  | { kind: "file"; appointmentId: number | null; reference: string | null }
  | { kind: "enquiry"; reference: string | null }
  | { kind: "account"; name: string | null }
  | { kind: "invitation"; name: string | null }
  | { kind: "other"; type: string }
  | null;

export interface AuditPage {
  rows: {
    id: number;
    staffEmail: string;
    staffName: string | null;
    action: StaffAuditAction;
    record: AuditRecord;
    detail: string | null;
    createdAt: string;
  }[];
  page: number;
  pages: number;
  total: number;
}

type PageRow = Awaited<ReturnType<ReturnType<typeof auditRepository>["findPage"]>>[number];

function recordOf(r: PageRow): AuditRecord {
  switch (r.target_type) {
    case null:
      return null;
    case "appointment":
      return { kind: "appointment", id: Number(r.target_id), reference: r.appointment_reference };
    case "upload":
      return { kind: "file", appointmentId: r.appointment_id, reference: r.appointment_reference };
    case "enquiry":
      return { kind: "enquiry", reference: r.enquiry_reference };
    case "staff":
      return {
        kind: "account",
        name: r.target_name ?? (r.target_staff_name ? `${r.target_staff_name} (${r.target_staff_email})` : null),
      };
    case "invitation":
      return { kind: "invitation", name: r.target_name };
    default:
      return { kind: "other", type: r.target_type };
  }
}

/** The audit log, newest first, one page of the lines the filter keeps. */
export async function listAudit(
  db: Db,
  { page = 1, pageSize = AUDIT_PAGE_SIZE, filter = {} }: { page?: number; pageSize?: number; filter?: AuditFilter },
): Promise<AuditPage> {
  const log = auditRepository(db);
  const total = await log.count(filter);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pages);
  const rows = await log.findPage(filter, pageSize, (current - 1) * pageSize);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      staffEmail: r.staff_email,
      staffName: r.name,
      action: r.action,
      record: recordOf(r),
      detail: r.detail,
      createdAt: r.created_at,
    })),
    page: current,
    pages,
    total,
  };
}
