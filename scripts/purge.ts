/**
 * Deletes personal data past its retention period, as the server also does
 * daily (the table: docs/privacy-retention.md):
 *   npm run purge
 */
import { ConfigError, loadConfig } from "../server/base/config";
import { migrate, openDb } from "../server/db/index";
import { purgeExpired } from "../server/privacy/purge";
import { staffRuntime } from "../server/db/runtime";

async function main() {
  const config = loadConfig();
  const db = openDb(config);
  try {
    await migrate(db);
    const result = await purgeExpired(staffRuntime(db, config));
    const r = config.retention;
    console.log(
      `Records (${config.staff.retentionMonths} months): deleted ${result.appointments} appointments, ${result.enquiries} enquiries, ` +
        `${result.uploads} uploads (${result.files} files), ${result.strayFiles} unreferenced files, ${result.mails} old e-mails.\n` +
        `Sent e-mail bodies (${r.sentMailDays} days): ${result.mailBodies} blanked. Outbox files (${r.outboxDays} days): ${result.outboxFiles} deleted.\n` +
        `Text messages: ${result.texts} old ones deleted, ${result.textBodies} numbers and bodies blanked, ${result.smsOutboxFiles} outbox files deleted.\n` +
        `Audit log (${r.auditMonths} months): ${result.auditRows} rows deleted. Idempotency replies (${r.idempotencyDays} days): ${result.idempotencyKeys} deleted.\n` +
        `Ended rate-limit windows: ${result.rateLimits}. Expired staff sessions: ${result.sessions}. Expired staff invitations: ${result.invitations}. Unmatched studies forgotten: ${result.unmatchedStudies}.`,
    );
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
