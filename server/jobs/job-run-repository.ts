import type { Kysely } from "kysely";
import type { Db } from "../db/index";
import type { Database } from "../db/schema";
import { perDatabase } from "../db/repository";

/** When each background job last finished successfully (job_runs), one row per job. Every method takes an optional transaction. */
export const jobRunRepository = perDatabase((db: Db) => {
  return {
    /** Records that job `name` finished successfully at `at` (ISO). */
    async recordSuccess(name: string, at: string, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .insertInto("job_runs")
        .values({ name, last_success_at: at })
        .onConflict((oc) => oc.column("name").doUpdateSet({ last_success_at: at }))
        .execute();
    },

    /** When job `name` last finished successfully (ISO), or undefined if it never has. */
    async lastSuccess(name: string, trx: Kysely<Database> = db): Promise<string | undefined> {
      const row = await trx
        .selectFrom("job_runs")
        .select("last_success_at")
        .where("name", "=", name)
        .executeTakeFirst();
      return row?.last_success_at;
    },
  };
});
