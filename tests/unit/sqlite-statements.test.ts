import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql, type Generated } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { cachedStatements } from "../../server/db/index";

/** The SQLite connection keeps its prepared statements by their SQL (decision 036). */
describe("cachedStatements", () => {
  const opened: SQLite.Database[] = [];
  afterEach(() => {
    for (const db of opened.splice(0)) if (db.open) db.close();
  });
  const open = () => {
    const db = new SQLite(":memory:");
    opened.push(db);
    db.exec("create table t (id integer primary key, v text)");
    return db;
  };

  it("prepares a statement once and hands the same one back for the same SQL", () => {
    const cached = cachedStatements(open());
    const first = cached.prepare("select v from t where id = ?");
    expect(cached.prepare("select v from t where id = ?")).toBe(first);
    expect(cached.prepare("select id from t where v = ?")).not.toBe(first);
  });

  it("keeps at most `size` statements, dropping the least recently used", () => {
    const cached = cachedStatements(open(), 2);
    const a = cached.prepare("select 1");
    const b = cached.prepare("select 2");
    expect(cached.prepare("select 1")).toBe(a); // now "select 2" is the least recently used
    cached.prepare("select 3");
    expect(cached.prepare("select 1")).toBe(a);
    expect(cached.prepare("select 2")).not.toBe(b);
  });

  it("gives a fresh statement while the kept one is still being iterated", () => {
    const db = open();
    db.exec("insert into t (v) values ('a'), ('b')");
    const cached = cachedStatements(db);
    const kept = cached.prepare("select v from t order by id");
    const rows = kept.iterate([]);
    expect(rows.next().value).toEqual({ v: "a" });
    const meanwhile = cached.prepare("select v from t order by id");
    expect(meanwhile).not.toBe(kept);
    expect(meanwhile.all([])).toEqual([{ v: "a" }, { v: "b" }]);
    expect(rows.next().value).toEqual({ v: "b" });
    rows.return?.();
    expect(cached.prepare("select v from t order by id")).toBe(kept);
  });

  it("runs Kysely's reads and writes through kept statements, seeing every change (a schema change too)", async () => {
    const kysely = new Kysely<{ t: { id: Generated<number>; v: string } }>({
      dialect: new SqliteDialect({ database: cachedStatements(open()) }),
    });
    for (const v of ["a", "b", "c"]) await kysely.insertInto("t").values({ v }).execute();
    const read = () => kysely.selectFrom("t").selectAll().orderBy("id").execute();
    expect(await read()).toEqual([
      { id: 1, v: "a" },
      { id: 2, v: "b" },
      { id: 3, v: "c" },
    ]);
    await sql`alter table t add column w text default 'x'`.execute(kysely);
    expect((await read())[0]).toEqual({ id: 1, v: "a", w: "x" });
    await kysely.destroy();
  });
});
