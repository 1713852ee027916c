import fs from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../base/config";
import type { Db } from "../db/index";
import { leaseFor, takeLease } from "../jobs/lease";
import { runEvery } from "../jobs/periodic";
import { removeQuietly, TEMP_PREFIX, uploadsDir } from "./storage";
import { uploadRepository } from "./upload-repository";

export interface SweepResult {
  uploadsDeleted: number;
  orphanFilesDeleted: number;
}

/**
 * Deletes uploads that no appointment claimed within the allowed time (row
 * first, then file, so no row ever points at a missing file), files with no
 * row that are older than that (e.g. left by a crash between rename and
 * insert) and stale temporary files. Old idempotency keys go in the daily purge.
 */
export async function sweepUploads(
  db: Db,
  config: Pick<Config, "dataDir" | "uploads">,
  now: Date = new Date(),
): Promise<SweepResult> {
  const uploads = uploadRepository(db);
  const cutoff = new Date(now.getTime() - config.uploads.unclaimedHours * 3600_000);
  const dir = uploadsDir(config);
  const result: SweepResult = { uploadsDeleted: 0, orphanFilesDeleted: 0 };

  for (const row of await uploads.findUnclaimedBefore(cutoff)) {
    if (await uploads.deleteUnclaimed(row.id)) {
      await removeQuietly(path.join(dir, row.storage_name));
      result.uploadsDeleted++;
    }
  }

  let entries: string[] = [];
  try {
    entries = await fs.readdir(dir);
  } catch {
    entries = [];
  }
  if (entries.length) {
    const known = await uploads.allStorageNames();
    for (const name of entries) {
      if (known.has(name)) continue;
      const full = path.join(dir, name);
      const stat = await fs.stat(full).catch(() => null);
      if (!stat?.isFile()) continue;
      const age = now.getTime() - stat.mtimeMs;
      const limit = name.startsWith(TEMP_PREFIX) ? 3600_000 : config.uploads.unclaimedHours * 3600_000;
      if (age > limit) {
        await removeQuietly(full);
        result.orphanFilesDeleted++;
      }
    }
  }

  return result;
}

/**
 * Runs the sweep soon and then every UPLOAD_SWEEP_MS; the returned function
 * stops it. With several instances on one database, a lease lets one of them
 * sweep per period.
 */
export function startUploadSweep(db: Db, config: Pick<Config, "dataDir" | "uploads">, log?: FastifyBaseLogger) {
  return runEvery(
    config.uploads.sweepMs,
    2000,
    async () => {
      if (!(await takeLease(db, "upload-sweep", leaseFor(config.uploads.sweepMs)))) return;
      const r = await sweepUploads(db, config);
      if (r.uploadsDeleted || r.orphanFilesDeleted) log?.info(r, "upload sweep");
    },
    (error) => log?.error({ err: { message: (error as Error).message } }, "upload sweep failed"),
  );
}
