import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { Encrypter, generateX25519Identity, identityToRecipient } from "age-encryption";
import SQLite from "better-sqlite3";
import type { Config } from "../base/config";
import { TEMP_PREFIX, uploadsDir } from "../uploads/storage";
import { isPostgresUrl, sqlitePath } from "../db/index";
import { tarStream, type TarSource } from "./tar";
import { BACKUP_SUFFIX, backupFileName, backupsDir, backupTime } from "./backup-names";
import { FILE_FOLDERS, privateDir, runPgTool, type BackupManifest } from "./backup-files";

export { uploadsDir, BACKUP_SUFFIX, backupsDir, backupTime };

/**
 * Online, encrypted backups of the database, the referral uploads and the
 * signed reports.
 *
 * A backup is one file, DATA_DIR/backups/<timestamp>.clinic-backup.age: a tar
 * archive encrypted with age to BACKUP_RECIPIENT, a public key whose private
 * identity is kept off this server, so the server that writes backups cannot
 * read them. The archive holds
 * - clinic.sqlite: SQLite's online backup API, copied in one step, so it is
 *   the database as of one moment while the server keeps writing (WAL readers
 *   do not block writers); or database.dump: pg_dump's custom format, which
 *   reads one consistent snapshot;
 * - uploads/… and reports/…: the files of DATA_DIR/uploads and DATA_DIR/reports
 *   (FILE_FOLDERS), read after the database, so every upload or report row in
 *   the copy has its file (files are written before their row);
 * - manifest.json, last.
 * The database copy is made in a private staging folder (0700) beside the
 * backups and removed at once; the encrypted file is written 0600 under a
 * temporary name and renamed when complete. After each backup, old backups are
 * deleted: see keptBackups(). Restoring one: restore.ts.
 */

type BackupConfig = Pick<Config, "dataDir" | "databaseUrl" | "host" | "port"> & { backups: Config["backups"] };

const STAGING_PREFIX = ".staging-";

export class BackupRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupRefused";
  }
}

/** A folder's files as archive entries "<prefix>/<relative path>", skipping files still being received. */
function folderSources(dir: string, prefix: string): TarSource[] {
  if (!fs.existsSync(dir)) return [];
  const sources: TarSource[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sources.push(...folderSources(full, `${prefix}/${entry.name}`));
    else if (entry.isFile() && !entry.name.startsWith(TEMP_PREFIX))
      sources.push({ name: `${prefix}/${entry.name}`, file: full });
  }
  return sources;
}

/** A new key pair for backups: the identity file's text (keep it off the server) and its public key. */
export async function newBackupKey(now = new Date()): Promise<{ identityFile: string; recipient: string }> {
  const identity = await generateX25519Identity();
  const recipient = await identityToRecipient(identity);
  return { identityFile: `# created: ${now.toISOString()}\n# public key: ${recipient}\n${identity}\n`, recipient };
}

/**
 * Makes a consistent online backup, encrypted to config.backups.recipient, then
 * deletes the backups rotation no longer keeps. Returns the new file and the deleted ones.
 */
export async function backup(config: BackupConfig, now = new Date()): Promise<{ file: string; deleted: string[] }> {
  const recipient = config.backups.recipient;
  if (!recipient) {
    throw new BackupRefused(
      "BACKUP_RECIPIENT is not set: backups are encrypted to an age public key (age1…). " +
        "Make a key pair on another machine (`npm run backup -- keygen > backup-identity.txt`), keep that file safe and off this server, " +
        "and set BACKUP_RECIPIENT to the public key it names. No backup was written.",
    );
  }
  const encrypter = new Encrypter();
  try {
    encrypter.addRecipient(recipient);
  } catch (error) {
    throw new BackupRefused(
      `BACKUP_RECIPIENT is not a usable age public key (${(error as Error).message}). No backup was written.`,
    );
  }

  const dir = privateDir(backupsDir(config));
  const file = path.join(dir, backupFileName(now));
  const partial = `${file}.partial`;
  const staging = fs.mkdtempSync(path.join(dir, STAGING_PREFIX));
  fs.chmodSync(staging, 0o700);
  try {
    const manifest = await snapshotDatabase(config, staging, now);
    const sources: TarSource[] = [{ name: manifest.database, file: path.join(staging, manifest.database) }];
    for (const folder of FILE_FOLDERS) {
      const files = folderSources(folder.dir(config), folder.name);
      manifest[folder.name] = files.length;
      sources.push(...files);
    }
    sources.push({ name: "manifest.json", data: Buffer.from(JSON.stringify(manifest, null, 2) + "\n") });

    const plain = tarStream(sources);
    const input = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await plain.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel() {
        await plain.return(undefined);
      },
    });
    const encrypted = await encrypter.encrypt(input);
    await pipeline(
      Readable.fromWeb(encrypted as NodeReadableStream<Uint8Array>),
      fs.createWriteStream(partial, { flags: "wx", mode: 0o600 }),
    );
    fs.chmodSync(partial, 0o600);
    fs.renameSync(partial, file);
  } catch (error) {
    fs.rmSync(partial, { force: true }); // never leave a half-made backup behind
    throw error;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  return { file, deleted: rotateBackups(dir, config.backups, now) };
}

