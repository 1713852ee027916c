import type { Kysely } from "kysely";
import type { Db } from "../db/index";
import type { Database } from "../db/schema";
import { perDatabase } from "../db/repository";

/**
 * Pending sign-ins, password right and second factor still to come
 * (staff_sign_in_challenges), stored by token hash. Every method takes an
 * optional transaction.
 */
export const signInChallengeRepository = perDatabase((db: Db) => {
  return {
    async create(
      values: { token_hash: string; staff_id: number; created_at: string; expires_at: string },
      trx: Kysely<Database> = db,
    ): Promise<void> {
      await trx
        .insertInto("staff_sign_in_challenges")
        .values({ ...values, enrol_secret: null })
        .execute();
    },

    /** The pending sign-in with this token hash and its account. */
    async findWithStaff(tokenHash: string, trx: Kysely<Database> = db) {
      return trx
        .selectFrom("staff_sign_in_challenges")
        .innerJoin("staff_users", "staff_users.id", "staff_sign_in_challenges.staff_id")
        .select([
          "staff_sign_in_challenges.id",
          "staff_sign_in_challenges.expires_at",
          "staff_sign_in_challenges.enrol_secret",
          "staff_users.id as staffId",
          "staff_users.email",
          "staff_users.disabled",
          "staff_users.totp_secret",
        ])
        .where("staff_sign_in_challenges.token_hash", "=", tokenHash)
        .executeTakeFirst();
    },

    /** Sets the secret being enrolled unless one is set already, then returns the one stored. */
    async keepEnrolSecret(id: number, secret: string, trx: Kysely<Database> = db): Promise<string | null> {
      await trx
        .updateTable("staff_sign_in_challenges")
        .set({ enrol_secret: secret })
        .where("id", "=", id)
        .where("enrol_secret", "is", null)
        .execute();
      const row = await trx
        .selectFrom("staff_sign_in_challenges")
        .select("enrol_secret")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      return row.enrol_secret;
    },

    async deleteById(id: number, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom("staff_sign_in_challenges").where("id", "=", id).execute();
    },

    async deleteByTokenHash(tokenHash: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom("staff_sign_in_challenges").where("token_hash", "=", tokenHash).execute();
    },

    async deleteForStaff(staffId: number, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom("staff_sign_in_challenges").where("staff_id", "=", staffId).execute();
    },

    /** Deletes pending sign-ins expired at `now` (ISO). */
    async deleteExpired(now: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom("staff_sign_in_challenges").where("expires_at", "<=", now).execute();
    },
  };
});
