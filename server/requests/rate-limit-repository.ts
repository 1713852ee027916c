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
