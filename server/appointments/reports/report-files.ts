import fsp from "node:fs/promises";
import path from "node:path";
import type { Config } from "../../base/config";
import { ensurePrivateDir } from "../../base/private-files";
import type { ReceivedFile } from "../../uploads/intake";
import { reportsDir, storeUnderNewName } from "../../uploads/storage";

/**
 * The signed reports' files: DATA_DIR/reports, a 0700 folder of 0600 files
 * under names the server makes (32 random hex digits and .pdf, as the uploads'). Nothing there
 * is served as a folder: each file goes out through a guarded route
 * (./serve.ts), after its row and the reader's right are checked.
 */

/** The file of a stored name, refusing any other shape (so no name can leave the folder). */
export function reportPath(config: Pick<Config, "dataDir">, fileName: string): string | null {
  return /^[0-9a-f]{32}\.pdf$/.test(fileName) ? path.join(reportsDir(config), fileName) : null;
}

/**
 * Moves a checked file (the upload intake's temporary file, in the same
 * DATA_DIR, hashed and counted as it was written) into the reports folder
 * under a new name, 0600 and synced (the uploads' own storeUnderNewName):
 * its name, size and SHA-256.
 */
export async function storeReportFile(
  config: Pick<Config, "dataDir">,
  file: Pick<ReceivedFile, "temp" | "size" | "sha256">,
): Promise<{ fileName: string; size: number; sha256: string }> {
  const dir = reportsDir(config);
  await ensurePrivateDir(dir);
  const fileName = await storeUnderNewName(file.temp, dir, "application/pdf");
  return { fileName, size: file.size, sha256: file.sha256 };
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
