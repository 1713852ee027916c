/**
 * `npm run backup`: a consistent online copy of the database (SQLite backup
 * API, or pg_dump for PostgreSQL) and the uploads folder, into
 * DATA_DIR/backups/<timestamp>/. Safe while the server runs. Reads the same
 * environment as the server.
 */
import { ConfigError, loadConfig } from "../server/config";
import { backup } from "../server/db/backup";

try {
  const dir = await backup(loadConfig());
  console.log(`backup written to ${dir}`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `backup failed: ${(error as Error).message}`);
  process.exit(1);
}
