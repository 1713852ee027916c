import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/base/config";
import { migrate, openDb, type Db } from "../../server/db/index";

const opened: { db: Db; dir: string }[] = [];
afterEach(async () => {
  for (const { db, dir } of opened.splice(0)) {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

async function open(env: Record<string, string>): Promise<Db> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-sqlite-mode-"));
  const db = openDb(loadConfig({ NODE_ENV: "test", DATA_DIR: dir, LOG_LEVEL: "silent", ...env }));
  opened.push({ db, dir });
  await migrate(db);
  return db;
}

const synchronous = async (db: Db) => (await sql<{ synchronous: number }>`pragma synchronous`.execute(db)).rows[0];

describe("SQLITE_GROUP_COMMIT (decision 054)", () => {
  it("is on by default: our driver, which syncs the log itself and lowers SQLite's own syncing to NORMAL", async () => {
    const db = await open({});
    expect(loadConfig({ NODE_ENV: "test" }).sqliteGroupCommit).toBe(true);
    expect(await synchronous(db)).toEqual({ synchronous: 1 });
  });

  it("set to false, runs Kysely's own dialect, with SQLite syncing every commit (FULL) and the same results", async () => {
    const db = await open({ SQLITE_GROUP_COMMIT: "false" });
    expect(await synchronous(db)).toEqual({ synchronous: 2 });
    // Transactions and their rollback behave as on the group driver.
    await db
      .transaction()
      .execute((trx) =>
        trx.insertInto("server_keys").values({ name: "a", value: "1", created_at: "2026-12-06T00:00:00Z" }).execute(),
      );
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto("server_keys")
          .values({ name: "b", value: "2", created_at: "2026-12-06T00:00:00Z" })
          .execute();
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    const names = await db.selectFrom("server_keys").select("name").orderBy("name").execute();
    expect(names.map((r) => r.name)).toEqual(["a"]);
  });

  it("refuses a value that is not a boolean, naming the variable", () => {
    expect(() => loadConfig({ NODE_ENV: "test", SQLITE_GROUP_COMMIT: "sometimes" })).toThrow(/SQLITE_GROUP_COMMIT/);
  });
});
