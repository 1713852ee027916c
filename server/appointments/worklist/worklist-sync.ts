import { randomBytes } from "node:crypto";
import { readdir, rename, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../base/config";
import type { Db } from "../../db/index";
import { clinicToday } from "../../../domain/dates";
import { stationOf } from "../../../domain/worklist";
import { jobRunRepository } from "../../jobs/job-run-repository";
import { runEvery } from "../../jobs/periodic";
import { newStudyUid, worklistFile } from "./worklist-item";
import { worklistRepository, type WorklistEntry } from "./worklist-repository";

/*
 * The worklist folder follows the appointments (decision 065). Every change
 * of an appointment adds a row to worklist_outbox in its own transaction
 * (appointment-writes.ts recordStatusChange); syncWorklist writes or removes
 * those appointments' files after it, and sweepWorklist, once a day and at
 * start, makes the folder what the appointments say: every confirmed
 * appointment in a room with a machine, from today on, and nothing else.
 * A file that cannot be written never fails the change: its outbox row stays,
 * the next run tries again, and the system page shows the changes waiting.
 */

/** The job's name in job_runs: when the folder was last made right. */
export const WORKLIST_JOB = "worklist";
const BATCH = 200;
/** Worklist files are read by Orthanc's user: owner writes, group reads. */
const FILE_MODE = 0o640;

type WorklistConfig = Pick<Config, "worklist">;

export interface WorklistRun {
  written: number;
  removed: number;
  failed: number;
}

function fileOf(dir: string, accession: string): string {
  return path.join(dir, `${accession}.wl`);
}

/** Whether the appointment should have a file today or later, and for which station. */
function wanted(config: WorklistConfig, entry: WorklistEntry | undefined, today: string) {
  if (!entry || entry.status !== "confirmed" || !entry.confirmed_date || !entry.confirmed_time) return undefined;
  if (entry.confirmed_date < today || !entry.clinic_patient_id) return undefined;
  return stationOf(config.worklist.stations, entry.room);
}

/** Writes the file whole, then renames it into place, so the plugin never reads half a file. */
async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    await writeFile(temp, data, { mode: FILE_MODE });
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}

