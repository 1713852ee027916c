import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { loadConfig, type Config } from "../../server/base/config";
import { openDb, type Db } from "../../server/db/index";
import { createTestDatabase, type TestDatabase } from "./pg";
import { startTwoServers, stopServers, type ServerProcess } from "../../scripts/server-process";

export interface TwoInstances {
  a: ServerProcess;
  b: ServerProcess;
  /** The test's own handle on the shared database, and the configuration it was opened with. */
  db: Db;
  config: Config;
  dataDir: string;
}

/**
 * Two real server processes sharing one new PostgreSQL database (on TEST_DATABASE_URL's server) and
 * one DATA_DIR, as docs/deploy.md describes for several instances. Call it inside a describe: it
 * registers the beforeAll that starts them (`env()` adds to their environment) and the afterAll
 * that stops them and drops the database; the returned object is filled in by the beforeAll.
 */
export function twoInstances(name: string, env: () => Record<string, string> = () => ({})): TwoInstances {
  const instances = {} as TwoInstances;
  let database: TestDatabase | undefined;
  let db: Db | undefined;
  let dataDir: string | undefined;
  const started: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(process.env.TEST_DATABASE_URL!, name);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `clinic-${name}-`));
    // Started together: one migrates, the other waits for the migration lock.
    // A server that did start is stopped in afterAll even if the other failed.
    const [a, b] = await startTwoServers({ DATABASE_URL: database.url, DATA_DIR: dataDir, ...env() }, started);
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", DATABASE_URL: database.url });
    db = openDb(config);
    Object.assign(instances, { a, b, db, config, dataDir });
  }, 90_000);

  afterAll(async () => {
    await stopServers(started);
    await db?.destroy();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  return instances;
}
