/**
 * `npm run restore -- <backup file> --identity <identity file> [--force]`:
 * decrypts a backup made by `npm run backup` with the age identity (private
 * key) in <identity file> (`-` reads it from standard input), checks it whole,
 * and puts it back into the configured database, DATA_DIR/uploads and DATA_DIR/reports.
 * The key is read from a file, never from the command line (visible in `ps`)
 * or the environment (inherited by pg_restore, kept in shell history).
 * Refuses when a server answers on the configured port or the target already
 * holds data, unless --force. A wrong key changes nothing. A plaintext backup
 * folder made before backups were encrypted is restored without --identity.
 * Reads the same environment as the server.
 */
import fs from "node:fs";
import { ConfigError, loadConfig } from "../server/base/config";
import { parseIdentities, restore, RestoreRefused } from "../server/backup/restore";

const USAGE = "usage: npm run restore -- <backup file> --identity <identity file, or - for standard input> [--force]";
const args = process.argv.slice(2);
let force = false;
let identityFile: string | undefined;
const sources: string[] = [];
for (let i = 0; i < args.length; i++) {
  const arg = args[i]!;
  if (arg === "--force") force = true;
  else if (arg === "--identity" || arg === "-i") identityFile = args[++i];
  else if (arg.startsWith("--identity=")) identityFile = arg.slice("--identity=".length);
  else if (arg.startsWith("-") && arg !== "-") {
    console.error(`unknown option ${arg}\n${USAGE}`);
    process.exit(64);
  } else sources.push(arg);
}
if (sources.length !== 1 || (identityFile !== undefined && identityFile === "")) {
  console.error(USAGE);
  process.exit(64);
}

try {
  const source = sources[0]!;
  const isFolder = fs.existsSync(source) && fs.statSync(source).isDirectory();
  if (!isFolder && identityFile === undefined)
    throw new RestoreRefused(`An encrypted backup needs its key: pass --identity <identity file>\n${USAGE}`);
  let identities: string[] = [];
  if (identityFile !== undefined) {
    if (identityFile !== "-" && !fs.existsSync(identityFile))
      throw new RestoreRefused(`No identity file at ${identityFile}`);
    identities = parseIdentities(fs.readFileSync(identityFile === "-" ? 0 : identityFile, "utf8"));
  }
  const manifest = await restore(loadConfig(), source, { identities, force });
  console.log(
    `restored the ${manifest.kind} backup of ${manifest.createdAt} (${manifest.uploads} uploaded files, ${manifest.reports ?? 0} report files)`,
  );
} catch (error) {
  if (error instanceof ConfigError || error instanceof RestoreRefused) console.error(error.message);
  else console.error(`restore failed: ${(error as Error).message}`);
  process.exit(error instanceof RestoreRefused ? 2 : 1);
}
