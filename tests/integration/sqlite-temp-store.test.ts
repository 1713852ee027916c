import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/base/config";
import { compactSqlite, migrate, openDb, type Db } from "../../server/db/index";

/**
 * SQLite's temporary storage is in memory (openDb: the savepoints' statement
 * journals, decision 036), but VACUUM's copy of the whole database is not:
 * compacting must not hold the database twice in memory (nor may a
 * migration's journal of a whole table: both run with it on file). SQLite only.
 */
describe.skipIf(process.env.TEST_DATABASE_URL)("SQLite's temporary storage", () => {
  let dataDir: string;
  let db: Db;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-temp-store-"));
    db = openDb(loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent" }));
    await migrate(db); // on file while it runs, in memory after
  });
  afterAll(async () => {
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The process's peak resident memory so far, in MB. */
  const peakMb = () => Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync("/proc/self/status", "utf8"))![1]) / 1024;
  const tempStore = async () => (await sql<{ temp_store: number }>`pragma temp_store`.execute(db)).rows[0]!.temp_store;

  it("is in memory, and VACUUM copies the database on file, not in memory", async () => {
    expect(await tempStore()).toBe(2); // MEMORY
    await sql`create table filler (id integer primary key, v blob)`.execute(db);
    await sql`insert into filler (v)
      with recursive n(i) as (select 1 union all select i + 1 from n where i < 48000)
      select randomblob(1000) from n`.execute(db);
    const databaseMb = fs.statSync(path.join(dataDir, "clinic.sqlite")).size / 1048576;
    const walMb = fs.statSync(path.join(dataDir, "clinic.sqlite-wal")).size / 1048576;
    expect(databaseMb + walMb).toBeGreaterThan(40);

    const before = peakMb();
    await compactSqlite(db);
    expect(peakMb() - before).toBeLessThan(20);
    expect(await tempStore()).toBe(2);
  });
});
