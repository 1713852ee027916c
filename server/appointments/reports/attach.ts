import { clinicDate } from "../../../domain/dates";
import { localisedPath } from "../../../domain/locale";
import { REPORT_PATH_PREFIX } from "../../../domain/paths";
import { canHoldReport, DOCTOR_LINK_DAYS, releaseDaysFor, REPORT_ATTACH_ERRORS } from "../../../domain/reports";
import { canAttachReport, type StaffIdentity } from "../../../domain/staff-roles";
import { findStoredService } from "../../../domain/catalogue";
import { recordAudit } from "../../audit/audit";
import type { Config } from "../../base/config";
import { hashToken, newToken } from "../../base/tokens";
import type { Db } from "../../db/index";
import { refused, refusingTransaction, type Refused } from "../../db/outcome";
import { enqueueMail } from "../../mail/queue";
import { appointmentRepository, type AppointmentRow } from "../appointment-repository";
import { issueManageLink } from "../manage-links";
import { textPatient } from "../notices/index";
import { referrerRepository } from "../referrer-repository";
import { reportRepository } from "../report-repository";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { ReceivedFile } from "../../uploads/intake";
import { removeReportFiles, storeReportFile } from "./report-files";
import { doctorReportMail, patientReportMail } from "./report-mails";

/** What the report's work needs: the database, the settings and the app's one clock (tests move it). */
export interface ReportDeps {
  db: Db;
  config: Config;
  now: () => Date;
}

/** The refusals of an attachment that are about the appointment, not the file (the staff console is in English). */
export const ATTACH_REFUSALS = {
  role: "Only a manager or a radiologist can attach a report.",
  gone: "This appointment no longer exists.",
  status: REPORT_ATTACH_ERRORS.status,
} as const;

/**
 * Whether `staff` may attach a report to appointment `id` now, checked before
 * the file is read: the role (manager or radiologist, decision 072), and the
 * appointment's status (confirmed or attended). Checked again with the row
 * locked when the file is stored.
 */
export async function attachRefusal(
  { db }: Pick<ReportDeps, "db">,
  staff: StaffIdentity,
  id: number,
): Promise<keyof typeof ATTACH_REFUSALS | null> {
  if (!canAttachReport(staff.role)) return "role";
  const appt = await appointmentRepository(db).findById(id);
  if (!appt) return "gone";
  return canHoldReport(appt.status) ? null : "status";
}

export type AttachOutcome = { kind: "done"; version: number; sentToDoctor: boolean } | Refused;

/**
 * Stores a checked PDF (`file`, the upload intake's temporary file with its size and hash) as the
 * appointment's report: the first version, or a correction that becomes the
 * current one while the older stay as its history. In one transaction with
 * the appointment locked: the version's row, the patient's release time (set
 * by the first version: REPORT_RELEASE_DAYS, or the service's own), the
 * audit lines, the referring doctor's link and e-mail when the booking gave
 * an address (every version: a corrected report is sent again), and, for the
 * first version, the patient's e-mail and text, due when the report is
 * released. The file is removed again when the transaction refuses or fails.
 */
