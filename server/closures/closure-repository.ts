import type { Kysely } from "kysely";
import type { Db } from "../db/index";
import type { Database } from "../db/schema";

export interface ClosureRow {
  id: number;
  firstDate: string;
  lastDate: string;
  reason: string;
}

const columns = ["id", "first_date as firstDate", "last_date as lastDate", "reason"] as const;

/** Clinic closures (clinic_closures, migration 0015). Every method takes an optional transaction. */
export function closureRepository(db: Db) {
  return {
    async create(
      values: { firstDate: string; lastDate: string; reason: string; createdBy: number | null; createdAt: string },
      trx: Kysely<Database> = db,
    ): Promise<number> {
      const row = await trx
        .insertInto("clinic_closures")
        .values({
          first_date: values.firstDate,
          last_date: values.lastDate,
          reason: values.reason,
          created_by: values.createdBy,
          created_at: values.createdAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Closures with any day in from … to (inclusive), by first day: one indexed query. */
    async overlapping(from: string, to: string, trx: Kysely<Database> = db): Promise<ClosureRow[]> {
      return trx
        .selectFrom("clinic_closures")
        .select(columns)
        .where("last_date", ">=", from)
        .where("first_date", "<=", to)
        .orderBy("first_date")
        .orderBy("id")
        .execute();
    },

    async find(id: number, trx: Kysely<Database> = db): Promise<ClosureRow | undefined> {
      return trx.selectFrom("clinic_closures").select(columns).where("id", "=", id).executeTakeFirst();
    },

    /** Deletes a closure only while it starts after `today`; true when this call removed it. */
    async removeFuture(id: number, today: string, trx: Kysely<Database> = db): Promise<boolean> {
      const result = await trx
        .deleteFrom("clinic_closures")
        .where("id", "=", id)
        .where("first_date", ">", today)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
}
