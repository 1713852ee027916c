import type { AppointmentStatus } from "./statuses";

/**
 * The signed report of an appointment and who may open it (issue 38,
 * decisions 072 and 075): the rules both the server and the pages read.
 */

/** A report is one PDF of at most this many bytes. */
export const REPORT_MAX_BYTES = 10 * 1024 * 1024;

/** The statuses a report may be attached in: the examination is booked or done. */
export const REPORTABLE_STATUSES: readonly AppointmentStatus[] = ["confirmed", "attended"];

export function canHoldReport(status: AppointmentStatus): boolean {
  return REPORTABLE_STATUSES.includes(status);
}

/**
 * Whether the examination has happened, so the patient's page may speak of
 * its report: attended, or its booked time has come (`nowMinutes`, clinic
 * minutes, as `startsAt`). A report may be attached while the appointment is
 * only confirmed, but the page of an examination still ahead promises none.
 */
export function examinationHappened(
  appt: { status: AppointmentStatus; starts_at: number | null },
  nowMinutes: number,
): boolean {
  return appt.status === "attended" || (appt.starts_at !== null && appt.starts_at <= nowMinutes);
}

/** The referring doctor's e-mailed link works this many days. */
export const DOCTOR_LINK_DAYS = 14;
/** The code sent for the link has this many digits, and works this many minutes. */
export const CODE_DIGITS = 6;
export const CODE_MINUTES = 10;
/** A new code may be asked for this many seconds after the last one, and one link sends at most this many. */
export const CODE_RESEND_SECONDS = 60;
export const MAX_CODES_PER_LINK = 10;
/** The wrong codes that lock a link, and the wrong dates of birth that lock a patient's access. */
export const MAX_CODE_FAILURES = 5;
export const MAX_DOB_FAILURES = 5;
/** A correct code or date of birth opens the report's file for this many minutes. */
export const GRANT_MINUTES = 30;

/** The default delay before the patient may open the report (REPORT_RELEASE_DAYS), in days. */
export const DEFAULT_RELEASE_DAYS = 7;
/** The longest delay the settings take, in days. */
export const MAX_RELEASE_DAYS = 365;

/** Where an appointment stands for its referring doctor (the doctor's page). */
export type ReferralStage = "requested" | "booked" | "attended" | "reported" | "cancelled" | "no_show" | "not_prepared";

export function referralStage(status: AppointmentStatus, reported: boolean): ReferralStage {
  if (reported) return "reported";
  switch (status) {
    case "requested":
      return "requested";
    case "confirmed":
      return "booked";
    case "attended":
      return "attended";
    case "cancelled":
      return "cancelled";
    case "no_show":
      return "no_show";
    case "not_prepared":
      return "not_prepared";
  }
}

/**
 * REPORT_RELEASE_DAYS_BY_SERVICE as written ("x-ray=0,mammography=14"): each
 * service's own delay, by catalogue slug; a string naming the problem when it
 * does not read (`known` says which slugs exist).
 */
export function parseReleaseDays(raw: string, known: (slug: string) => boolean): Record<string, number> | string {
  const days: Record<string, number> = {};
  for (const part of raw.split(",")) {
    const item = part.trim();
    if (!item) continue;
    const match = /^([a-z0-9-]+)\s*=\s*(\d{1,3})$/.exec(item);
    if (!match) return `"${item}" is not SERVICE=DAYS (such as x-ray=0)`;
    const [, slug, count] = match;
    if (!known(slug!)) return `"${slug}" is not a service's slug (such as x-ray or mammography)`;
    const n = Number(count);
    if (n > MAX_RELEASE_DAYS) return `"${item}": at most ${MAX_RELEASE_DAYS} days`;
    days[slug!] = n;
  }
  return days;
}

/** The release delay of a service (its slug, when known): its own, else the default. */
export function releaseDaysFor(
  settings: { releaseDays: number; releaseDaysByService: Readonly<Record<string, number>> },
  slug: string | undefined,
): number {
  return slug !== undefined && slug in settings.releaseDaysByService
    ? settings.releaseDaysByService[slug]!
    : settings.releaseDays;
}

/**
 * Why the staff console's attachment was refused, as the form post's redirect
 * names it (`?report_error=`), and what the appointment page says (the console
 * is in English, decision 037).
 */
export const REPORT_ATTACH_ERRORS = {
  status: "A report can be attached once the appointment is confirmed or attended.",
  "no-file": "Choose the signed report's PDF file.",
  "not-pdf": "The report must be a PDF file.",
  "too-large": `The report is larger than ${REPORT_MAX_BYTES / (1024 * 1024)} MB. Save it smaller, then attach it again.`,
  active:
    "This PDF contains active content (scripts, forms or embedded files), so it was not attached. Print it to a new PDF, then attach that.",
  unreadable:
    "This PDF could not be checked (it is damaged or protected by a password). Save it again, then attach it.",
  busy: "Reports and referral forms are being checked: try again in a minute.",
} as const;
export type ReportAttachError = keyof typeof REPORT_ATTACH_ERRORS;

/** Where the report's file is downloaded by its random id: staff's, or a grant's (the doctor's, the patient's). */
export const staffReportPath = (id: string) => `/api/staff/reports/${id}`;
export const grantedReportPath = (id: string) => `/api/reports/${id}`;
