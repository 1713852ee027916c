import SQLite from "better-sqlite3";
import { Kysely, sql, type Generated } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { prepared } from "../../server/db/prepared";
import type { Database } from "../../server/db/schema";
import { GroupCommitSqliteDialect } from "../../server/db/sqlite";

/** Statements built and compiled once, run again with new values (server/db/prepared.ts, decision 036). */

interface Schema {
  t: { id: Generated<number>; v: string; n: number | null; kind: string };
}

describe("prepared queries", () => {
  let db: Kysely<Schema>;
  let statements: string[];

  beforeEach(() => {
    const database = new SQLite(":memory:");
    database.exec("create table t (id integer primary key, v text not null, n integer, kind text not null)");
    statements = [];
    db = new Kysely<Schema>({
      dialect: new GroupCommitSqliteDialect(database),
      log: (event) => void statements.push(event.query.sql),
    });
  });
  afterEach(() => db.destroy());

  // The helper is typed by the server's schema; these tests run it on a table of their own.
  const on = (k: Kysely<Schema>) => k as unknown as Kysely<Database>;
  const asTest = (k: Kysely<Database>) => k as unknown as Kysely<Schema>;

  const insert = prepared<{ v: string; n: number | null }>()((value, k) =>
    asTest(k)
      .insertInto("t")
      .values({ v: value("v"), n: value("n"), kind: "fixed" })
      .returningAll(),
  );
  const byV = prepared<{ v: string }>()((value, k) =>
    asTest(k).selectFrom("t").select(["id", "n"]).where("v", "=", value("v")).orderBy("id"),
  );

  it("runs the SQL Kysely compiles, with each run's values in place of the names and the written ones kept", async () => {
    const first = await insert({ v: "a", n: 1 }, on(db));
    const second = await insert({ v: "b", n: null }, on(db));
    expect(first.rows).toEqual([{ id: 1, v: "a", n: 1, kind: "fixed" }]);
    expect(second.rows).toEqual([{ id: 2, v: "b", n: null, kind: "fixed" }]);
    const built = asTest(on(db)).insertInto("t").values({ v: "x", n: 0, kind: "fixed" }).returningAll().compile().sql;
    expect(statements).toEqual([built, built]);
    expect((await byV({ v: "b" }, on(db))).rows).toEqual([{ id: 2, n: null }]);
    expect((await byV({ v: "none" }, on(db))).rows).toEqual([]);
  });

  it("runs in a transaction, and rolls back with it", async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await insert({ v: "undone", n: 1 }, on(trx));
        expect((await byV({ v: "undone" }, on(trx))).rows).toHaveLength(1);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect((await byV({ v: "undone" }, on(db))).rows).toEqual([]);
    const { rows } = await sql<{ count: number }>`select count(*) as count from t`.execute(db);
    expect(rows[0]!.count).toBe(0);
  });

  it("refuses a value left undefined (Kysely would have left its column out), and writes nothing", async () => {
    await expect(insert({ v: "a", n: undefined as unknown as null }, on(db))).rejects.toThrow(
      'prepared query: no value for "n"',
    );
    expect((await byV({ v: "a" }, on(db))).rows).toEqual([]);
  });
});
