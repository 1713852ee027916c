/**
 * The face of appointments/reports/: the signed report of an appointment and
 * who may open it (issue 38, decisions 072 and 075). What the rest of the code
 * may import from it; everything else in the folder is private to it
 * (eslint.config.js holds that).
 */
import type { Locale } from "../../../domain/locale";
import type { ReportDeps } from "./attach";
import { actOnDoctorPage, confirmOnPrivatePage, openDoctorPage, patientReportSection } from "./pages";

export { ATTACH_REFUSALS, attachRefusal, attachReport, type AttachOutcome, type ReportDeps } from "./attach";
export { unlockPatientReport, type DoctorView, type PatientReport, type Referral } from "./access";
export { openReportFile, type Opener, type ReportFile } from "./serve";
export { staffReportCard, type StaffReportCard } from "./staff-view";
export { reportPath, removeReportFiles } from "./report-files";
export { grantFrom, type DoctorAnswer, type PatientReportAnswer } from "./pages";

/** The report's public pages with their dependencies given, as the load context holds them (server/app.ts). */
export function reportPages(deps: ReportDeps) {
  return {
    doctor: {
      open: (token: string, options: { cookie?: string | null; clientIp: string; locale: Locale; counted?: boolean }) =>
        openDoctorPage(deps, token, options),
      act: (request: Request, token: string, clientIp: string) => actOnDoctorPage(deps, request, token, clientIp),
    },
    patient: {
      section: (token: string, cookie: string | null | undefined) => patientReportSection(deps, token, cookie),
      confirm: (request: Request, token: string, clientIp: string) =>
        confirmOnPrivatePage(deps, request, token, clientIp),
    },
  };
}

/** What the pages' load context holds: the report's two public pages. */
export type ReportPages = ReturnType<typeof reportPages>;
