import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, SqliteDialect, sql, type MigrationProvider } from "kysely";
import type * as Pg from "pg";
import type { Config } from "../base/config";
import { ensurePrivateDirSync, securePrivateFiles, touchPrivateFileSync } from "../base/private-files";
import { migrations } from "./migrations/index";
import { GroupCommitSqliteDialect, type GroupCommitOptions } from "./sqlite";
import { cachedStatements } from "./statement-cache";
import type { Database } from "./schema";

export type Db = Kysely<Database>;

/** The pg pool behind each PostgreSQL database openDb made (for the metrics' pool gauges). */
const pools = new WeakMap<Db, Pg.Pool>();

/** How a PostgreSQL database's connection pool is used now; undefined on SQLite (one connection, no pool). */
export function poolUse(db: Db): { total: number; idle: number; waiting: number; max: number } | undefined {
  const pool = pools.get(db);
  if (!pool) return undefined;
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max };
}

/** SQLite's temporary storage as openDb sets it (tempOnFile sets it back). */
const TEMP_STORE = "MEMORY";

export function sqlitePath(config: Pick<Config, "dataDir" | "databaseUrl">): string {
  if (config.databaseUrl?.startsWith("sqlite:")) {
    return config.databaseUrl.slice("sqlite:".length);
  }
  return path.join(config.dataDir, "clinic.sqlite");
}

/** True when DATABASE_URL names a PostgreSQL server. */
export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

/**
 * The mark openDb puts on a PostgreSQL connection's adapter. A registered
 * symbol, because the server and the pages are two bundles, each with its
 * own copy of Kysely: a database opened by one is not an `instanceof` the
 * other's PostgresAdapter (the pages' erasure then ran SQLite's compaction on
 * PostgreSQL, and the audit log's per-person lock was skipped).
 */
const POSTGRES_MARK = Symbol.for("clinic.db.postgres");

/** True when the open database is PostgreSQL (for the rare dialect-specific statement), whichever bundle asks. */
export function isPostgres<T>(db: Kysely<T>): boolean {
  const adapter = db.getExecutor().adapter as object & { [POSTGRES_MARK]?: boolean };
  return adapter instanceof PostgresAdapter || adapter[POSTGRES_MARK] === true;
}

/** How long a write on SQLite waits for another connection's write lock before it fails (busy_timeout). */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

export interface SqliteOptions extends GroupCommitOptions {
  /** SQLITE_BUSY_TIMEOUT_MS by default; outage tests shorten it rather than wait 5 s a request. */
  busyTimeoutMs?: number;
}

/**
 * Opens the database named by the configuration: SQLite in DATA_DIR by
 * default, PostgreSQL when DATABASE_URL is postgres://… (a pg connection
 * pool; connections are made on first use, so this stays synchronous).
 * On SQLite, `sqliteGroupCommit: false` (SQLITE_GROUP_COMMIT) runs Kysely's own
 * dialect instead of the group-commit driver (decision 054); left out, it is on.
 * The second argument tunes SQLite: how long a write waits for another
 * connection's lock, and the group-commit driver (tests make its log's sync fail).
 */
