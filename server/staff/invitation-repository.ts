import type { Insertable, Kysely } from "kysely";
import type { Db } from "../db/index";
import type { Database, StaffInvitationTable } from "../db/schema";
import { perDatabase } from "../db/repository";

/** Pending staff invitations (staff_invitations). Every method takes an optional transaction. */
export const invitationRepository = perDatabase((db: Db) => {
  return {
    /** Stores an invitation; returns its id. */
    async create(values: Insertable<StaffInvitationTable>, trx: Kysely<Database> = db): Promise<number> {
      const row = await trx.insertInto("staff_invitations").values(values).returning("id").executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /**
     * Gives the live invitation with this id a new token hash and expiry and
     * returns it, or undefined when none was live. One statement: the old
     * link stops working as the new one starts.
     */
    async renewLive(
      id: number,
      renewal: { tokenHash: string; expiresAt: string },
      stamp: string,
      trx: Kysely<Database> = db,
    ) {
      return trx
        .updateTable("staff_invitations")
        .set({ token_hash: renewal.tokenHash, expires_at: renewal.expiresAt })
        .where("id", "=", id)
        .where("expires_at", ">", stamp)
        .returning(["id", "email", "name", "role"])
        .executeTakeFirst();
    },

    /** Removes the invitations that expired by `stamp`, and any for this address (a new one replaces it). */
    async deleteExpiredOr(email: string, stamp: string, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .deleteFrom("staff_invitations")
        .where((eb) => eb.or([eb("expires_at", "<=", stamp), eb("email", "=", email)]))
        .execute();
    },

    /** Removes the invitations that expired by `stamp` (the daily purge); returns how many. */
    async deleteExpired(stamp: string, trx: Kysely<Database> = db): Promise<number> {
      const result = await trx.deleteFrom("staff_invitations").where("expires_at", "<=", stamp).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /**
     * The live invitation behind a token hash, if any, and whether its address
     * has an account (read in the same statement, so an acceptance committing
     * meanwhile is seen either whole or not at all).
     */
    async findLive(tokenHash: string, stamp: string, trx: Kysely<Database> = db) {
      return trx
        .selectFrom("staff_invitations")
        .select(["id", "email", "name", "role"])
        .select((eb) =>
          eb
            .exists(
              eb
                .selectFrom("staff_users")
                .select("staff_users.id")
                .whereRef("staff_users.email", "=", "staff_invitations.email"),
            )
            .as("account_exists"),
        )
        .where("token_hash", "=", tokenHash)
        .where("expires_at", ">", stamp)
        .executeTakeFirst();
    },

    /** The live invitation with this id, if any. */
    async findLiveById(id: number, stamp: string, trx: Kysely<Database> = db) {
      return trx
        .selectFrom("staff_invitations")
        .select(["id", "email", "name", "role"])
        .where("id", "=", id)
        .where("expires_at", ">", stamp)
        .executeTakeFirst();
    },

    /**
     * Deletes the live invitation with this id and returns it, or undefined
     * when none was live. One statement, and a write (SQLite's lock at once).
     */
    async takeLive(id: number, stamp: string, trx: Kysely<Database> = db) {
      return trx
        .deleteFrom("staff_invitations")
        .where("id", "=", id)
        .where("expires_at", ">", stamp)
        .returning(["id", "email", "name", "role"])
        .executeTakeFirst();
    },

    /** Takes the invitation once: deletes it and answers true only for the one caller that did. */
    async take(id: number, trx: Kysely<Database> = db): Promise<boolean> {
      const result = await trx.deleteFrom("staff_invitations").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /** Invitations not yet accepted or expired, newest first. */
    async listLive(stamp: string, trx: Kysely<Database> = db) {
      return trx
        .selectFrom("staff_invitations")
        .select(["id", "email", "name", "role", "expires_at"])
        .where("expires_at", ">", stamp)
        .orderBy("created_at", "desc")
        .execute();
    },
  };
});
