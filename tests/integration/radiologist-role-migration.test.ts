import { Migrator, sql, type MigrationProvider } from "kysely";
import { describe, expect } from "vitest";
import { isPostgres, type Db } from "../../server/db/index";
import { migrations } from "../../server/db/migrations/index";
import { onBothDatabases } from "../helpers/migration-check";

const provider: MigrationProvider = { getMigrations: async () => migrations };
const at = "2026-11-01T08:00:00Z";

/**
 * Migration 0038 (decision 072): the radiologist role. On SQLite the staff tables are rebuilt
 * to change their CHECK; every child row of staff_users (sessions, recovery codes, invitations,
 * closures, status history) must come through with its ids, not be cascaded away or nulled.
 */
async function checkMigration(db: Db) {
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  expect((await migrator.migrateTo("0037-referrers")).error).toBeUndefined();
  const staff = (email: string, role: string) =>
    db
      .insertInto("staff_users")
      .values({ email, name: email, password_hash: "h", created_at: at, updated_at: at, role } as never)
      .returning("id")
      .executeTakeFirstOrThrow();
  const manager = await staff("m@clinic.example.org", "manager");
  const desk = await staff("d@clinic.example.org", "reception");
  // Refused before 0038.
  await expect(staff("r@clinic.example.org", "radiologist")).rejects.toThrow();
  await db
    .insertInto("staff_sessions")
    .values({ token_hash: "t1", staff_id: desk.id, created_at: at, last_seen_at: at })
    .execute();
  await db
    .insertInto("staff_recovery_codes")
    .values({ staff_id: manager.id, code_hash: "c1", created_at: at })
    .execute();
  await db
    .insertInto("staff_invitations")
    .values({
      token_hash: "i1",
      email: "n@x.org",
      name: "N",
      role: "reception",
      invited_by: manager.id,
      created_at: at,
      expires_at: at,
    })
    .execute();
  await db
    .insertInto("clinic_closures")
    .values({
      first_date: "2026-12-01",
      last_date: "2026-12-01",
      reason: "r",
      created_by: desk.id,
      created_at: at,
    } as never)
    .execute();

  expect((await migrator.migrateToLatest()).error).toBeUndefined();

  expect(await db.selectFrom("staff_sessions").select(["token_hash", "staff_id"]).execute()).toEqual([
    { token_hash: "t1", staff_id: desk.id },
  ]);
  expect(await db.selectFrom("staff_recovery_codes").select(["code_hash", "staff_id"]).execute()).toEqual([
    { code_hash: "c1", staff_id: manager.id },
  ]);
  expect(await db.selectFrom("staff_invitations").select(["email", "invited_by"]).execute()).toEqual([
    { email: "n@x.org", invited_by: manager.id },
  ]);
  expect(await db.selectFrom("clinic_closures").select("created_by").execute()).toEqual([{ created_by: desk.id }]);
  expect(await db.selectFrom("staff_users").select(["id", "role"]).orderBy("id").execute()).toEqual([
    { id: manager.id, role: "manager" },
    { id: desk.id, role: "reception" },
  ]);
  // The new role is accepted, in accounts and invitations; anything else still refused.
  const radiologist = await staff("r@clinic.example.org", "radiologist");
  expect(radiologist.id).toBeGreaterThan(desk.id);
  await db
    .insertInto("staff_invitations")
    .values({
      token_hash: "i2",
      email: "q@x.org",
      name: "Q",
      role: "radiologist",
      invited_by: null,
      created_at: at,
      expires_at: at,
    })
    .execute();
  await expect(staff("x@clinic.example.org", "owner")).rejects.toThrow();
  // The foreign keys still hold: a session of an unknown account is refused, deleting an account cascades.
  await expect(
    db
      .insertInto("staff_sessions")
      .values({ token_hash: "t2", staff_id: 999, created_at: at, last_seen_at: at })
      .execute(),
  ).rejects.toThrow();
  await db.deleteFrom("staff_users").where("id", "=", radiologist.id).execute();
  if (!isPostgres(db)) {
    expect((await sql`pragma foreign_key_check`.execute(db)).rows).toEqual([]);
  }

  expect((await migrator.migrateTo("0037-referrers")).error).toBeUndefined();
  expect(await db.selectFrom("staff_sessions").select("token_hash").execute()).toEqual([{ token_hash: "t1" }]);
}

describe("migration 0038: the radiologist role, the staff tables' rows kept", () => {
  onBothDatabases("0038", checkMigration);
});
