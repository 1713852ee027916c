import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { Decrypter } from "age-encryption";
import SQLite from "better-sqlite3";
import pg from "pg";
import type { Config } from "../base/config";
import { isPostgresUrl, sqlitePath } from "../db/index";
import { untar } from "./tar";
import { fileStamp } from "./backup-names";
import { countFiles, FILE_FOLDERS, privateDir, runPgTool, type BackupManifest } from "./backup-files";

/*
 * Restoring a backup (backup.ts writes them): decrypted and checked in full
 * in a private staging folder before anything of the target is replaced.
 */

type RestoreConfig = Pick<Config, "dataDir" | "databaseUrl" | "host" | "port">;

export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreRefused";
  }
}

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

const ENTRY = /^(manifest\.json|clinic\.sqlite|database\.dump|(uploads|reports)\/[\w.-]+(\/[\w.-]+)*)$/;

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
  const files = FILE_FOLDERS.some((folder) => countFiles(folder.dir(config)) > 0);
  if (!fs.existsSync(file)) return files;
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare("select count(*) as n from sqlite_master where type = 'table'").get() as { n: number };
    return row.n > 0 || files;
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
 * Restores a backup into the configured database, DATA_DIR/uploads and
 * DATA_DIR/reports.
 * `source` is an encrypted backup file (needs `identities`), or a plaintext
 * backup folder made before backups were encrypted. The backup is decrypted
 * and checked in full before anything is replaced. Refuses, unless `force`,
 * when a server answers on the configured port or the target already holds
 * data. Replaced files are kept aside in DATA_DIR/uploads.replaced-<timestamp>/
 * (and reports.replaced-…).
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
      throw new RestoreRefused(
        "The target database, uploads or reports folder already holds data: pass --force to replace it",
      );
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

  for (const folder of FILE_FOLDERS) {
    const dir = folder.dir(config);
    if (fs.existsSync(dir) && countFiles(dir) > 0) {
      fs.renameSync(dir, `${dir}.replaced-${fileStamp(now)}`);
    } else {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const saved = path.join(backupDir, folder.name);
    if (!fs.existsSync(saved)) fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    else if (move)
      fs.renameSync(saved, dir); // the staging folder is inside DATA_DIR: same file system
    else fs.cpSync(saved, dir, { recursive: true });
    fs.chmodSync(dir, 0o700);
  }
  return manifest;
}