/** The database as of one moment, into `staging`. */
async function snapshotDatabase(config: BackupConfig, staging: string, now: Date): Promise<BackupManifest> {
  const kind = isPostgresUrl(config.databaseUrl) ? "postgres" : "sqlite";
  let database: string;
  if (kind === "postgres") {
    database = "database.dump";
    await runPgTool(
      "pg_dump",
      ["--format=custom", "--no-owner", "--no-privileges", `--file=${path.join(staging, database)}`],
      config.databaseUrl!,
    );
  } else {
    database = "clinic.sqlite";
    const file = sqlitePath(config);
    if (!fs.existsSync(file)) throw new Error(`No database at ${file}`);
    const source = new SQLite(file, { fileMustExist: true });
    try {
      source.pragma("busy_timeout = 5000");
      // All remaining pages in one step: one read transaction, so the copy is one
      // moment's state and is never restarted by the server's writes.
      await source.backup(path.join(staging, database), { progress: () => 0x7fffffff });
    } finally {
      source.close();
    }
  }
  return { format: 1, kind, createdAt: now.toISOString(), database, uploads: 0, reports: 0 };
}

// --- Rotation ---

/** ISO 8601 week of a UTC date, as "YYYY-Www". */
function isoWeek(date: Date): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - weekday); // the Thursday of this week decides its year
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

/**
 * Which backups to keep (as restic's --keep-daily/--keep-weekly): the newest
 * backup of each of the `keepDaily` most recent UTC days that have one, and the
 * newest of each of the `keepWeekly` most recent ISO weeks that have one (the
 * two sets overlap). Days without a backup do not count, so a pause in backups
 * never deletes the last good ones.
 */
export function keptBackups(
  names: string[],
  { keepDaily, keepWeekly }: Pick<Config["backups"], "keepDaily" | "keepWeekly">,
): Set<string> {
  const dated = names
    .map((name) => ({ name, time: backupTime(name) }))
    .filter((b): b is { name: string; time: Date } => b.time !== undefined)
    .sort((a, b) => b.time.getTime() - a.time.getTime());
  const kept = new Set<string>();
  const pick = (count: number, period: (d: Date) => string) => {
    const seen = new Set<string>();
    for (const b of dated) {
      const key = period(b.time);
      if (seen.has(key)) continue;
      if (seen.size >= count) break;
      seen.add(key);
      kept.add(b.name);
    }
  };
  pick(keepDaily, (d) => d.toISOString().slice(0, 10));
  pick(keepWeekly, isoWeek);
  return kept;
}

/**
 * Deletes the backups in `dir` that keptBackups() does not keep, and staging
 * folders or partial files a crashed backup left more than a day ago. Other
 * files are left alone. Returns the deleted names.
 */
export function rotateBackups(
  dir: string,
  keep: Pick<Config["backups"], "keepDaily" | "keepWeekly">,
  now = new Date(),
): string[] {
  if (!fs.existsSync(dir)) return [];
  const names = fs.readdirSync(dir);
  const kept = keptBackups(names, keep);
  const deleted: string[] = [];
  for (const name of names) {
    const full = path.join(dir, name);
    const stale =
      (name.startsWith(STAGING_PREFIX) || name.endsWith(`${BACKUP_SUFFIX}.partial`)) &&
      now.getTime() - fs.statSync(full).mtimeMs > 86_400_000;
    if ((backupTime(name) && !kept.has(name)) || stale) {
      fs.rmSync(full, { recursive: true, force: true });
      deleted.push(name);
    }
  }
  return deleted.sort();
}

/** Folders in the backups folder written before backups were encrypted (plaintext: delete them). */
export function unencryptedBackups(config: Pick<Config, "dataDir">): string[] {
  const dir = backupsDir(config);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter(
      (e) =>
        e.isDirectory() && !e.name.startsWith(STAGING_PREFIX) && fs.existsSync(path.join(dir, e.name, "manifest.json")),
    )
    .map((e) => path.join(dir, e.name));
}
