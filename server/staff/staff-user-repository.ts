import { sql, type Kysely } from "kysely";
import { isPostgres, type Db } from "../db/index";
import type { StaffRole } from "../../domain/staff-roles";
import type { Database } from "../db/schema";
import { perDatabase } from "../db/repository";

/** What sign-in, the second factor and the command line read of an account. */
const ACCOUNT = ["id", "email", "name", "role", "password_hash", "disabled", "totp_secret"] as const;

/** Staff accounts (staff_users). Every method takes an optional transaction. */
export const staffUserRepository = perDatabase((db: Db) => {
  return {
    /** Inserts an enabled account; returns its id, e-mail and name. */
    async create(
      values: { email: string; name: string; role: StaffRole; password_hash: string },
      stamp: string,
      trx: Kysely<Database> = db,
    ) {
      return trx
        .insertInto("staff_users")
        .values({ ...values, disabled: 0, created_at: stamp, updated_at: stamp, last_sign_in_at: null })
        .returning(["id", "email", "name", "role"])
        .executeTakeFirstOrThrow();
    },

    /** The account with this (normalised) e-mail address. */
    async findByEmail(email: string, trx: Kysely<Database> = db) {
      return trx.selectFrom("staff_users").select(ACCOUNT).where("email", "=", email).executeTakeFirst();
    },

    async findById(id: number, trx: Kysely<Database> = db) {
      return trx.selectFrom("staff_users").select(ACCOUNT).where("id", "=", id).executeTakeFirst();
    },

    /** Every account, by e-mail address. */
    async list(trx: Kysely<Database> = db) {
      return trx
        .selectFrom("staff_users")
        .select(["id", "email", "name", "role", "disabled", "totp_enabled_at", "created_at", "last_sign_in_at"])
        .orderBy("email")
        .execute();
    },

    async disable(id: number, stamp: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable("staff_users").set({ disabled: 1, updated_at: stamp }).where("id", "=", id).execute();
    },

    async enable(id: number, stamp: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable("staff_users").set({ disabled: 0, updated_at: stamp }).where("id", "=", id).execute();
    },

    /**
     * Call first in a transaction. Locks the enabled managers' rows until it
     * ends (PostgreSQL), or takes SQLite's write lock at once with a write that
     * changes nothing (SQLite runs one write transaction at a time; one that
     * read first and wrote later would fail at once with "database is locked"
     * when another process, such as the command line, wrote meanwhile). Two
     * changes then cannot each leave the other as the last manager.
     */
    async lockActiveManagers(trx: Kysely<Database>): Promise<void> {
      if (!isPostgres(trx)) {
        await trx
          .updateTable("staff_users")
          .set({ role: sql`role` })
          .where(sql<boolean>`0 = 1`)
          .execute();
        return;
      }
      await trx
        .selectFrom("staff_users")
        .select("id")
        .where("role", "=", "manager")
        .where("disabled", "=", 0)
        .forUpdate()
        .execute();
    },

    /** How many enabled managers there are (the last one may not be disabled or demoted). */
    async countActiveManagers(trx: Kysely<Database> = db): Promise<number> {
      const row = await trx
        .selectFrom("staff_users")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("role", "=", "manager")
        .where("disabled", "=", 0)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async setRole(id: number, role: StaffRole, stamp: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable("staff_users").set({ role, updated_at: stamp }).where("id", "=", id).execute();
    },

    async setLastSignIn(id: number, stamp: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable("staff_users").set({ last_sign_in_at: stamp }).where("id", "=", id).execute();
    },

    async setPassword(id: number, passwordHash: string, stamp: string, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .updateTable("staff_users")
        .set({ password_hash: passwordHash, password_changed_at: stamp, updated_at: stamp })
        .where("id", "=", id)
        .execute();
    },

    /**
     * Stores `step` as the last TOTP step used, only if it is later than the
     * one stored, in one conditional statement; true when stored (so a code is
     * accepted once, even in parallel).
     */
    async useTotpStep(id: number, step: number, trx: Kysely<Database> = db): Promise<boolean> {
      const result = await trx
        .updateTable("staff_users")
        .set({ totp_last_step: step })
        .where("id", "=", id)
        .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Gives an account without a TOTP secret this one, with the step just used; true when set. */
    async enrolTotp(
      id: number,
      secret: string,
      step: number,
      stamp: string,
      trx: Kysely<Database> = db,
    ): Promise<boolean> {
      const updated = await trx
        .updateTable("staff_users")
        .set({ totp_secret: secret, totp_enabled_at: stamp, totp_last_step: step })
        .where("id", "=", id)
        .where("totp_secret", "is", null)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    async clearTotp(id: number, stamp: string, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .updateTable("staff_users")
        .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null, updated_at: stamp })
        .where("id", "=", id)
        .execute();
    },
  };
});