export function openDb(
  config: Pick<Config, "dataDir" | "databaseUrl"> & Partial<Pick<Config, "sqliteGroupCommit">>,
  { busyTimeoutMs = SQLITE_BUSY_TIMEOUT_MS, ...groupCommit }: SqliteOptions = {},
): Db {
  if (isPostgresUrl(config.databaseUrl)) {
    // pg (CommonJS) loads only when PostgreSQL is configured, synchronously so this stays so.
    const pg = createRequire(import.meta.url)("pg") as typeof Pg;
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    // An idle client losing its connection (server restart) must not crash the process.
    pool.on("error", () => {});
    // Nor may a client in use: pg also emits "error" on it when its connection drops
    // (the pool listens only while a client is idle); the query in flight still fails,
    // and the public endpoints answer that failure with 503 (server/requests/unavailable.ts).
    pool.on("connect", (client) => client.on("error", () => {}));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    Object.defineProperty(db.getExecutor().adapter, POSTGRES_MARK, { value: true });
    pools.set(db, pool);
    return db;
  }
  const file = sqlitePath(config);
  // The database holds patients' data: 0600 before SQLite opens it (its -wal and -shm copy that mode).
  const folder = path.dirname(path.resolve(file));
  if (!fs.existsSync(folder) || folder === path.resolve(config.dataDir)) ensurePrivateDirSync(folder);
  touchPrivateFileSync(file);
  securePrivateFiles([`${file}-wal`, `${file}-shm`, `${file}-journal`]);
  const database = new SQLite(file);
  database.pragma("journal_mode = WAL");
  // A commit is on disk before it is answered: in WAL mode the driver syncs the log itself, off the
  // event loop, and lowers this to NORMAL (server/db/sqlite.ts, decision 036).
  database.pragma("synchronous = FULL");
  database.pragma("foreign_keys = ON");
  database.pragma(`busy_timeout = ${busyTimeoutMs}`);
  // SQLite's own default page cache (2 MB), not better-sqlite3's 16 MB: the server reads by index, and
  // the operating system caches the file anyway; a full cache was 14 MB of resident memory (decision 036).
  database.pragma("cache_size = -2000");
  // Temporary storage in memory: each transaction is a savepoint in a group's real transaction
  // (server/db/sqlite.ts), so SQLite keeps the pages a savepoint changes in a statement journal,
  // some 80 KB a booking, which on file cost about 60 writes a booking (decision 036). What grows with
  // the database stays on file (tempOnFile: VACUUM's copy of it, the migrations).
  database.pragma(`temp_store = ${TEMP_STORE}`);
  // A checkpoint (copying the log into the database) every 4,000 pages of log, not SQLite's 1,000:
  // it runs on the event loop and syncs twice, and a booking rewrites the same few pages (the
  // tables' and indexes' last ones), so fewer, larger checkpoints copy less (decision 036).
  database.pragma("wal_autocheckpoint = 4000");
  if (config.sqliteGroupCommit === false) {
    // Kysely's own driver, one statement at a time on the event loop, each commit synced by SQLite
    // (synchronous = FULL stays); only the statements are kept, as Kysely prepares every query it runs.
    const prepare = cachedStatements(database);
    return new Kysely<Database>({
      dialect: new SqliteDialect({ database: { prepare, close: () => database.close() } }),
    });
  }
  // Kept statements and group commit (server/db/sqlite.ts, decision 036).
  return new Kysely<Database>({ dialect: new GroupCommitSqliteDialect(database, groupCommit) });
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

export interface MigrateOptions {
  /** Called once, on SQLite, when another process holds the migration lock, before this one waits for it. */
  onLockWait?: () => void;
}

/**
 * Runs every pending migration; throws if one fails. Instances starting
 * together migrate once, one after the other; the later ones find nothing to
 * do. On PostgreSQL, Kysely's Migrator takes a session advisory lock
 * (pg_advisory_lock, waiting up to an hour) and runs the pending migrations in
 * one transaction (tests/integration/postgres.test.ts checks this). On SQLite
 * its lock is a no-op, so processes sharing the file serialise on an exclusive
 * lock of a small companion file (<database>.migrate-lock), which the
 * operating system releases if a process dies.
 */
export async function migrate(db: Db, { onLockWait }: MigrateOptions = {}): Promise<void> {
  const unlock = isPostgres(db) ? undefined : await lockSqliteMigrations(db, onLockWait);
  try {
    const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
    // A migration may rewrite whole tables: SQLite's journal of what it changes stays on file.
    const { error, results } = await (isPostgres(db)
      ? migrator.migrateToLatest()
      : tempOnFile(db, () => migrator.migrateToLatest()));
    const failed = results?.find((r) => r.status === "Error");
    if (error || failed) {
      throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
    }
  } finally {
    unlock?.();
  }
}

/**
 * How many of this build's migrations the database has not run (Kysely's
 * table kysely_migration lists those it ran). Throws when the database does
 * not answer, or has never been migrated.
 */
export async function pendingMigrations(db: Db): Promise<number> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const ran = new Set(rows.map((r) => r.name));
  return Object.keys(migrations).filter((name) => !ran.has(name)).length;
}

async function lockSqliteMigrations(db: Db, onLockWait?: () => void): Promise<(() => void) | undefined> {
  const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(db);
  const file = rows.find((r) => r.name === "main")?.file;
  if (!file) return undefined; // in-memory database: nobody to race with
  touchPrivateFileSync(`${file}.migrate-lock`);
  const lock = new SQLite(`${file}.migrate-lock`);
  try {
    if (!tryExclusive(lock)) {
      onLockWait?.();
      lock.pragma("busy_timeout = 120000");
      lock.exec("begin exclusive");
    }
  } catch (error) {
    lock.close();
    throw error;
  }
  return () => {
    lock.exec("rollback");
    lock.close();
  };
}

/** Takes the exclusive lock if nobody holds it, without waiting; false when another connection holds it. */
function tryExclusive(lock: SQLite.Database): boolean {
  lock.pragma("busy_timeout = 0");
  try {
    lock.exec("begin exclusive");
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === "SQLITE_BUSY") return false;
    throw error;
  }
}

/** Which database engine answers, and its version (the manager's system page shows them). */
export async function databaseVersion(db: Db): Promise<{ kind: "SQLite" | "PostgreSQL"; version: string }> {
  if (isPostgres(db)) {
    const { rows } = await sql<{ server_version: string }>`show server_version`.execute(db);
    return { kind: "PostgreSQL", version: rows[0]?.server_version ?? "" };
  }
  const { rows } = await sql<{ version: string }>`select sqlite_version() as version`.execute(db);
  return { kind: "SQLite", version: rows[0]?.version ?? "" };
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

/**
 * Rebuilds a SQLite database file (VACUUM) and empties its write-ahead log,
 * so deleted rows no longer linger in free pages or the log. SQLite only.
 * VACUUM builds its copy of the database in temporary storage, on file
 * (tempOnFile).
 */
export async function compactSqlite(db: Db): Promise<void> {
  await tempOnFile(db, () => sql`VACUUM`.execute(db));
  await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
}

/**
 * Runs `work` with SQLite's temporary storage on file, then in memory again
 * (openDb): for work whose temporary storage grows with the database (VACUUM's
 * copy of it, a migration's journal of a whole table), which in memory would
 * hold that much more. SQLite only.
 */
async function tempOnFile<T>(db: Db, work: () => Promise<T>): Promise<T> {
  await sql`PRAGMA temp_store = FILE`.execute(db);
  try {
    return await work();
  } finally {
    await sql.raw(`PRAGMA temp_store = ${TEMP_STORE}`).execute(db);
  }
}
