import type { Kysely } from "kysely";
import type { Db } from "../db/index";
import type { Database } from "../db/schema";
import { perDatabase } from "../db/repository";

/** Staff sessions (staff_sessions), stored by token hash. Every method takes an optional transaction. */
export const staffSessionRepository = perDatabase((db: Db) => {
  return {
    async create(tokenHash: string, staffId: number, stamp: string, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .insertInto("staff_sessions")
        .values({ token_hash: tokenHash, staff_id: staffId, created_at: stamp, last_seen_at: stamp })
        .execute();
    },

    /** The session with this token hash and its account. */
    async findWithStaff(tokenHash: string, trx: Kysely<Database> = db) {
      return trx
        .selectFrom("staff_sessions")
        .innerJoin("staff_users", "staff_users.id", "staff_sessions.staff_id")
        .select([
          "staff_sessions.id as sessionId",
          "staff_sessions.created_at",
          "staff_sessions.last_seen_at",
          "staff_users.id",
          "staff_users.email",
          "staff_users.name",
          "staff_users.role",
          "staff_users.disabled",
        ])
        .where("staff_sessions.token_hash", "=", tokenHash)
        .executeTakeFirst();
    },

    async touch(id: number, stamp: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable("staff_sessions").set({ last_seen_at: stamp }).where("id", "=", id).execute();
    },

    async deleteById(id: number, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom("staff_sessions").where("id", "=", id).execute();
    },

    async deleteByTokenHash(tokenHash: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom("staff_sessions").where("token_hash", "=", tokenHash).execute();
    },

    /** Deletes an account's sessions except the one with `keepTokenHash`; returns how many. */
    async deleteOthers(staffId: number, keepTokenHash: string, trx: Kysely<Database> = db): Promise<number> {
      const result = await trx
        .deleteFrom("staff_sessions")
        .where("staff_id", "=", staffId)
        .where("token_hash", "!=", keepTokenHash)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async deleteForStaff(staffId: number, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom("staff_sessions").where("staff_id", "=", staffId).execute();
    },

    /** Deletes sessions last seen before `idleCutoff` or made before `ageCutoff` (ISO); returns how many. */
    async deleteIdleOrOld(idleCutoff: string, ageCutoff: string, trx: Kysely<Database> = db): Promise<number> {
      const result = await trx
        .deleteFrom("staff_sessions")
        .where((eb) => eb.or([eb("last_seen_at", "<", idleCutoff), eb("created_at", "<", ageCutoff)]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
});
