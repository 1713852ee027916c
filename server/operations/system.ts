import fs from "node:fs";
import path from "node:path";
import { systemTroubles, type HealthFigures, type Trouble } from "../../domain/system-health";
import type { Config } from "../base/config";
import { databaseVersion, type Db } from "../db/index";
import { mailRepository } from "../mail/mail-repository";
import { failingMessages, FAILING_LOOKBACK_DAYS } from "../texts/index";
import { PROJECT_ROOT } from "../base/paths";
import { readOperationalFigures, type QueueState } from "./figures";
import { worklistState } from "../appointments/worklist/index";
import type { ImagesState } from "../appointments/images/index";

/**
 * The health the operator's machines read from /metrics (decision 033), for
 * people: the manager's system page (/staff/system) and the overview's
 * warning. The figures are readOperationalFigures'; what counts as trouble is
 * domain/system-health.ts.
 */

/** The versions running. */
export interface Versions {
  /** package.json's version. */
  app: string;
  node: string;
  database: { kind: "SQLite" | "PostgreSQL"; version: string };
}

/** What the system page shows. Moments are ISO 8601 (a page's loader data is JSON). */
export interface SystemStatus {
  queues: QueueState[];
  failing: { email: number; texts: number; lookbackDays: number };
  lastBackupAt: string | null;
  lastPurgeAt: string | null;
  disk: { freeBytes: number; sizeBytes: number };
  versions: Versions;
  troubles: Trouble[];
  /** The imaging machines' worklist files (decision 065): off without WORKLIST_DIR; changes waiting to be written. */
  worklist: { enabled: boolean; waiting: number; waitingSince: string | null; lastSweep: string | null };
  /** Orthanc's feed of arriving studies (decision 066): off without ORTHANC_URL; reached when, away since when. */
  images: ImagesState;
}

let appVersion: string | undefined;

/** This build's version, from package.json (read once). */
function readAppVersion(): string {
  appVersion ??= String(
    (JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, "package.json"), "utf8")) as { version?: unknown }).version ??
      "unknown",
  );
  return appVersion;
}

const lookbackStart = (now: Date) => new Date(now.getTime() - FAILING_LOOKBACK_DAYS * 86_400_000).toISOString();

/** The figures as the trouble rule reads them. */
function health(
  figures: Awaited<ReturnType<typeof readOperationalFigures>>,
  failingEmails: number,
  failingTexts?: number,
): HealthFigures {
  return {
    queues: figures.queues,
    failingLookbackDays: FAILING_LOOKBACK_DAYS,
    failingEmails,
    failingTexts,
    lastBackupAt: figures.lastBackupAt?.toISOString() ?? null,
    disk: figures.dataDir,
    orthancUnreachableSince: figures.images.followed ? figures.images.unreachableSince : null,
  };
}

/** Everything the system page shows, read once. */
export async function systemStatus(
  db: Db,
  config: Pick<Config, "dataDir" | "worklist" | "orthanc">,
  now: Date,
): Promise<SystemStatus> {
  const figures = await readOperationalFigures(db, config, now);
  const failingEmails = await mailRepository(db).countFailedSince(lookbackStart(now));
  const failingTexts = await failingMessages(db, now);
  const database = await databaseVersion(db);
  return {
    queues: figures.queues,
    failing: { email: failingEmails, texts: failingTexts, lookbackDays: FAILING_LOOKBACK_DAYS },
    lastBackupAt: figures.lastBackupAt?.toISOString() ?? null,
    lastPurgeAt: figures.lastPurgeAt?.toISOString() ?? null,
    disk: figures.dataDir,
    versions: { app: readAppVersion(), node: process.versions.node, database },
    troubles: systemTroubles(health(figures, failingEmails, failingTexts), now),
    worklist: await worklistState(db, config),
    images: figures.images,
  };
}

/**
 * The troubles the overview warns of: the system page's, but for failing text
 * messages, which the overview has its own warning for (with the
 * appointments they were about).
 */
export async function overviewTroubles(
  db: Db,
  config: Pick<Config, "dataDir" | "orthanc">,
  now: Date,
): Promise<Trouble[]> {
  const figures = await readOperationalFigures(db, config, now);
  const failingEmails = await mailRepository(db).countFailedSince(lookbackStart(now));
  return systemTroubles(health(figures, failingEmails), now);
}
