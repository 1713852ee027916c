import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { isPostgres, migrate, openDb } from "../../server/db/index";
import { migrations } from "../../server/db/migrations/index";
import { createTestDatabase } from "../helpers/pg";

const admin = process.env.TEST_DATABASE_URL;

// Runs only against a real PostgreSQL server (npm test's second pass, or TEST_DATABASE_URL=… npx vitest).
describe.skipIf(!admin)("PostgreSQL", () => {
  it("opens PostgreSQL from a postgres:// DATABASE_URL", async () => {
    const target = await createTestDatabase(admin!);
    const db = openDb({ dataDir: "/nonexistent", databaseUrl: target.url });
    try {
      expect(isPostgres(db)).toBe(true);
      const { rows } = await sql<{ v: string }>`select version() as v`.execute(db);
      expect(rows[0]?.v).toMatch(/^PostgreSQL/);
    } finally {
      await db.destroy();
      await target.drop();
    }
  });

  it("instances starting together migrate once: the others wait for the lock and find nothing to do", async () => {
    const target = await createTestDatabase(admin!);
    const instances = Array.from({ length: 4 }, () => openDb({ dataDir: "/nonexistent", databaseUrl: target.url }));
    try {
      await Promise.all(instances.map((db) => migrate(db)));
      const db = instances[0]!;
      const { rows } = await sql<{ name: string; n: string }>`
        select name, count(*) as n from kysely_migration group by name order by name`.execute(db);
      expect(rows.map((r) => [r.name, Number(r.n)])).toEqual(Object.keys(migrations).map((name) => [name, 1]));
      // The schema works with portable queries: serial ids come back as numbers.
      const now = new Date().toISOString();
      const inserted = await db
        .insertInto("enquiries")
        .values({
          reference: "E-TEST-1",
          name: "A",
          phone: "+26771000000",
          email: "a@example.org",
          description: "d",
          status: "new",
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      expect(typeof inserted.id).toBe("number");
    } finally {
      await Promise.all(instances.map((db) => db.destroy()));
      await target.drop();
    }
  });
});
