import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Config } from "../../base/config";
import { ensurePrivateDir, PRIVATE_FILE_MODE } from "../../base/private-files";
import { reportsDir } from "../../uploads/storage";

/**
 * The signed reports' files: DATA_DIR/reports, a 0700 folder of 0600 files
 * under names the server makes (32 random hex digits and .pdf). Nothing there
 * is served as a folder: each file goes out through a guarded route
 * (./serve.ts), after its row and the reader's right are checked.
 */

/** The file of a stored name, refusing any other shape (so no name can leave the folder). */
export function reportPath(config: Pick<Config, "dataDir">, fileName: string): string | null {
  return /^[0-9a-f]{32}\.pdf$/.test(fileName) ? path.join(reportsDir(config), fileName) : null;
}

/**
 * Moves a checked file (a temporary file of the upload intake, in the same
 * DATA_DIR) into the reports folder under a new name, made 0600 and synced:
 * its name, size and SHA-256.
 */
export async function storeReportFile(
  config: Pick<Config, "dataDir">,
  temp: string,
): Promise<{ fileName: string; size: number; sha256: string }> {
  const dir = reportsDir(config);
  await ensurePrivateDir(dir);
  const fileName = `${crypto.randomBytes(16).toString("hex")}.pdf`;
  const target = path.join(dir, fileName);
  const hash = crypto.createHash("sha256");
  let size = 0;
  for await (const chunk of fs.createReadStream(temp)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  await fsp.rename(temp, target);
  await fsp.chmod(target, PRIVATE_FILE_MODE);
  const handle = await fsp.open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  return { fileName, size, sha256: hash.digest("hex") };
}

/** Removes report files (after their rows are gone); how many were there. */
export async function removeReportFiles(
  config: Pick<Config, "dataDir">,
  fileNames: readonly string[],
): Promise<number> {
  let removed = 0;
  for (const name of fileNames) {
    const file = reportPath(config, name);
    if (!file) continue;
    try {
      await fsp.unlink(file);
      removed++;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  return removed;
}
