import fs from "node:fs/promises";
import path from "node:path";
import type { Config } from "../base/config";

/**
 * Where backups are and how their files are named: DATA_DIR/backups/
 * <timestamp>.clinic-backup.age, the time the database copy was taken. Apart
 * from server/backup/backup.ts so that the server, which reads when the last
 * backup was made (decision 033), loads none of the backup's own libraries.
 */

export const BACKUP_SUFFIX = ".clinic-backup.age";

export function backupsDir(config: Pick<Config, "dataDir">): string {
  return path.join(config.dataDir, "backups");
}

/** A moment as file names here spell it (ISO 8601 with "-" for ":" and "."). */
export function fileStamp(now: Date): string {
  return now.toISOString().replace(/[:.]/g, "-");
}

/** A backup file's name for a copy taken at `now`. */
export function backupFileName(now: Date): string {
  return `${fileStamp(now)}${BACKUP_SUFFIX}`;
}

const STAMPED = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.clinic-backup\.age$/;

/** When a backup file was made, from its name; undefined for other files. */
export function backupTime(name: string): Date | undefined {
  const m = STAMPED.exec(name);
  if (!m) return undefined;
  const time = new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`);
  return Number.isNaN(time.getTime()) ? undefined : time;
}

/**
 * When the newest complete backup in DATA_DIR/backups was taken, or undefined
 * when there is none. A backup is written under a temporary name and renamed
 * once whole, so only finished backups have a backup's name.
 */
export async function lastBackupTime(config: Pick<Config, "dataDir">): Promise<Date | undefined> {
  const names = await fs.readdir(backupsDir(config)).catch(() => [] as string[]);
  let newest: Date | undefined;
  for (const name of names) {
    const time = backupTime(name);
    if (time && (!newest || time > newest)) newest = time;
  }
  return newest;
}
