import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import type { Config } from "../config";
import { isPostgresUrl, sqlitePath } from "./index";

/**
 * Online backups and restores of the database and the referral uploads.
 *
 * A backup is a folder DATA_DIR/backups/<timestamp>/ holding
 * - clinic.sqlite: SQLite's online backup API, copied in one step, so it is
 *   the database as of one moment while the server keeps writing (WAL readers
 *   do not block writers); or database.dump: pg_dump's custom format, which
 *   reads one consistent snapshot;
 * - uploads/: a copy of DATA_DIR/uploads, taken after the database, so every
 *   upload row in the copy has its file (files are written before their row);
 * - manifest.json, written last: a folder without it is incomplete.
 */

type BackupConfig = Pick<Config, "dataDir" | "databaseUrl" | "host" | "port">;

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

export function uploadsDir(config: Pick<Config, "dataDir">): string {
  return path.join(config.dataDir, "uploads");
}

function stamp(now: Date): string {
  return now.toISOString().replace(/[:.]/g, "-");
}

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let n = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    n += entry.isDirectory() ? countFiles(path.join(dir, entry.name)) : 1;
  }
  return n;
}

/** Makes a consistent online backup; returns its folder. */
export async function backup(config: BackupConfig, now = new Date()): Promise<string> {
  const dir = path.join(config.dataDir, "backups", stamp(now));
  fs.mkdirSync(dir, { recursive: true });
  try {
    return await writeBackup(config, dir, now);
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true }); // never leave a half-made backup behind
    throw error;
  }
}

async function writeBackup(config: BackupConfig, dir: string, now: Date): Promise<string> {
  const kind = isPostgresUrl(config.databaseUrl) ? "postgres" : "sqlite";
  let database: string;
  if (kind === "postgres") {
    database = "database.dump";
    await runPgTool("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${path.join(dir, database)}`], config.databaseUrl!);
  } else {
    database = "clinic.sqlite";
    const file = sqlitePath(config);
    if (!fs.existsSync(file)) throw new Error(`No database at ${file}`);
    const source = new SQLite(file, { fileMustExist: true });
    try {
      source.pragma("busy_timeout = 5000");
      // All remaining pages in one step: one read transaction, so the copy is one
      // moment's state and is never restarted by the server's writes.
      await source.backup(path.join(dir, database), { progress: () => 0x7fffffff });
    } finally {
      source.close();
    }
  }
  const uploads = uploadsDir(config);
  if (fs.existsSync(uploads)) fs.cpSync(uploads, path.join(dir, "uploads"), { recursive: true });
  const manifest: BackupManifest = { format: 1, kind, createdAt: now.toISOString(), database, uploads: countFiles(uploads) };
  fs.writeFileSync(path.join(dir, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
  return dir;
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
async function serverAnswers(config: BackupConfig): Promise<boolean> {
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

async function targetHasData(config: BackupConfig): Promise<boolean> {
  if (isPostgresUrl(config.databaseUrl)) {
    const client = new pg.Client({ connectionString: config.databaseUrl, connectionTimeoutMillis: 5000 });
    await client.connect();
    try {
      const { rows } = await client.query("select count(*)::int as n from pg_tables where schemaname = current_schema()");
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

/**
 * Restores a backup into the configured database and DATA_DIR/uploads.
 * Refuses, unless `force`, when a server answers on the configured port or
 * the target already holds data. Replaced uploads are kept aside in
 * DATA_DIR/uploads.replaced-<timestamp>/.
 */
export async function restore(config: BackupConfig, backupDir: string, { force = false, now = new Date() } = {}): Promise<BackupManifest> {
  const manifest = readManifest(backupDir);
  const targetKind = isPostgresUrl(config.databaseUrl) ? "postgres" : "sqlite";
  if (manifest.kind !== targetKind) {
    throw new Error(`This is a ${manifest.kind} backup; the configuration names a ${targetKind} database`);
  }
  if (!force) {
    if (await serverAnswers(config)) {
      throw new RestoreRefused(`A server is running on ${config.host}:${config.port}: stop it first, or pass --force to replace its data`);
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
    fs.renameSync(uploads, `${uploads}.replaced-${stamp(now)}`);
  } else {
    fs.rmSync(uploads, { recursive: true, force: true });
  }
  const saved = path.join(backupDir, "uploads");
  if (fs.existsSync(saved)) fs.cpSync(saved, uploads, { recursive: true });
  else fs.mkdirSync(uploads, { recursive: true });
  return manifest;
}

/** pg_dump / pg_restore: from PATH, else the newest Debian PostgreSQL install. */
export function pgTool(name: "pg_dump" | "pg_restore"): string {
  const debian = "/usr/lib/postgresql";
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir && fs.existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  if (fs.existsSync(debian)) {
    const versions = fs.readdirSync(debian).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
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
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${name} exited with ${code}: ${stderr.trim()}`))));
  });
}
