import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { it } from "vitest";
import { openDb, type Db } from "../../server/db/index";
import { createTestDatabase } from "./pg";

/**
 * A migration's check, run on a fresh SQLite file and, when TEST_DATABASE_URL is set, on a
 * fresh PostgreSQL database: two tests, "on SQLite" and "on PostgreSQL", each closing and
 * removing its database after. Call it inside a describe().
 */
export function onBothDatabases(name: string, check: (db: Db) => Promise<void>): void {
  it("on SQLite", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `clinic-${name}-`));
    const db = openDb({ dataDir: dir, databaseUrl: undefined });
    try {
      await check(db);
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  const admin = process.env.TEST_DATABASE_URL;
  it.skipIf(!admin)("on PostgreSQL", async () => {
    const target = await createTestDatabase(admin!);
    const db = openDb({ dataDir: "/nonexistent", databaseUrl: target.url });
    try {
      await check(db);
    } finally {
      await db.destroy();
      await target.drop();
    }
  });
}
