/** Child process for the migration-lock test: migrates DATA_DIR's database (or DATABASE_URL's) once. */
import { migrate, openDb } from "../../server/db/index";

const db = openDb({ dataDir: process.env.DATA_DIR!, databaseUrl: process.env.DATABASE_URL || undefined });
process.stdout.write("started;");
try {
  await migrate(db);
  process.stdout.write("migrated");
} finally {
  await db.destroy();
}
