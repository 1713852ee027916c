import type { Kysely } from "kysely";
import type { Db } from "../db/index";
import type { Database } from "../db/schema";
import { perDatabase } from "../db/repository";

/** Rate-limit counters (rate_limits), one row per key and window. Every method takes an optional transaction. */
export const rateLimitRepository = perDatabase((db: Db) => {
  return {
    /**
     * Adds one hit to the counter `key` (created with the window's end,
     * `expiresAt`) and returns the new count, in one statement (insert … on
     * conflict do update … returning), so concurrent hits are all counted.
     */
    async hit(key: string, expiresAt: string, trx: Kysely<Database> = db): Promise<number> {
      const row = await trx
        .insertInto("rate_limits")
        .values({ key, hits: 1, expires_at: expiresAt })
        .onConflict((oc) => oc.column("key").doUpdateSet((eb) => ({ hits: eb("rate_limits.hits", "+", 1) })))
        .returning("hits")
        .executeTakeFirstOrThrow();
      return Number(row.hits);
    },

    /**
     * Adds one hit to the counter `key` (created with `expiresAt`) only while
     * it is below `max`, in one statement (insert … on conflict do update …
     * where … returning): the new count, or null when it was at `max` already
     * (nothing counted). Concurrent calls each get their own count, so at
     * most `max` ever succeed. `max` is at least 1.
     */
    async hitBelow(key: string, expiresAt: string, max: number, trx: Kysely<Database> = db): Promise<number | null> {
      const row = await trx
        .insertInto("rate_limits")
        .values({ key, hits: 1, expires_at: expiresAt })
        .onConflict((oc) =>
          oc
            .column("key")
            .doUpdateSet((eb) => ({ hits: eb("rate_limits.hits", "+", 1) }))
            .where("rate_limits.hits", "<", max),
        )
        .returning("hits")
        .executeTakeFirst();
      return row ? Number(row.hits) : null;
    },

    /** Takes back one hit of the counter `key` (counted by hitBelow in the same transaction). */
    async unhit(key: string, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .updateTable("rate_limits")
        .set((eb) => ({ hits: eb("hits", "-", 1) }))
        .where("key", "=", key)
        .where("hits", ">", 0)
        .execute();
    },

    /** Deletes counters whose window ended by `now`; returns how many. */
    async deleteExpired(now: Date, trx: Kysely<Database> = db): Promise<number> {
      const result = await trx
        .deleteFrom("rate_limits")
        .where("expires_at", "<=", now.toISOString())
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
});