async function removeFile(file: string): Promise<boolean> {
  try {
    await unlink(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

/** Writes one appointment's file, or removes it when the appointment no longer calls for one. */
async function settle(
  db: Db,
  config: WorklistConfig,
  dir: string,
  entry: WorklistEntry,
  today: string,
): Promise<"written" | "removed" | "none"> {
  const station = wanted(config, entry, today);
  if (!station) return (await removeFile(fileOf(dir, entry.reference))) ? "removed" : "none";
  const studyUid = entry.study_uid ?? (await worklistRepository(db).settleStudyUid(entry.id, newStudyUid()));
  const file = await worklistFile(
    {
      ...entry,
      confirmed_date: entry.confirmed_date!,
      confirmed_time: entry.confirmed_time!,
      clinic_patient_id: entry.clinic_patient_id!,
      study_uid: studyUid!,
    },
    station,
  );
  await writeAtomically(fileOf(dir, entry.reference), file);
  return "written";
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).name ?? "Error";
}

/** Removes every file no appointment calls for any more (past days, erased appointments); adds to `run`. */
async function removeUncalledFor(
  dir: string,
  keep: ReadonlySet<string>,
  run: WorklistRun,
  log?: FastifyBaseLogger,
): Promise<void> {
  for (const name of await readdir(dir)) {
    if (!name.endsWith(".wl") || keep.has(name)) continue;
    try {
      if (await removeFile(path.join(dir, name))) run.removed++;
    } catch (error) {
      run.failed++;
      log?.warn({ code: errorCode(error) }, "worklist file could not be removed");
    }
  }
}

/** The file names the appointments call for from `today` on. */
async function calledFor(db: Db, config: WorklistConfig, today: string) {
  const entries = (await worklistRepository(db).confirmedFrom(today)).filter((e) => wanted(config, e, today));
  return { entries, names: new Set(entries.map((e) => `${e.reference}.wl`)) };
}

/** Writes or removes the files of the appointments that changed; without WORKLIST_DIR, only forgets the changes. */
export async function syncWorklist(
  db: Db,
  config: WorklistConfig,
  now: Date,
  log?: FastifyBaseLogger,
): Promise<WorklistRun> {
  const repo = worklistRepository(db);
  const run: WorklistRun = { written: 0, removed: 0, failed: 0 };
  const dir = config.worklist.dir;
  const today = clinicToday(now);
  const changes = await repo.pendingChanges(BATCH);
  const latest = new Map<number, number>();
  for (const change of changes) latest.set(change.appointment_id, change.id);
  const deleted: [number, number][] = [];
  for (const [appointmentId, upTo] of latest) {
    try {
      const entry = dir ? await repo.entry(appointmentId) : undefined;
      if (dir && !entry) {
        // Erased or purged: its file goes with every other file no appointment calls for, below.
        deleted.push([appointmentId, upTo]);
        continue;
      }
      if (dir && entry) {
        const done = await settle(db, config, dir, entry, today);
        if (done === "written") run.written++;
        if (done === "removed") run.removed++;
      }
      await repo.clearChanges(appointmentId, upTo);
    } catch (error) {
      run.failed++;
      // No personal data: the appointment's id and the error's code only.
      log?.warn({ appointmentId, code: errorCode(error) }, "worklist file could not be written");
    }
  }
  if (dir && deleted.length) {
    const failed = run.failed;
    try {
      await removeUncalledFor(dir, (await calledFor(db, config, today)).names, run, log);
    } catch (error) {
      run.failed++;
      log?.warn({ code: errorCode(error) }, "worklist folder could not be read");
    }
    if (run.failed === failed)
      for (const [appointmentId, upTo] of deleted) await repo.clearChanges(appointmentId, upTo);
  }
  return run;
}

/** Makes the folder what the appointments say (at start, and when the day changes): writes them all, removes the rest. */
export async function sweepWorklist(
  db: Db,
  config: WorklistConfig,
  now: Date,
  log?: FastifyBaseLogger,
): Promise<WorklistRun> {
  const run: WorklistRun = { written: 0, removed: 0, failed: 0 };
  const dir = config.worklist.dir;
  if (!dir) return run;
  const today = clinicToday(now);
  const { entries, names } = await calledFor(db, config, today);
  for (const entry of entries) {
    try {
      if ((await settle(db, config, dir, entry, today)) === "written") run.written++;
    } catch (error) {
      run.failed++;
      log?.warn({ appointmentId: entry.id, code: errorCode(error) }, "worklist file could not be written");
    }
  }
  await removeUncalledFor(dir, names, run, log);
  if (!run.failed) await jobRunRepository(db).recordSuccess(WORKLIST_JOB, now.toISOString());
  return run;
}

/** The worklist's state for the system page: the folder, the changes waiting and the last full sweep. */
export async function worklistState(db: Db, config: WorklistConfig) {
  const waiting = await worklistRepository(db).waiting();
  const lastSweep = await jobRunRepository(db).lastSuccess(WORKLIST_JOB);
  return {
    enabled: Boolean(config.worklist.dir),
    waiting: waiting.count,
    waitingSince: waiting.since,
    lastSweep: lastSweep ?? null,
  };
}

/** Starts the worklist on the jobs' timer: a sweep at start and each new day, the changes at every tick. */
export function startWorklist(
  db: Db,
  config: WorklistConfig,
  log?: FastifyBaseLogger,
  now: () => Date = () => new Date(),
): () => Promise<void> {
  let sweptDay: string | undefined;
  return runEvery(
    config.worklist.pollMs,
    Math.min(config.worklist.pollMs, 1000),
    async () => {
      const at = now();
      const day = clinicToday(at);
      if (config.worklist.dir && day !== sweptDay) {
        await sweepWorklist(db, config, at, log);
        sweptDay = day;
      }
      await syncWorklist(db, config, at, log);
    },
    (error: unknown) => log?.error({ code: errorCode(error) }, "worklist run failed"),
  );
}
