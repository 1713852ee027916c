/**
 * When the clinic's system is in trouble, and how that is said: the manager's
 * system page (/staff/system) and the overview's warning both run this rule
 * on the figures the server reads (server/operations/system.ts, decision 033).
 * The same limits as the alert rules in docs/deploy.md where there is one.
 */

/** A backup older than this (or none at all) is a trouble. */
export const BACKUP_MAX_AGE_HOURS = 24;
/** A queue whose oldest waiting message has waited longer than this is stuck. */
export const QUEUE_MAX_WAIT_MINUTES = 15;
/** Free space on the data disk below this share of its size is a trouble. */
export const FREE_DISK_MIN_PERCENT = 10;

/** Each outgoing queue's channel as staff read it. */
export const QUEUE_LABELS: Readonly<Record<string, string>> = {
  email: "E-mail",
  sms: "Text messages (SMS)",
  whatsapp: "WhatsApp",
};

export function queueLabel(channel: string): string {
  return QUEUE_LABELS[channel] ?? channel;
}

/** The figures the rule reads. Moments are ISO 8601. */
export interface HealthFigures {
  queues: readonly { channel: string; pending: number; oldestPendingAt: string | null }[];
  /** The days the failing counts look back. */
  failingLookbackDays: number;
  /** E-mails given up on in those days. */
  failingEmails: number;
  /** Text messages failing in those days and not sent again; undefined: not read (the overview has its own warning). */
  failingTexts?: number;
  lastBackupAt: string | null;
  disk: { freeBytes: number; sizeBytes: number };
  /** Since when Orthanc has not answered the site (decision 066); null while it answers or is not followed. */
  orthancUnreachableSince?: string | null;
}

export type Trouble =
  | { kind: "backup"; lastBackupAt: string | null }
  | { kind: "queue"; channel: string; oldestPendingAt: string }
  | { kind: "disk"; freePercent: number }
  | { kind: "failing-emails"; count: number; days: number }
  | { kind: "failing-texts"; count: number; days: number }
  | { kind: "orthanc"; since: string };

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** The share of the disk that is free, in percent (100 for a disk of unknown size, which cannot be judged). */
export function freePercent(disk: HealthFigures["disk"]): number {
  return disk.sizeBytes > 0 ? (disk.freeBytes / disk.sizeBytes) * 100 : 100;
}

/** Whether the last backup is missing or older than BACKUP_MAX_AGE_HOURS at `now`. */
export function backupIsStale(lastBackupAt: string | null, now: Date): boolean {
  return lastBackupAt === null || now.getTime() - Date.parse(lastBackupAt) > BACKUP_MAX_AGE_HOURS * HOUR_MS;
}

/** Whether a queue's oldest waiting message, queued at `oldestPendingAt`, has waited too long at `now`. */
export function queueIsStuck(oldestPendingAt: string | null, now: Date): boolean {
  return oldestPendingAt !== null && now.getTime() - Date.parse(oldestPendingAt) > QUEUE_MAX_WAIT_MINUTES * MINUTE_MS;
}

/** Every trouble in the figures at `now`, in the order the pages list them. */
export function systemTroubles(figures: HealthFigures, now: Date): Trouble[] {
  const troubles: Trouble[] = [];
  if (backupIsStale(figures.lastBackupAt, now)) troubles.push({ kind: "backup", lastBackupAt: figures.lastBackupAt });
  for (const q of figures.queues) {
    if (q.oldestPendingAt !== null && queueIsStuck(q.oldestPendingAt, now)) {
      troubles.push({ kind: "queue", channel: q.channel, oldestPendingAt: q.oldestPendingAt });
    }
  }
  const free = freePercent(figures.disk);
  if (free < FREE_DISK_MIN_PERCENT) troubles.push({ kind: "disk", freePercent: free });
  const days = figures.failingLookbackDays;
  if (figures.failingEmails > 0) troubles.push({ kind: "failing-emails", count: figures.failingEmails, days });
  if (figures.failingTexts) troubles.push({ kind: "failing-texts", count: figures.failingTexts, days });
  if (figures.orthancUnreachableSince) troubles.push({ kind: "orthanc", since: figures.orthancUnreachableSince });
  return troubles;
}

/** A key for a trouble among others (a page's list). */
export function troubleKey(trouble: Trouble): string {
  return trouble.kind === "queue" ? `queue-${trouble.channel}` : trouble.kind;
}

/** A length of time in the largest whole unit: "1 minute", "3 hours", "2 days" ("less than a minute" below one). */
export function durationWords(ms: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  if (ms >= DAY_MS) return unit(Math.floor(ms / DAY_MS), "day");
  if (ms >= HOUR_MS) return unit(Math.floor(ms / HOUR_MS), "hour");
  if (ms >= MINUTE_MS) return unit(Math.floor(ms / MINUTE_MS), "minute");
  return "less than a minute";
}

/** How long ago `at` (ISO) was, at `now`: "3 hours ago". */
export function agoWords(at: string, now: Date): string {
  const ms = Math.max(0, now.getTime() - Date.parse(at));
  return ms < MINUTE_MS ? "less than a minute ago" : `${durationWords(ms)} ago`;
}

/** One trouble in a sentence, for anyone at the clinic. */
export function troubleWords(trouble: Trouble, now: Date): string {
  switch (trouble.kind) {
    case "backup":
      return trouble.lastBackupAt === null
        ? "No backup has been taken."
        : `The last backup was taken ${agoWords(trouble.lastBackupAt, now)}: backups should run every day.`;
    case "queue":
      return `${queueLabel(trouble.channel)}: a message has been waiting to go out for ${durationWords(now.getTime() - Date.parse(trouble.oldestPendingAt))}.`;
    case "disk":
      return `The data disk is almost full: ${trouble.freePercent.toFixed(1)} % free.`;
    case "failing-emails":
      return `${trouble.count} ${trouble.count === 1 ? "e-mail" : "e-mails"} could not be delivered in the last ${trouble.days} days.`;
    case "failing-texts":
      return `${trouble.count} text ${trouble.count === 1 ? "message" : "messages"} to patients failed in the last ${trouble.days} days.`;
    case "orthanc":
      return `Orthanc, where the images arrive, has not answered the site for ${durationWords(now.getTime() - Date.parse(trouble.since))}: appointments are not marked “images received” until it does.`;
  }
}
