import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { inject } from "vitest";
import { buildApp, loadSite } from "../../server/app";
import { loadConfig, type Config } from "../../server/base/config";
import { migrate, openDb, sqlitePath, type Db, type SqliteOptions } from "../../server/db/index";
import type { StaticSite } from "../../server/http/static-site";
import type { PdfChecks } from "../../server/uploads/pdf-pool";
import { createTestDatabase } from "./pg";
import { DRIVER_ENV } from "./driver";

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  dataDir: string;
  close: () => Promise<void>;
}

/**
 * The client build, loaded and stamped once per worker for each configuration that shows in it (the
 * base URL and the clinic's details on the referral form), not once per test app: the files of a
 * worker share it (vitest.config.ts runs them without isolation).
 */
const sites = new Map<string, StaticSite>();
function sharedSite(config: Config): StaticSite {
  const key = JSON.stringify([config.publicBaseUrl, config.clinic]);
  let site = sites.get(key);
  if (!site) sites.set(key, (site = loadSite(config)));
  return site;
}

/**
 * A real app on a freshly migrated database, for one test file: SQLite in its
 * own temporary folder, or, when TEST_DATABASE_URL is set, a new PostgreSQL
 * database on that server (dropped by close()). The temporary folder is the
 * DATA_DIR either way (uploads). `servePages: false` skips the client build,
 * for API-only tests.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  {
    servePages = false,
    logStream,
    pdfChecks,
    sqlite,
    now,
  }: {
    servePages?: boolean;
    logStream?: { write: (line: string) => void };
    pdfChecks?: PdfChecks;
    /** SQLite's settings (a short busy timeout for the outage tests). */
    sqlite?: SqliteOptions;
    /** The clock the booking rules (and the footer's year) follow; the real one by default. */
    now?: () => Date;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-test-"));
  const pgAdmin = process.env.TEST_DATABASE_URL;
  // A copy of the run's migrated database when there is one (tests/integration/global-setup.ts).
  const pgDb =
    pgAdmin && !env.DATABASE_URL ? await createTestDatabase(pgAdmin, "test", inject("pgTemplate")) : undefined;
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    ...DRIVER_ENV,
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  });
  const sqliteTemplate = inject("sqliteTemplate");
  if (!pgDb && !env.DATABASE_URL && sqliteTemplate) fs.copyFileSync(sqliteTemplate, sqlitePath(config));
  const db = openDb(config, sqlite);
  // Nothing left to do on a copy of the migrated database; everything on an empty one.
  await migrate(db);
  const site = servePages ? sharedSite(config) : undefined;
  const app = await buildApp({ config, db, servePages, logStream, pdfChecks, site, now });
  await app.ready();
  return {
    app,
    db,
    config,
    dataDir,
    close: async () => {
      await app.close();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
