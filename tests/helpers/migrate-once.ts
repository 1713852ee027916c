/** Child process for the migration-lock test: migrates DATA_DIR's database (or DATABASE_URL's) once. */
import { migrate, openDb } from "../../server/db/index";

const db = openDb({ dataDir: process.env.DATA_DIR!, databaseUrl: process.env.DATABASE_URL || undefined });
process.stdout.write("started;");
try {
  // "waiting;": it found the migration lock held by another process, and waits for it.
  await migrate(db, { onLockWait: () => process.stdout.write("waiting;") });
  process.stdout.write("migrated");
} finally {
  await db.destroy();
}
