import { sql, type Kysely } from "kysely";
import type { Db } from "../db/index";
import { prepared } from "../db/prepared";
import type { Database } from "../db/schema";
import { perDatabase } from "../db/repository";

/** One more of a kind and year (one a booking or enquiry): built and compiled once (server/db/prepared.ts). */
const nextValue = prepared<{ kind: string; year: number }>()((value, trx) =>
  trx
    .insertInto("reference_counters")
    .values({ kind: value("kind"), year: value("year"), last_value: 1 })
    .onConflict((oc) =>
      oc.columns(["kind", "year"]).doUpdateSet({ last_value: sql<number>`reference_counters.last_value + 1` }),
    )
    .returning("last_value"),
);

/** Reference counters (reference_counters), one row per kind and year. Every method takes an optional transaction. */
export const referenceCounterRepository = perDatabase((db: Db) => {
  return {
    /**
     * Adds one to the counter of a kind and year (starting at 1) and returns
     * the new value, in one statement (insert … on conflict do update …
     * returning), so two callers never get the same value.
     */
    async next(kind: string, year: number, trx: Kysely<Database> = db): Promise<number> {
      const { rows } = await nextValue({ kind, year }, trx);
      return rows[0]!.last_value;
    },
  };
});
