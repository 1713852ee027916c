import { canHoldReport, MAX_CODE_FAILURES, MAX_DOB_FAILURES } from "../../../domain/reports";
import type { AppointmentStatus } from "../../../domain/statuses";
import { canAttachReport, type StaffRole } from "../../../domain/staff-roles";
import { auditRepository } from "../../audit/audit-repository";
import type { Db } from "../../db/index";
import { reportRepository } from "../report-repository";
import { OPENED_BY } from "./access";

/** Who an audit line of the report is by, in the console's words. */
const READER_WORDS: Record<string, string> = {
  [OPENED_BY.doctor]: "The referring doctor",
  [OPENED_BY.patient]: "The patient",
};

/**
 * The report card of the staff appointment page (decision 075): whether this
 * staff member may attach one now, every version (time, size, who attached
 * it; the last is current), when the patient may open it and whether their
 * access is locked, the links sent to the doctor (and whether locked), and
 * every opening, attachment, sending and lock from the audit log, by whom.
 */
export async function staffReportCard(
  db: Db,
  appointmentId: number,
  status: AppointmentStatus,
  role: StaffRole,
  now: Date,
) {
  const reports = reportRepository(db);
  const [versions, release, links, lines] = await Promise.all([
    reports.versions(appointmentId),
    reports.release(appointmentId),
    reports.linksOf(appointmentId),
    auditRepository(db).aboutTarget("appointment", String(appointmentId), [
      "report_attached",
      "report_replaced",
      "report_sent",
      "report_opened",
      "report_locked",
      "report_unlocked",
    ]),
  ]);
  return {
    canAttach: canAttachReport(role) && canHoldReport(status),
    roleMayAttach: canAttachReport(role),
    statusAllows: canHoldReport(status),
    versions: versions.map((v) => ({
      id: v.id,
      version: v.version,
      uploadedAt: v.uploaded_at,
      size: v.size,
      by: v.uploaded_by_name ?? "A former staff member",
    })),
    release: release
      ? {
          releaseAt: release.release_at,
          released: release.release_at <= now.toISOString(),
          locked: release.dob_failures >= MAX_DOB_FAILURES,
        }
      : null,
    links: links.map((l) => ({
      id: l.id,
      sentAt: l.created_at,
      expiresAt: l.expires_at,
      codeSentAt: l.code_sent_at,
      locked: l.failures >= MAX_CODE_FAILURES,
    })),
    events: lines.map((l) => ({
      id: l.id,
      action: l.action,
      at: l.created_at,
      who: READER_WORDS[l.staff_email] ?? l.staff_name ?? l.staff_email,
      detail: l.detail,
    })),
  };
}

export type StaffReportCard = Awaited<ReturnType<typeof staffReportCard>>;
