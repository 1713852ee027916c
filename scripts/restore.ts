/**
 * `npm run restore -- <backup folder> [--force]`: puts a backup made by
 * `npm run backup` back into the configured database and DATA_DIR/uploads.
 * Refuses when a server answers on the configured port or the target already
 * holds data, unless --force. Reads the same environment as the server.
 */
import { ConfigError, loadConfig } from "../server/config";
import { restore, RestoreRefused } from "../server/db/backup";

const args = process.argv.slice(2);
const force = args.includes("--force");
const dirs = args.filter((a) => !a.startsWith("--"));
if (dirs.length !== 1) {
  console.error("usage: npm run restore -- <backup folder> [--force]");
  process.exit(64);
}
try {
  const manifest = await restore(loadConfig(), dirs[0]!, { force });
  console.log(`restored the ${manifest.kind} backup of ${manifest.createdAt} (${manifest.uploads} uploaded files)`);
} catch (error) {
  if (error instanceof ConfigError || error instanceof RestoreRefused) console.error(error.message);
  else console.error(`restore failed: ${(error as Error).message}`);
  process.exit(error instanceof RestoreRefused ? 2 : 1);
}
