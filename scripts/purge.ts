/**
 * Deletes appointments, enquiries and files past the retention period
 * (STAFF_RETENTION_MONTHS, default 24), as the server also does daily:
 *   npm run purge
 */
import { ConfigError, loadConfig } from "../server/config";
import { migrate, openDb } from "../server/db/index";
import { purgeExpired } from "../server/staff/purge";
import { staffRuntime } from "../server/staff/runtime";

async function main() {
  const config = loadConfig();
  const db = openDb(config);
  try {
    await migrate(db);
    const result = await purgeExpired(staffRuntime(db, config));
    console.log(
      `Retention ${config.staff.retentionMonths} months: deleted ${result.appointments} appointments, ${result.enquiries} enquiries, ` +
        `${result.uploads} uploads (${result.files} files), ${result.strayFiles} unreferenced files, ${result.mails} old e-mails, ${result.sessions} expired sessions.`,
    );
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
