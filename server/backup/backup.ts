import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { Decrypter, Encrypter, generateX25519Identity, identityToRecipient } from "age-encryption";
import SQLite from "better-sqlite3";
import pg from "pg";
import type { Config } from "../base/config";
import { TEMP_PREFIX, uploadsDir } from "../uploads/storage";
import { isPostgresUrl, sqlitePath } from "../db/index";
import { tarStream, untar, type TarSource } from "./tar";
import { BACKUP_SUFFIX, backupFileName, backupsDir, backupTime, fileStamp } from "./backup-names";

export { uploadsDir, BACKUP_SUFFIX, backupsDir, backupTime };

/**
 * Online, encrypted backups of the database and the referral uploads.
 *
 * A backup is one file, DATA_DIR/backups/<timestamp>.clinic-backup.age: a tar
 * archive encrypted with age to BACKUP_RECIPIENT, a public key whose private
 * identity is kept off this server, so the server that writes backups cannot
 * read them. The archive holds
 * - clinic.sqlite: SQLite's online backup API, copied in one step, so it is
 *   the database as of one moment while the server keeps writing (WAL readers
 *   do not block writers); or database.dump: pg_dump's custom format, which
 *   reads one consistent snapshot;
 * - uploads/…: the files of DATA_DIR/uploads, read after the database, so every
 *   upload row in the copy has its file (files are written before their row);
 * - manifest.json, last.
 * The database copy is made in a private staging folder (0700) beside the
 * backups and removed at once; the encrypted file is written 0600 under a
 * temporary name and renamed when complete. After each backup, old backups are
 * deleted: see keptBackups().
 */

type BackupConfig = Pick<Config, "dataDir" | "databaseUrl" | "host" | "port"> & { backups: Config["backups"] };
type RestoreConfig = Pick<Config, "dataDir" | "databaseUrl" | "host" | "port">;

const STAGING_PREFIX = ".staging-";

export interface BackupManifest {
  format: 1;
  kind: "sqlite" | "postgres";
  createdAt: string;
  database: string;
  uploads: number;
}

export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreRefused";
  }
}

export class BackupRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupRefused";
  }
}

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let n = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    n += entry.isDirectory() ? countFiles(path.join(dir, entry.name)) : 1;
  }
  return n;
}

/** A folder only its owner may enter (0700), even if it existed with another mode. */
function privateDir(dir: string): string {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  return dir;
}