export async function attachReport(
  deps: ReportDeps,
  staff: StaffIdentity,
  id: number,
  file: Pick<ReceivedFile, "temp" | "size" | "sha256">,
): Promise<AttachOutcome> {
  const { db, config } = deps;
  const stored = await storeReportFile(config, file);
  const now = deps.now();
  const appointments = appointmentRepository(db);
  const reports = reportRepository(db);
  let outcome: AttachOutcome | undefined;
  try {
    outcome = await refusingTransaction(db, async (trx): Promise<AttachOutcome> => {
      if (!canAttachReport(staff.role)) return refused(ATTACH_REFUSALS.role);
      await appointments.lockForChange(id, trx);
      const appt = await appointments.findById(id, trx);
      if (!appt) return refused(ATTACH_REFUSALS.gone);
      if (!canHoldReport(appt.status)) return refused(ATTACH_REFUSALS.status);
      const current = await reports.current(id, trx);
      const version = (current?.version ?? 0) + 1;
      await reports.add(
        {
          id: newToken(),
          appointment_id: id,
          version,
          file_name: stored.fileName,
          size: stored.size,
          sha256: stored.sha256,
          uploaded_by: staff.id,
          uploaded_at: now.toISOString(),
        },
        trx,
      );
      const who = { staffId: staff.id, staffEmail: staff.email, targetType: "appointment", targetId: id };
      await recordAudit(
        {
          ...who,
          action: current ? "report_replaced" : "report_attached",
          detail: `${appt.reference}, version ${version}`,
        },
        now,
        trx,
      );
      const sentToDoctor = await sendToDoctor(deps, appt, version, now, trx);
      if (sentToDoctor) {
        await recordAudit(
          { ...who, action: "report_sent", detail: `${appt.reference}, version ${version}, to the referring doctor` },
          now,
          trx,
        );
      }
      if (!current) {
        const releaseAt = releaseTime(config, appt, now);
        await reports.setReleaseOnce(id, releaseAt.toISOString(), trx);
        await tellPatient(deps, appt, releaseAt, now, trx);
        await recordAudit(
          {
            ...who,
            action: "report_sent",
            detail: `${appt.reference}, to the patient's private page from ${releaseAt.toISOString()}`,
          },
          now,
          trx,
        );
      }
      return { kind: "done", version, sentToDoctor };
    });
    return outcome;
  } finally {
    if (outcome?.kind !== "done") await removeReportFiles(config, [stored.fileName]);
  }
}

/** When the patient may open the report: `now` and the service's delay in days (0: at once). */
export function releaseTime(config: Pick<Config, "reports">, appt: Pick<AppointmentRow, "service_name">, now: Date) {
  const days = releaseDaysFor(config.reports, findStoredService(appt.service_name)?.slug);
  return new Date(now.getTime() + days * 86_400_000);
}

/**
 * The referring doctor's link (14 days; only its hash kept) and the e-mail
 * carrying it, when the booking gave the doctor's address; false when it did not.
 */
async function sendToDoctor(
  { db, config }: ReportDeps,
  appt: AppointmentRow,
  version: number,
  now: Date,
  trx: Kysely<Database>,
): Promise<boolean> {
  const referrer = await referrerRepository(db).ofAppointment(appt.id, trx);
  if (!referrer?.email || !referrer.email_key) return false;
  const token = newToken();
  await reportRepository(db).addLink(
    {
      appointment_id: appt.id,
      token_hash: hashToken(token),
      email: referrer.email,
      email_key: referrer.email_key,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + DOCTOR_LINK_DAYS * 86_400_000).toISOString(),
    },
    trx,
  );
  const url = `${config.publicBaseUrl}${localisedPath(`${REPORT_PATH_PREFIX}${token}`, "en")}`;
  await enqueueMail(
    doctorReportMail(config, { to: referrer.email, reference: appt.reference, url, corrected: version > 1 }),
    now,
    trx,
  );
  return true;
}

/**
 * The patient's e-mail and text that the report is on their private page,
 * queued now and due when it is released (the e-mail dated then; the text
 * held until then, and past the quiet hours), with a fresh private link.
 */
async function tellPatient(
  { db, config }: ReportDeps,
  appt: AppointmentRow,
  releaseAt: Date,
  now: Date,
  trx: Kysely<Database>,
): Promise<void> {
  const due = releaseAt > now ? releaseAt : now;
  const manageUrl = await issueManageLink(db, config, appt, now, trx);
  await enqueueMail(patientReportMail(config, appt, manageUrl), due, trx);
  await textPatient(config, appt, "report-ready", manageUrl, due, undefined, trx);
}

/** The day the patient may open the report, in Gaborone. */
export function releaseDay(releaseAt: string): string {
  return clinicDate(new Date(releaseAt));
}
