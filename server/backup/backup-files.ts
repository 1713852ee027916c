import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { reportsDir, uploadsDir } from "../uploads/storage";

/* What backing up (backup.ts) and restoring (restore.ts) share: the manifest, folders, PostgreSQL's tools. */

export interface BackupManifest {
  format: 1;
  kind: "sqlite" | "postgres";
  createdAt: string;
  database: string;
  uploads: number;
  /** The report PDFs (DATA_DIR/reports); absent in backups made before they were included. */
  reports?: number;
}

/**
 * The private folders of DATA_DIR a backup holds beside the database, each
 * under its own name in the archive: the referral uploads and the signed
 * reports (decision 083). Files are written before their rows, and the
 * folders are read after the database, so every row in the copy has its file.
 */
export const FILE_FOLDERS = [
  { name: "uploads", dir: uploadsDir },
  { name: "reports", dir: reportsDir },
] as const;

/** How many files a folder holds, in all its folders. */
export function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let n = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    n += entry.isDirectory() ? countFiles(path.join(dir, entry.name)) : 1;
  }
  return n;
}

/** A folder only its owner may enter (0700), even if it existed with another mode. */
export function privateDir(dir: string): string {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  return dir;
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
export function runPgTool(name: "pg_dump" | "pg_restore", args: string[], databaseUrl: string): Promise<void> {
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
