import { Migrator, type MigrationProvider } from "kysely";
import { describe, expect } from "vitest";
import type { Db } from "../../server/db/index";
import { migrations } from "../../server/db/migrations/index";
import { onBothDatabases } from "../helpers/migration-check";

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Inserts a closure as the table stood before 0025 (no room column). */
async function closure(db: Db, first: string, last: string, reason: string) {
  await db
    .insertInto("clinic_closures")
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table before migration 0025 has no room
    .values({ first_date: first, last_date: last, reason, created_by: null, created_at: "2026-11-01T08:00:00Z" } as any)
    .execute();
}

/**
 * Migration 0025 (decision 034): closures get a room (null: the whole clinic)
 * and may not be stored twice; exact duplicates stored before are merged
 * into the oldest, whose reason patients saw.
 */
async function checkMigration(db: Db) {
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  expect((await migrator.migrateTo("0022-exact-patient-keys")).error).toBeUndefined();
  await closure(db, "2026-12-01", "2026-12-01", "Staff training");
  await closure(db, "2026-12-01", "2026-12-01", "Staff training (again)");
  await closure(db, "2026-12-01", "2026-12-02", "Longer");

  const up = await migrator.migrateToLatest();
  expect(up.error).toBeUndefined();
  const rows = await db
    .selectFrom("clinic_closures")
    .select(["first_date", "last_date", "reason", "room"])
    .orderBy("id")
    .execute();
  expect(rows).toEqual([
    { first_date: "2026-12-01", last_date: "2026-12-01", reason: "Staff training", room: null },
    { first_date: "2026-12-01", last_date: "2026-12-02", reason: "Longer", room: null },
  ]);
  const add = (room: string | null) =>
    db
      .insertInto("clinic_closures")
      .values({
        first_date: "2026-12-01",
        last_date: "2026-12-01",
        reason: "x",
        room,
        created_by: null,
        created_at: "2026-11-02T08:00:00Z",
      })
      .execute();
  // The same days for one room is another closure; twice is refused, as is the whole clinic twice.
  await add("x-ray");
  await expect(add("x-ray")).rejects.toThrow();
  await expect(add(null)).rejects.toThrow();

  const down = await migrator.migrateTo("0022-exact-patient-keys");
  expect(down.error).toBeUndefined();
}

describe("migration 0025: closures of one room, never twice", () => {
  onBothDatabases("0025", checkMigration);
});
