/**
 * `npm run backup`: a consistent online copy of the database (SQLite backup
 * API, or pg_dump for PostgreSQL), the uploads and the reports folders, encrypted with age
 * to BACKUP_RECIPIENT, into DATA_DIR/backups/<timestamp>.clinic-backup.age
 * (0600, in a 0700 folder); then old backups are deleted (BACKUP_KEEP_DAILY,
 * BACKUP_KEEP_WEEKLY). Safe while the server runs. Reads the same environment
 * as the server, and refuses to run without BACKUP_RECIPIENT.
 *
 * `npm run backup -- keygen`: prints a new identity file (private key, with its
 * public key in a comment). Run it on the machine that keeps the key, not on
 * the server: the server needs only the public key.
 */
import { ConfigError, loadConfig } from "../server/base/config";
import { backup, BackupRefused, newBackupKey, unencryptedBackups } from "../server/backup/backup";

const args = process.argv.slice(2);
if (args[0] === "keygen") {
  const { identityFile, recipient } = await newBackupKey();
  process.stdout.write(identityFile);
  console.error(`Public key (set BACKUP_RECIPIENT to this on the server): ${recipient}`);
  console.error(
    "Keep the identity file printed above safe and OFF the server: it is the only way to read the backups.",
  );
  process.exit(0);
}
if (args.length > 0) {
  console.error(
    "usage: npm run backup            (make an encrypted backup)\n       npm run backup -- keygen  (print a new key pair; run it off the server)",
  );
  process.exit(64);
}

try {
  const config = loadConfig();
  const { file, deleted } = await backup(config);
  console.log(`backup written to ${file}`);
  if (deleted.length) console.log(`deleted ${deleted.length} older backup(s): ${deleted.join(", ")}`);
  const plaintext = unencryptedBackups(config);
  if (plaintext.length) {
    console.warn(
      `warning: ${plaintext.length} unencrypted backup folder(s) from before encryption remain: delete them once this backup is copied off the machine:\n  ${plaintext.join("\n  ")}`,
    );
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof BackupRefused) console.error(error.message);
  else console.error(`backup failed: ${(error as Error).message}`);
  process.exit(1);
}
