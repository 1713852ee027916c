import crypto from "node:crypto";
import pg from "pg";

/**
 * Fresh PostgreSQL databases for tests. TEST_DATABASE_URL names a role that
 * may CREATE DATABASE (any database on the server works as the admin
 * connection); each test file or run gets its own database, dropped after.
 */

const NAME = /^[a-z][a-z0-9_]{0,62}$/;

/** The URL of database `name` on the same server, as the same role. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Lets no one connect to database `name` again, so that it can serve as a template at any time. */
export async function closeToConnections(adminUrl: string, name: string): Promise<void> {
  if (!NAME.test(name)) throw new Error(`invalid database name ${name}`);
  await withAdmin(adminUrl, (c) => c.query(`alter database "${name}" with allow_connections false`));
}

export interface TestDatabase {
  name: string;
  url: string;
  drop: () => Promise<void>;
}

/**
 * A new database, empty or a copy of `template` (a database no one is connected to: PostgreSQL copies
 * it file by file, far faster than running the migrations again). From PostgreSQL 15 on the copy is
 * asked for as files (STRATEGY FILE_COPY), as before 15: 15's default writes every page of the
 * template, system catalogues included, through the write-ahead log, which cost the server seven
 * times the CPU (20 copies of an empty database: 2.9 s against 0.4 s), for durability a test
 * database does not need.
 */
export async function createTestDatabase(adminUrl: string, prefix = "test", template?: string): Promise<TestDatabase> {
  const name = `${prefix}_${crypto.randomBytes(6).toString("hex")}`;
  if (!NAME.test(name)) throw new Error(`invalid database name ${name}`);
  if (template !== undefined && !NAME.test(template)) throw new Error(`invalid template name ${template}`);
  await withAdmin(adminUrl, async (c) => {
    const { rows } = await c.query<{ server_version_num: string }>("show server_version_num");
    const strategy = Number(rows[0]?.server_version_num) >= 150_000 ? " strategy file_copy" : "";
    await c.query(`create database "${name}"${template ? ` template "${template}"` : ""}${strategy}`);
  });
  return { name, url: databaseUrl(adminUrl, name), drop: () => dropTestDatabase(adminUrl, name) };
}

/**
 * Drops a test database, ending any connection still open to it. PostgreSQL 15
 * refuses `with (force)` (42501) while an autovacuum worker is in that database
 * and the role lacks pg_signal_backend (.ci/run grants it): then wait until no
 * autovacuum worker is left there, at most 30 s, and drop it.
 */
export async function dropTestDatabase(adminUrl: string, name: string): Promise<void> {
  if (!NAME.test(name)) throw new Error(`invalid database name ${name}`);
  await withAdmin(adminUrl, async (c) => {
    const drop = () => c.query(`drop database if exists "${name}" with (force)`);
    try {
      await drop();
    } catch (error) {
      if ((error as { code?: string }).code !== "42501") throw error;
      const deadline = Date.now() + 30_000;
      const vacuuming = async () =>
        (
          await c.query("select 1 from pg_stat_activity where datname = $1 and backend_type = 'autovacuum worker'", [
            name,
          ])
        ).rowCount! > 0;
      while ((await vacuuming()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      await drop();
    }
  });
}
