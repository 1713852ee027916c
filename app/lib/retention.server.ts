import { loadConfig } from "../../server/base/config";

/**
 * How long each kind of personal data is kept, for the privacy page: the same
 * settings the daily purge applies (server/staff/purge.ts, table in
 * docs/privacy-retention.md). Read at build time for the prerendered page.
 */
export interface RetentionPeriods {
  recordsMonths: number;
  unclaimedUploadHours: number;
  sentMailDays: number;
  outboxDays: number;
  auditMonths: number;
  idempotencyDays: number;
  sessionMaxHours: number;
  backupDaily: number;
  backupWeekly: number;
}

export function getRetentionPeriods(): RetentionPeriods {
  const config = loadConfig();
  return {
    recordsMonths: config.staff.retentionMonths,
    unclaimedUploadHours: config.uploads.unclaimedHours,
    sentMailDays: config.retention.sentMailDays,
    outboxDays: config.retention.outboxDays,
    auditMonths: config.retention.auditMonths,
    idempotencyDays: config.retention.idempotencyDays,
    sessionMaxHours: config.staff.sessionMaxHours,
    backupDaily: config.backups.keepDaily,
    backupWeekly: config.backups.keepWeekly,
  };
}
