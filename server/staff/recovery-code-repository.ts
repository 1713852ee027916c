import type { Kysely } from "kysely";
import type { Db } from "../db/index";
import type { Database } from "../db/schema";
import { perDatabase } from "../db/repository";

/** Single-use recovery codes, stored hashed (staff_recovery_codes). Every method takes an optional transaction. */
export const recoveryCodeRepository = perDatabase((db: Db) => {
  return {
    /** Stores an account's new codes (their hashes), all unused. */
    async createMany(staffId: number, codeHashes: string[], stamp: string, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .insertInto("staff_recovery_codes")
        .values(codeHashes.map((code_hash) => ({ staff_id: staffId, code_hash, used_at: null, created_at: stamp })))
        .execute();
    },

    async findUnused(staffId: number, trx: Kysely<Database> = db) {
      return trx
        .selectFrom("staff_recovery_codes")
        .select(["id", "code_hash"])
        .where("staff_id", "=", staffId)
        .where("used_at", "is", null)
        .execute();
    },

    async countUnused(staffId: number, trx: Kysely<Database> = db): Promise<number> {
      const left = await trx
        .selectFrom("staff_recovery_codes")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("staff_id", "=", staffId)
        .where("used_at", "is", null)
        .executeTakeFirstOrThrow();
      return Number(left.n);
    },

    /** Marks a code used, only if it is still unused, in one conditional statement; true when marked. */
    async markUsed(id: number, stamp: string, trx: Kysely<Database> = db): Promise<boolean> {
      const result = await trx
        .updateTable("staff_recovery_codes")
        .set({ used_at: stamp })
        .where("id", "=", id)
        .where("used_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async deleteForStaff(staffId: number, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom("staff_recovery_codes").where("staff_id", "=", staffId).execute();
    },
  };
});
