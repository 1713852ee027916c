import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect, sql, type MigrationProvider } from "kysely";
import type { Config } from "../config";
import { migrations } from "./migrations/index";
import type { Database } from "./schema";

export type Db = Kysely<Database>;

export function sqlitePath(config: Pick<Config, "dataDir" | "databaseUrl">): string {
  if (config.databaseUrl?.startsWith("sqlite:")) {
    return config.databaseUrl.slice("sqlite:".length);
  }
  return path.join(config.dataDir, "clinic.sqlite");
}

/** Opens the database named by the configuration (SQLite by default). */
export function openDb(config: Pick<Config, "dataDir" | "databaseUrl">): Db {
  if (config.databaseUrl && !config.databaseUrl.startsWith("sqlite:")) {
    throw new Error("DATABASE_URL: PostgreSQL support is not built yet; unset it to use SQLite");
  }
  const file = sqlitePath(config);
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new SQLite(file);
  database.pragma("journal_mode = WAL");
  database.pragma("synchronous = FULL");
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 5000");
  return new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Runs every pending migration; throws if one fails. */
export async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}

/** True when a trivial query succeeds. */
export async function ping(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