/** The uploads as archive entries "uploads/<relative path>", skipping files still being received. */
function uploadSources(dir: string, prefix = "uploads"): TarSource[] {
  if (!fs.existsSync(dir)) return [];
  const sources: TarSource[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sources.push(...uploadSources(full, `${prefix}/${entry.name}`));
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
    const sources: TarSource[] = [
      { name: manifest.database, file: path.join(staging, manifest.database) },
      ...uploadSources(uploadsDir(config)),
    ];
    manifest.uploads = sources.length - 1;
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
  return { format: 1, kind, createdAt: now.toISOString(), database, uploads: 0 };
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

// --- Restore ---

/** The secret keys (AGE-SECRET-KEY-1…) in an identity file's text; comments and blank lines are skipped. */
export function parseIdentities(text: string): string[] {
  const keys = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  if (keys.length === 0 || keys.some((k) => !/^AGE-SECRET-KEY-(PQ-)?1[0-9A-Z]+$/.test(k))) {
    throw new RestoreRefused(
      "The identity file must hold an age secret key (a line AGE-SECRET-KEY-1…), as written by `npm run backup -- keygen` or age-keygen",
    );
  }
  return keys;
}

const ENTRY = /^(manifest\.json|clinic\.sqlite|database\.dump|uploads\/[\w.-]+(\/[\w.-]+)*)$/;

/**
 * Decrypts and unpacks an encrypted backup into a new private staging folder
 * inside `dataDir`, and checks it is complete. Nothing else is touched: a wrong
 * key, a damaged or truncated file all fail here. Returns the staging folder.
 */
export async function decryptBackup(file: string, identities: string[], dataDir: string): Promise<string> {
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new RestoreRefused(`No backup file at ${file}`);
  const decrypter = new Decrypter();
  for (const identity of identities) decrypter.addIdentity(identity);
  let plain: ReadableStream<Uint8Array>;
  try {
    // The header is checked before this resolves: a wrong key fails here.
    plain = await decrypter.decrypt(Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>);
  } catch (error) {
    const message = (error as Error).message;
    if (/no identity matched/i.test(message)) {
      throw new RestoreRefused(
        `${path.basename(file)} was not encrypted to this identity (wrong key?). Nothing was restored or changed.`,
      );
    }
    throw new RestoreRefused(
      `${path.basename(file)} is not a readable encrypted backup (${message}). Nothing was restored or changed.`,
    );
  }
  const staging = fs.mkdtempSync(path.join(privateDir(dataDir), ".restore-"));
  fs.chmodSync(staging, 0o700);
  try {
    await untar(plain as AsyncIterable<Uint8Array>, staging, (name) => ENTRY.test(name));
    readManifest(staging);
    return staging;
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw new RestoreRefused(
      `${path.basename(file)} could not be unpacked (${(error as Error).message}). Nothing was restored or changed.`,
    );
  }
}

export function readManifest(backupDir: string): BackupManifest {
  const file = path.join(backupDir, "manifest.json");
  if (!fs.existsSync(file)) throw new Error(`${backupDir} is not a complete backup (no manifest.json)`);
  const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as BackupManifest;
  if (manifest.format !== 1 || !fs.existsSync(path.join(backupDir, manifest.database))) {
    throw new Error(`${backupDir}: unknown backup format or missing ${manifest.database}`);
  }
  return manifest;
}

/** True when this configuration's server answers its health check. */
async function serverAnswers(config: RestoreConfig): Promise<boolean> {
  const host = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host;
  try {
    const res = await fetch(`http://${host.includes(":") ? `[${host}]` : host}:${config.port}/api/health`, {
      signal: AbortSignal.timeout(1500),
    });
    const body = (await res.json()) as { database?: unknown };
    return "database" in body;
  } catch {
    return false;
  }
}

async function targetHasData(config: RestoreConfig): Promise<boolean> {
  if (isPostgresUrl(config.databaseUrl)) {
    const client = new pg.Client({ connectionString: config.databaseUrl, connectionTimeoutMillis: 5000 });
    await client.connect();
    try {
      const { rows } = await client.query(
        "select count(*)::int as n from pg_tables where schemaname = current_schema()",
      );
      return (rows[0] as { n: number }).n > 0;
    } finally {
      await client.end();
    }
  }
  const file = sqlitePath(config);
  if (!fs.existsSync(file)) return countFiles(uploadsDir(config)) > 0;
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare("select count(*) as n from sqlite_master where type = 'table'").get() as { n: number };
    return row.n > 0 || countFiles(uploadsDir(config)) > 0;
  } finally {
    db.close();
  }
}

export interface RestoreOptions {
  /** Secret keys (AGE-SECRET-KEY-1…) to decrypt with; see parseIdentities(). */
  identities?: string[];
  force?: boolean;
  now?: Date;
}

/**
 * Restores a backup into the configured database and DATA_DIR/uploads.
 * `source` is an encrypted backup file (needs `identities`), or a plaintext
 * backup folder made before backups were encrypted. The backup is decrypted
 * and checked in full before anything is replaced. Refuses, unless `force`,
 * when a server answers on the configured port or the target already holds
 * data. Replaced uploads are kept aside in DATA_DIR/uploads.replaced-<timestamp>/.
 */
export async function restore(
  config: RestoreConfig,
  source: string,
  { identities = [], force = false, now = new Date() }: RestoreOptions = {},
): Promise<BackupManifest> {
  if (fs.existsSync(source) && fs.statSync(source).isDirectory())
    return restoreFolder(config, source, { force, now, move: false });
  if (identities.length === 0)
    throw new RestoreRefused("An encrypted backup needs the identity (private key) it was encrypted to");
  const staging = await decryptBackup(source, identities, config.dataDir);
  try {
    return await restoreFolder(config, staging, { force, now, move: true });
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

async function restoreFolder(
  config: RestoreConfig,
  backupDir: string,
  { force, now, move }: { force: boolean; now: Date; move: boolean },
): Promise<BackupManifest> {
  const manifest = readManifest(backupDir);
  const targetKind = isPostgresUrl(config.databaseUrl) ? "postgres" : "sqlite";
  if (manifest.kind !== targetKind) {
    throw new RestoreRefused(
      `This is a ${manifest.kind} backup; the configuration names a ${targetKind} database. Nothing was changed.`,
    );
  }
  if (!force) {
    if (await serverAnswers(config)) {
      throw new RestoreRefused(
        `A server is running on ${config.host}:${config.port}: stop it first, or pass --force to replace its data`,
      );
    }
    if (await targetHasData(config)) {
      throw new RestoreRefused("The target database or uploads folder already holds data: pass --force to replace it");
    }
  }

  const source = path.join(backupDir, manifest.database);
  if (manifest.kind === "postgres") {
    await runPgTool(
      "pg_restore",
      ["--clean", "--if-exists", "--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", source],
      config.databaseUrl!,
    );
  } else {
    const target = sqlitePath(config);
    fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
    // The backup API writes through SQLite's own locking, so this is safe even with
    // the server's connection open (with --force); a fresh file is simply created.
    const db = new SQLite(source, { readonly: true, fileMustExist: true });
    try {
      await db.backup(target, { progress: () => 0x7fffffff });
    } finally {
      db.close();
    }
  }

  const uploads = uploadsDir(config);
  if (fs.existsSync(uploads) && countFiles(uploads) > 0) {
    fs.renameSync(uploads, `${uploads}.replaced-${fileStamp(now)}`);
  } else {
    fs.rmSync(uploads, { recursive: true, force: true });
  }
  const saved = path.join(backupDir, "uploads");
  if (!fs.existsSync(saved)) fs.mkdirSync(uploads, { recursive: true, mode: 0o700 });
  else if (move)
    fs.renameSync(saved, uploads); // the staging folder is inside DATA_DIR: same file system
  else fs.cpSync(saved, uploads, { recursive: true });
  fs.chmodSync(uploads, 0o700);
  return manifest;
}

/** pg_dump / pg_restore: from PATH, else the newest Debian PostgreSQL install. */
export function pgTool(name: "pg_dump" | "pg_restore"): string {
  const debian = "/usr/lib/postgresql";
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir && fs.existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  if (fs.existsSync(debian)) {
    const versions = fs
      .readdirSync(debian)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions) {
      const candidate = path.join(debian, v, "bin", name);
      if (fs.existsSync(candidate)) return candidate;
    }
  }
  throw new Error(`${name} not found: install PostgreSQL's client tools (Debian: postgresql-client)`);
}

/**
 * Runs pg_dump/pg_restore against DATABASE_URL. The connection goes through
 * PG* environment variables, so the password never appears in the process list.
 */
function runPgTool(name: "pg_dump" | "pg_restore", args: string[], databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PGHOST: decodeURIComponent(url.hostname) || "localhost",
    PGPORT: url.port || "5432",
    PGUSER: decodeURIComponent(url.username),
    PGPASSWORD: decodeURIComponent(url.password),
    PGDATABASE: decodeURIComponent(url.pathname.slice(1)),
  };
  const sslmode = url.searchParams.get("sslmode");
  if (sslmode) env.PGSSLMODE = sslmode;
  const dbArg = name === "pg_restore" ? [`--dbname=${env.PGDATABASE}`] : [];
  return new Promise((resolve, reject) => {
    const child = spawn(pgTool(name), [...args, ...dbArg], { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${name} exited with ${code}: ${stderr.trim()}`)),
    );
  });
}
