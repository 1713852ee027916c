import { sql, type Kysely } from "kysely";
import type { Db } from "../db/index";
import type { Database } from "../db/schema";
import { perDatabase } from "../db/repository";

/** How a counter's key begins: an account's (the e-mail typed, as a keyed hash) or a client address's. */
export const THROTTLE_KEY_PREFIX = { account: "email:", address: "ip:" } as const;

/** Failed sign-in counters and locks (staff_login_throttle), one row per key. Every method takes an optional transaction. */
export const loginThrottleRepository = perDatabase((db: Db) => {
  return {
    /** The lock ends stored for these keys (null where none), in no particular order. */
    async lockEnds(keys: string[], trx: Kysely<Database> = db): Promise<(string | null)[]> {
      const rows = await trx
        .selectFrom("staff_login_throttle")
        .select("locked_until")
        .where("key", "in", keys)
        .execute();
      return rows.map((t) => t.locked_until);
    },

    /**
     * Counts one failure on a key in one atomic statement (an upsert that
     * adds 1 and returns the new count), so parallel attempts on any number
     * of instances are all counted. A count last changed before
     * `windowStart`, or left from a lock that ended by `now`, starts again at
     * 1. Reaching `limit` locks the key until `lockUntil` (or extends a
     * shorter lock) in the same statement; an active lock is never shortened
     * or cleared. All times ISO.
     */
    async countFailure(
      key: string,
      limit: number,
      { now, windowStart, lockUntil }: { now: string; windowStart: string; lockUntil: string },
      trx: Kysely<Database> = db,
    ): Promise<{ failures: number; lockedUntil: string | null }> {
      const stale = sql<boolean>`(staff_login_throttle.updated_at < ${windowStart} or (staff_login_throttle.locked_until is not null and staff_login_throttle.locked_until <= ${now}))`;
      const row = await trx
        .insertInto("staff_login_throttle")
        .values({ key, failures: 1, locked_until: limit <= 1 ? lockUntil : null, updated_at: now })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet({
            failures: sql<number>`case when ${stale} then 1 else staff_login_throttle.failures + 1 end`,
            locked_until: sql<string | null>`case
          when ${stale} then ${limit <= 1 ? lockUntil : null}
          when staff_login_throttle.failures + 1 >= ${limit} and (staff_login_throttle.locked_until is null or staff_login_throttle.locked_until < ${lockUntil}) then ${lockUntil}
          else staff_login_throttle.locked_until end`,
            updated_at: now,
          }),
        )
        .returning(["failures", "locked_until"])
        .executeTakeFirstOrThrow();
      return { failures: Number(row.failures), lockedUntil: row.locked_until };
    },

    /** Deletes a key's count unless a lock on it is active at `now` (ISO). */
    async resetUnlessLocked(key: string, now: string, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .deleteFrom("staff_login_throttle")
        .where("key", "=", key)
        .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", now)]))
        .execute();
    },

    /** Lockouts active at `now` (ISO): on accounts (an e-mail typed) and on client addresses. */
    async activeLockouts(now: string, trx: Kysely<Database> = db): Promise<{ account: number; address: number }> {
      const locked = (prefix: string) =>
        trx
          .selectFrom("staff_login_throttle")
          .select((eb) => eb.fn.countAll<number | string>().as("count"))
          .where("locked_until", ">", now)
          .where("key", "like", `${prefix}%`)
          .executeTakeFirstOrThrow();
      const account = await locked(THROTTLE_KEY_PREFIX.account);
      const address = await locked(THROTTLE_KEY_PREFIX.address);
      return { account: Number(account.count), address: Number(address.count) };
    },

    /** Deletes counters last changed before `before` (ISO). */
    async deleteIdleBefore(before: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom("staff_login_throttle").where("updated_at", "<", before).execute();
    },
  };
});
