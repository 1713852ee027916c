/**
 * Once per Vitest project of integration tests: a migrated database that each test app
 * starts as a copy of (tests/helpers/app.ts), instead of running every migration again. On
 * SQLite a closed database file, copied; on PostgreSQL (the project's TEST_DATABASE_URL) a
 * database no one may connect to, which `create database … template` copies. Dropped
 * after the run. A test of the migrations themselves still starts from an empty database.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { loadConfig } from "../../server/base/config";
import { migrate, openDb, sqlitePath } from "../../server/db/index";
import { closeToConnections, createTestDatabase, dropTestDatabase } from "../helpers/pg";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated SQLite file to copy. */
    sqliteTemplate: string;
    /** A migrated PostgreSQL database to copy, on the project's TEST_DATABASE_URL. */
    pgTemplate: string;
  }
}

async function migrated(env: Record<string, string>): Promise<void> {
  const db = openDb(loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", ...env }));
  try {
    await migrate(db);
  } finally {
    await db.destroy();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-template-"));
  await migrated({ DATA_DIR: dataDir });
  project.provide("sqliteTemplate", sqlitePath({ dataDir, databaseUrl: undefined }));

  const pgAdmin = project.config.env?.TEST_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  let pgTemplate: string | undefined;
  if (pgAdmin && /^postgres(ql)?:\/\//.test(pgAdmin)) {
    const template = await createTestDatabase(pgAdmin, "template");
    pgTemplate = template.name;
    await migrated({ DATA_DIR: dataDir, DATABASE_URL: template.url });
    await closeToConnections(pgAdmin, template.name);
    project.provide("pgTemplate", template.name);
  }

  return async () => {
    if (pgAdmin && pgTemplate) await dropTestDatabase(pgAdmin, pgTemplate);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
