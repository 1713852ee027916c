import crypto from "node:crypto";
import os from "node:os";
import type { Db } from "../db/index";
import { jobLeaseRepository } from "./job-lease-repository";

/** Identifies this process in `job_leases.holder` (for diagnosis only). */
export const LEASE_HOLDER = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`;

/**
 * Takes the lease on job `name` until `now + durationMs` if nobody holds an
 * unexpired one, in one statement (insert … on conflict do update … where
 * the old lease has expired … returning). Of several instances asking at
 * once exactly one gets `true`. A lease is not released when the job ends:
 * with a duration a little shorter than the job's period, the job runs once
 * per period however many instances schedule it.
 */
export async function takeLease(
  db: Db,
  name: string,
  durationMs: number,
  { now = new Date(), holder = LEASE_HOLDER }: { now?: Date; holder?: string } = {},
): Promise<boolean> {
  const expiresAt = new Date(now.getTime() + durationMs).toISOString();
  return jobLeaseRepository(db).take(name, holder, expiresAt, now.toISOString());
}

/** A lease a little shorter than the period, so timer drift never skips a run. */
export function leaseFor(periodMs: number): number {
  return Math.max(1000, Math.floor(periodMs * 0.9));
}
