import type { Kysely } from "kysely";
import type { Db } from "../db/index";
import type { Database } from "../db/schema";
import { perDatabase } from "../db/repository";

/** Leases on background jobs (job_leases), one row per job. Every method takes an optional transaction. */
export const jobLeaseRepository = perDatabase((db: Db) => {
  return {
    /**
     * Gives the lease on job `name` to `holder` until `expiresAt` if nobody
     * holds one unexpired at `now` (ISO), in one statement (insert … on
     * conflict do update … where the old lease has expired … returning);
     * true when taken.
     */
    async take(name: string, holder: string, expiresAt: string, now: string, trx: Kysely<Database> = db) {
      const row = await trx
        .insertInto("job_leases")
        .values({ name, holder, expires_at: expiresAt })
        .onConflict((oc) =>
          oc.column("name").doUpdateSet({ holder, expires_at: expiresAt }).where("job_leases.expires_at", "<=", now),
        )
        .returning("name")
        .executeTakeFirst();
      return row !== undefined;
    },
  };
});
