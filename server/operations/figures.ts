import fs from "node:fs/promises";
import { reminderState } from "../appointments/notices/index";
import { imagesState, type ImagesState } from "../appointments/images/index";
import { lastBackupTime } from "../backup/backup-names";
import type { Config } from "../base/config";
import type { Db } from "../db/index";
import { jobRunRepository } from "../jobs/job-run-repository";
import { mailRepository } from "../mail/mail-repository";
import { textMessageRepository } from "../texts/index";
import { TEXT_CHANNELS } from "../../domain/contact-preference";
import { PURGE_JOB } from "../privacy/purge";
import { loginThrottleRepository } from "../staff/login-throttle-repository";
import { uploadRepository } from "../uploads/upload-repository";

/**
 * What the operator watches (decision 033), read in one batch: from the
 * database, so that every instance reports the same figures, and from
 * DATA_DIR (the backups, the free space), which every instance shares.
 */

const DAY_MS = 86_400_000;

/** One outgoing channel's queue. */
export interface QueueState {
  /** "email", "sms", "whatsapp". */
  channel: string;
  /** Messages not yet sent nor given up on, due now or waiting for another try. */
  pending: number;
  /** When the oldest of them was queued (ISO), or null. */
  oldestPendingAt: string | null;
  /** Messages given up on, still on record. */
  failed: number;
  /** Messages sent in the last 24 hours. */
  sentLastDay: number;
}

/** Reads the state of one queue table: one entry per channel it carries. */
export type QueueReader = (db: Db, now: Date) => Promise<QueueState[]>;

/** The e-mail queue (mail_queue). */
export const emailQueue: QueueReader = async (db, now) => {
  const state = await mailRepository(db).queueState(new Date(now.getTime() - DAY_MS).toISOString());
  return [
    {
      channel: "email",
      pending: state.pending,
      oldestPendingAt: state.oldestPendingAt,
      failed: state.failed,
      sentLastDay: state.sent,
    },
  ];
};

/** The text message queue (text_messages): SMS and WhatsApp, both always reported (0 when none). */
export const textQueue: QueueReader = async (db, now) => {
  const states = await textMessageRepository(db).queueState(new Date(now.getTime() - DAY_MS).toISOString());
  return TEXT_CHANNELS.map((channel) => {
    const state = states.find((s) => s.channel === channel);
    return {
      channel,
      pending: state?.pending ?? 0,
      oldestPendingAt: state?.oldestPendingAt ?? null,
      failed: state?.failed ?? 0,
      sentLastDay: state?.sent ?? 0,
    };
  });
};

/** Every outgoing queue, one reader per queue table: a new table of messages adds its reader here. */
export const QUEUE_READERS: readonly QueueReader[] = [emailQueue, textQueue];

export interface OperationalFigures {
  queues: QueueState[];
  /** Reminders queued for today's and tomorrow's appointments, and those due but not queued. */
  reminders: { queued: number; overdue: number };
  /** When the newest backup in DATA_DIR/backups was taken; undefined: none. */
  lastBackupAt: Date | undefined;
  /** When the retention purge last finished; undefined: never. */
  lastPurgeAt: Date | undefined;
  /** Sign-in lockouts active now, on accounts and on client addresses. */
  lockouts: { account: number; address: number };
  /** Bytes held by uploads no booking has claimed (yet). */
  unclaimedUploadBytes: number;
  /** The file system holding DATA_DIR: bytes free to this process, and its size. */
  dataDir: { freeBytes: number; sizeBytes: number };
  /** Orthanc's feed (decision 066): whether it is followed, reached, out of reach since when; the studies to link. */
  images: ImagesState;
}

/**
 * Reads every figure once: the database's one statement after another (not
 * side by side, so a scrape holds at most one pooled connection), the files
 * meanwhile.
 */
export async function readOperationalFigures(
  db: Db,
  config: Pick<Config, "dataDir" | "orthanc">,
  now: Date,
  queueReaders: readonly QueueReader[] = QUEUE_READERS,
): Promise<OperationalFigures> {
  const files = Promise.all([lastBackupTime(config), fs.statfs(config.dataDir)]);
  // Settled with the database's reads below, so a failing one never goes unobserved.
  files.catch(() => undefined);
  const queues: QueueState[] = [];
  for (const read of queueReaders) queues.push(...(await read(db, now)));
  const reminders = await reminderState(db, now);
  const lastPurge = await jobRunRepository(db).lastSuccess(PURGE_JOB);
  const lockouts = await loginThrottleRepository(db).activeLockouts(now.toISOString());
  const unclaimedUploadBytes = await uploadRepository(db).unclaimedBytes();
  const images = await imagesState(db, config);
  const [lastBackupAt, disk] = await files;
  return {
    queues,
    reminders,
    lastBackupAt,
    lastPurgeAt: lastPurge === undefined ? undefined : new Date(lastPurge),
    lockouts,
    unclaimedUploadBytes,
    dataDir: { freeBytes: disk.bavail * disk.bsize, sizeBytes: disk.blocks * disk.bsize },
    images,
  };
}
