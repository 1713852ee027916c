import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Config } from "./config";

/**
 * Personal data on disk is readable by the server's own user only: files
 * 0600 in folders 0700 (decision 009, docs/privacy-retention.md). Modes are set
 * explicitly with chmod after creating, never left to the umask, and
 * securePrivateTree() fixes what an older version left at start-up.
 */

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** Creates `dir` (and missing parents) and makes `dir` itself 0700. */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await fsp.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await fsp.chmod(dir, PRIVATE_DIR_MODE);
}

export function ensurePrivateDirSync(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Writes a new file (refusing to overwrite one) with mode 0600. */
export async function writePrivateFile(file: string, data: Buffer | string): Promise<void> {
  await fsp.writeFile(file, data, { flag: "wx", mode: PRIVATE_FILE_MODE });
  await fsp.chmod(file, PRIVATE_FILE_MODE);
}

/**
 * Makes sure `file` exists with mode 0600, creating it empty if missing, so a
 * library that opens it later (SQLite: its -wal and -shm files copy the
 * database file's mode) never creates it with the umask's mode.
 */
export function touchPrivateFileSync(file: string): void {
  fs.closeSync(fs.openSync(file, "a", PRIVATE_FILE_MODE));
  fs.chmodSync(file, PRIVATE_FILE_MODE);
}

/** chmod that ignores a file that is gone. */
function chmodIfPresent(file: string, mode: number): void {
  try {
    fs.chmodSync(file, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

/**
 * Start-up repair: `dir` becomes 0700, and with `recursive`, every folder
 * below it 0700 and every file 0600. Symbolic links are left alone (never
 * followed), so a link cannot make this chmod a file elsewhere.
 */
export function securePrivateTree(dir: string, { recursive = true }: { recursive?: boolean } = {}): void {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  if (!stat.isDirectory()) return;
  chmodIfPresent(dir, PRIVATE_DIR_MODE);
  if (!recursive) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) securePrivateTree(full);
    else if (entry.isFile()) chmodIfPresent(full, PRIVATE_FILE_MODE);
  }
}

/** Makes existing files 0600 (those that exist; the rest are skipped). */
export function securePrivateFiles(files: string[]): void {
  for (const file of files) {
    try {
      if (fs.lstatSync(file).isFile()) fs.chmodSync(file, PRIVATE_FILE_MODE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
}

/**
 * At start-up: DATA_DIR becomes 0700, and the uploads and both outboxes below it
 * are made 0700 folders of 0600 files, whatever an earlier version or umask
 * left (the SQLite files are fixed when the database is opened, and backups
 * by the backup code).
 */
export function securePrivateData(config: Pick<Config, "dataDir">): void {
  ensurePrivateDirSync(config.dataDir);
  for (const sub of ["uploads", "reports", "outbox", "sms-outbox"]) securePrivateTree(path.join(config.dataDir, sub));
}
