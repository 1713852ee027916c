import { loadConfig } from "../../server/config";

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

/** Backups' rotation belongs to the backup code (BACKUP_KEEP_DAILY / BACKUP_KEEP_WEEKLY, defaults 7 and 4). */
function backupKeep(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
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
    backupDaily: backupKeep("BACKUP_KEEP_DAILY", 7),
    backupWeekly: backupKeep("BACKUP_KEEP_WEEKLY", 4),
  };
}
