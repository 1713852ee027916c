import { pendingMigrations, type Db } from "../db/index";
import { oneAtATime, settleWithin } from "./deadline";

/** How long /readyz waits for the database before answering 503 (it must answer within a second). */
export const READY_TIMEOUT_MS = 800;

export type Readiness = { ready: true } | { ready: false; reason: "database" | "migrations" };

/**
 * Whether this instance can serve (decision 033): the database answers, and
 * has run every migration this build knows, within `timeoutMs`. One query is
 * in flight at a time: a probe that comes while one is running waits for the
 * same answer, so a database that hangs holds one connection, not one per probe.
 */
export function readinessCheck(db: Db, timeoutMs = READY_TIMEOUT_MS): () => Promise<Readiness> {
  const query = oneAtATime(async (): Promise<Readiness> =>
    pendingMigrations(db).then(
      (pending) => (pending === 0 ? { ready: true } : { ready: false, reason: "migrations" }),
      () => ({ ready: false, reason: "database" }),
    ),
  );
  return () => settleWithin(query(), timeoutMs, () => ({ ready: false, reason: "database" }));
}
