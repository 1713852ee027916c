import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig, type Config } from "../../server/base/config";
import { migrate, openDb, type Db } from "../../server/db/index";
import type { MessageLog } from "../../server/texts/hand-over";
import { createTestDatabase, type TestDatabase } from "./pg";
import { DRIVER_ENV } from "./driver";

/**
 * A freshly migrated database for the text-message tests: SQLite in a
 * temporary DATA_DIR, or a new PostgreSQL database when TEST_DATABASE_URL is
 * set (npm test's second pass). `open()` gives another connection to it, as
 * a second server instance would have.
 */
export interface MessagesTestDb {
  db: Db;
  dataDir: string;
  /** A configuration on this database and DATA_DIR, with `env` on top. */
  config: (env?: Record<string, string>) => Config;
  open: () => Db;
  close: () => Promise<void>;
}

export async function messagesTestDb(): Promise<MessagesTestDb> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-texts-"));
  const admin = process.env.TEST_DATABASE_URL;
  const pg: TestDatabase | undefined = admin ? await createTestDatabase(admin, "texts") : undefined;
  const config = (env: Record<string, string> = {}) =>
    loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      MESSAGE_QUIET_HOURS: "",
      ...DRIVER_ENV,
      ...(pg ? { DATABASE_URL: pg.url } : {}),
      ...env,
    });
  const db = openDb(config());
  await migrate(db);
  const others: Db[] = [];
  return {
    db,
    dataDir,
    config,
    open: () => {
      const other = openDb(config());
      others.push(other);
      return other;
    },
    close: async () => {
      for (const other of others) await other.destroy();
      await db.destroy();
      await pg?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A logger that keeps every line, to check what logs would hold. */
export function recordingLog(): MessageLog & { lines: string[] } {
  const lines: string[] = [];
  const write = (obj: object, msg?: string) => lines.push(JSON.stringify({ ...obj, msg }));
  return { lines, info: write, warn: write, error: write };
}

/** Waits until `check` is true (polling every 10 ms, at most `ms`). */
export async function until(check: () => boolean | Promise<boolean>, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
