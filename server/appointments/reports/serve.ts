import fs from "node:fs";
import type { StaffIdentity } from "../../../domain/staff-roles";
import { recordAudit } from "../../audit/audit";
import { TOKEN_PATTERN } from "../../base/tokens";
import { appointmentRepository } from "../appointment-repository";
import { reportRepository } from "../report-repository";
import { OPENED_BY, validGrant } from "./access";
import type { ReportDeps } from "./attach";
import { reportPath } from "./report-files";

/** Who opens a report's file: a signed-in staff member (any version), or the holder of a grant (the current version). */
export type Opener = { kind: "staff"; staff: StaffIdentity } | { kind: "grant"; grant: string | undefined };

/** The file to send: where it is, its size, and the name it is saved under. */
export interface ReportFile {
  path: string;
  size: number;
  downloadName: string;
}

/**
 * The report `id` for `opener`, or undefined (answered 404 alike, whatever
 * the reason: unknown id, no right, a grant for another appointment or past
 * its time, an older version asked for by a grant, a file gone). Every
 * opening is an audit line: who (the staff member, or the referring doctor or
 * the patient), when, and the reference and version.
 */
export async function openReportFile(deps: ReportDeps, id: string, opener: Opener): Promise<ReportFile | undefined> {
  if (!TOKEN_PATTERN.test(id)) return undefined;
  const reports = reportRepository(deps.db);
  const row = await reports.byId(id);
  if (!row) return undefined;
  let who: { staffId: number | null; staffEmail: string };
  if (opener.kind === "staff") {
    who = { staffId: opener.staff.id, staffEmail: opener.staff.email };
  } else {
    const granted = await validGrant(deps, opener.grant);
    if (!granted || granted.appointmentId !== row.appointment_id) return undefined;
    if ((await reports.current(row.appointment_id))?.id !== row.id) return undefined;
    who = { staffId: null, staffEmail: OPENED_BY[granted.holder] };
  }
  const file = reportPath(deps.config, row.file_name);
  const stat = file ? await fs.promises.stat(file).catch(() => null) : null;
  if (!file || !stat?.isFile()) return undefined;
  const appt = await appointmentRepository(deps.db).findById(row.appointment_id);
  if (!appt) return undefined;
  await recordAudit(
    {
      ...who,
      action: "report_opened",
      targetType: "appointment",
      targetId: row.appointment_id,
      detail: `${appt.reference}, version ${row.version}`,
    },
    deps.now(),
    deps.db,
  );
  return { path: file, size: stat.size, downloadName: `report-${appt.reference}-v${row.version}.pdf` };
}
