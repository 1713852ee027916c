import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, sql, type Generated } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GroupCommitSqliteDialect, type GroupCommitOptions } from "../../server/db/sqlite";
import { cachedStatements } from "../../server/db/statement-cache";

/** Kysely's SQLite dialect with kept statements and group commit (server/db/sqlite.ts, decision 036). */

interface Schema {
  t: { id: Generated<number>; v: string };
}

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
    const prepare = cachedStatements(open());
    const first = prepare("select v from t where id = ?");
    expect(prepare("select v from t where id = ?")).toBe(first);
    expect(prepare("select id from t where v = ?")).not.toBe(first);
  });

  it("keeps at most `size` statements, dropping the least recently used", () => {
    const prepare = cachedStatements(open(), 2);
    const a = prepare("select 1");
    const b = prepare("select 2");
    expect(prepare("select 1")).toBe(a); // now "select 2" is the least recently used
    prepare("select 3");
    expect(prepare("select 1")).toBe(a);
    expect(prepare("select 2")).not.toBe(b);
  });

  it("gives a fresh statement while the kept one is still being iterated", () => {
    const db = open();
    db.exec("insert into t (v) values ('a'), ('b')");
    const prepare = cachedStatements(db);
    const kept = prepare("select v from t order by id");
    const rows = kept.iterate([]);
    expect(rows.next().value).toEqual({ v: "a" });
    const meanwhile = prepare("select v from t order by id");
    expect(meanwhile).not.toBe(kept);
    expect(meanwhile.all([])).toEqual([{ v: "a" }, { v: "b" }]);
    expect(rows.next().value).toEqual({ v: "b" });
    rows.return?.();
    expect(prepare("select v from t order by id")).toBe(kept);
  });
});

describe("group commit", () => {
  let dir: string;
  let file: string;
  let db: Kysely<Schema>;
  let commits: number[];
  /** Another connection to the same file: it sees only what is committed. */
  let other: SQLite.Database;

  /**
   * No group grows old here but in the test of that rule: on a busy machine
   * four transactions can take longer than GROUP_MAX_MS, and the commits
   * counted would then depend on the machine's load.
   */
  const NOT_OLD = 60_000;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-group-"));
    file = path.join(dir, "t.sqlite");
    const database = new SQLite(file);
    database.pragma("journal_mode = WAL");
    database.pragma("synchronous = FULL");
    database.pragma("busy_timeout = 5000");
    database.exec("create table t (id integer primary key, v text not null unique)");
    commits = [];
    db = new Kysely<Schema>({
      dialect: new GroupCommitSqliteDialect(database, {
        onCommit: (units) => commits.push(units),
        maxGroupMs: NOT_OLD,
      }),
    });
    other = new SQLite(file);
  });
  afterEach(async () => {
    other.close();
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const committed = () => (other.prepare("select v from t order by v").all() as { v: string }[]).map((r) => r.v);
  const insert = (v: string) => db.insertInto("t").values({ v }).execute();
  /** One row written by a transaction of its own. */
  const insertInTransaction = (v: string) =>
    db.transaction().execute((trx) => trx.insertInto("t").values({ v }).execute());
  /** Opens the test's database again (WAL) through a driver with these options: syncs the test answers, say. */
  const reopen = async (options: GroupCommitOptions) => {
    await db.destroy();
    const database = new SQLite(file);
    database.pragma("journal_mode = WAL");
    db = new Kysely<Schema>({ dialect: new GroupCommitSqliteDialect(database, options) });
    return database;
  };

  it("commits transactions made together once, and each resolves only when that commit is done", async () => {
    const done: string[] = [];
    await Promise.all(
      ["a", "b", "c", "d"].map((v) =>
        db
          .transaction()
          .execute(async (trx) => {
            await trx.insertInto("t").values({ v }).execute();
            await trx
              .insertInto("t")
              .values({ v: `${v}2` })
              .execute();
          })
          .then(() => {
            // Resolved: on disk, so another connection sees it (and everything of its group).
            expect(committed()).toContain(v);
            done.push(v);
          }),
      ),
    );
    expect(done.sort()).toEqual(["a", "b", "c", "d"]);
    expect(commits).toEqual([4]);
    expect(committed()).toEqual(["a", "a2", "b", "b2", "c", "c2", "d", "d2"]);
  });

  it("a finished transaction waits for the commit while a later one still runs, and nothing shows before", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let firstDone = false;
    const first = db
      .transaction()
      .execute((trx) => trx.insertInto("t").values({ v: "first" }).execute())
      .then(() => (firstDone = true));
    // The second holds the connection (it began before the group could commit).
    const second = db.transaction().execute(async (trx) => {
      await trx.insertInto("t").values({ v: "second" }).execute();
      await gate;
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(firstDone).toBe(false);
    expect(committed()).toEqual([]);
    release();
    await Promise.all([first, second]);
    expect(committed()).toEqual(["first", "second"]);
    expect(commits).toEqual([2]);
  });

  it("answers a commit only once the log holding it is synced; commits made during a sync wait for the next one", async () => {
    const syncs: { file: string; done: () => void }[] = [];
    const database = await reopen({
      syncFile: (synced) => new Promise<void>((done) => syncs.push({ file: synced, done })),
    });
    const answered: string[] = [];
    const book = (v: string) => insert(v).then(() => answered.push(v));
    const first = book("first");
    const pause = () => new Promise((resolve) => setTimeout(resolve, 20));
    await pause();
    // Committed (another connection sees it), not yet answered: its sync has not returned.
    expect(committed()).toEqual(["first"]);
    expect(answered).toEqual([]);
    expect(syncs.map((s) => path.basename(s.file))).toEqual([path.basename(dir)]); // the log's folder, once
    syncs.shift()!.done();
    await pause();
    expect(syncs.map((s) => path.basename(s.file))).toEqual(["t.sqlite-wal"]);
    // A second commit while the log's sync runs waits for a sync of its own.
    const second = book("second");
    await pause();
    expect(syncs).toHaveLength(1);
    syncs.shift()!.done();
    await first;
    expect(answered).toEqual(["first"]);
    await pause();
    expect(syncs.map((s) => path.basename(s.file))).toEqual(["t.sqlite-wal"]);
    syncs.shift()!.done();
    await second;
    expect(answered).toEqual(["first", "second"]);
    expect(database.pragma("synchronous", { simple: true })).toBe(1); // NORMAL: the driver syncs the log itself
  });

  it("while the log is being synced, the group stays open and commits once when the sync returns", async () => {
    const syncs: (() => void)[] = [];
    await reopen({
      syncFile: () => new Promise<void>((done) => syncs.push(done)),
      onCommit: (units) => commits.push(units),
      maxGroupMs: NOT_OLD,
    });
    const pause = () => new Promise((resolve) => setTimeout(resolve, 20));
    const first = insert("a");
    await pause();
    syncs.shift()!(); // the log's folder, once
    await pause();
    expect(syncs).toHaveLength(1); // the log's sync for "a" runs
    // Two writes, each alone with the connection idle after it: before, each was a commit of its own.
    const later = [insert("b"), pause().then(() => insert("c"))];
    await pause();
    await pause();
    expect(committed()).toEqual(["a"]);
    syncs.shift()!();
    await first;
    await pause();
    expect(committed()).toEqual(["a", "b", "c"]); // one commit for both, made when the sync returned
    expect(syncs).toHaveLength(1);
    syncs.shift()!();
    await Promise.all(later);
    expect(commits).toEqual([1, 2]);
  });

  it("a transaction that fails takes only its own writes back; the others in its group are kept", async () => {
    await insert("taken");
    const results = await Promise.allSettled([
      insertInTransaction("kept-1"),
      db.transaction().execute(async (trx) => {
        await trx.insertInto("t").values({ v: "undone" }).execute();
        await trx.insertInto("t").values({ v: "taken" }).execute(); // unique: fails
      }),
      db.transaction().execute(async (trx) => {
        await trx.insertInto("t").values({ v: "thrown" }).execute();
        throw new Error("changed my mind");
      }),
      insertInTransaction("kept-2"),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "rejected", "fulfilled"]);
    expect(committed()).toEqual(["kept-1", "kept-2", "taken"]);
  });

  it("a write outside a transaction joins the group and answers once durable; a read answers at once", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const holder = db.transaction().execute(async (trx) => {
      await trx.insertInto("t").values({ v: "held" }).execute();
      await gate;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    let written = false;
    const write = insert("loose").then(() => (written = true));
    // The read waits for the connection (the transaction holds it), then answers without waiting for the disk.
    const read = db.selectFrom("t").select("v").orderBy("v").execute();
    release();
    expect((await read).map((r) => r.v)).toEqual(["held", "loose"]);
    await holder;
    await write;
    expect(written).toBe(true);
    expect(committed()).toEqual(["held", "loose"]);
  });

  it("a failing commit fails every transaction of its group, and the next group works", async () => {
    // A deferred foreign key is checked at the commit, not at the savepoint's release.
    await sql`create table child (id integer primary key, parent integer references t (id) deferrable initially deferred)`.execute(
      db,
    );
    await sql`pragma foreign_keys = on`.execute(db);
    const results = await Promise.allSettled([
      insertInTransaction("innocent"),
      db.transaction().execute((trx) => sql`insert into child (parent) values (12345)`.execute(trx)),
    ]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(committed()).toEqual([]);
    await insertInTransaction("later");
    expect(committed()).toEqual(["later"]);
  });

  it("a transaction SQLite rolled back whole fails with its group, and runs nothing more outside it", async () => {
    await insert("taken");
    const results = await Promise.allSettled([
      insertInTransaction("before"),
      db.transaction().execute(async (trx) => {
        await trx.insertInto("t").values({ v: "mine" }).execute();
        // OR ROLLBACK: the conflict ends the whole real transaction (as an I/O error or a full disk may).
        await sql`insert or rollback into t (v) values ('taken')`.execute(trx).catch(() => undefined);
        await trx.insertInto("t").values({ v: "after" }).execute();
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    for (const r of results) expect(String((r as PromiseRejectedResult).reason)).toMatch(/UNIQUE constraint failed/);
    expect(committed()).toEqual(["taken"]);
    await insert("later");
    expect(committed()).toEqual(["later", "taken"]);
  });

  it("a log that cannot be synced fails the commits it was for, and the database then takes no more work", async () => {
    let failures = 1;
    await reopen({
      syncFile: async (synced) => {
        if (synced.endsWith("-wal") && failures-- > 0) throw new Error("EIO: i/o error, fdatasync");
      },
    });
    await expect(insert("unsure")).rejects.toThrow(/could not be synced to disk \(Error: EIO/);
    await expect(insert("next")).rejects.toThrow(/could not be synced/);
    await expect(insertInTransaction("x")).rejects.toThrow(/could not be synced/);
    await expect(db.selectFrom("t").selectAll().execute()).rejects.toThrow(/could not be synced/);
    expect(committed()).not.toContain("next");
  });

  it("VACUUM's rewrite is answered only once the log holding it is synced", async () => {
    await insert("a");
    const syncs: (() => void)[] = [];
    await reopen({
      syncFile: () => new Promise<void>((done) => syncs.push(done)),
    });
    let vacuumed = false;
    const vacuum = sql`VACUUM`.execute(db).then(() => (vacuumed = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(vacuumed).toBe(false);
    while (!vacuumed) {
      syncs.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await vacuum;
  });

  it("VACUUM and other statements that cannot run in a transaction commit the group first", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const waiting = db.transaction().execute(async (trx) => {
      await trx.insertInto("t").values({ v: "before" }).execute();
      await gate;
    });
    const vacuum = sql`VACUUM`.execute(db);
    release();
    await Promise.all([waiting, vacuum]);
    expect(committed()).toEqual(["before"]);
  });

  it("commits an old group before letting the next waiting one in, so a steady load is not held back", async () => {
    await db.destroy();
    const database = new SQLite(file);
    database.pragma("journal_mode = WAL");
    // GROUP_MAX_MS, as the server runs it.
    db = new Kysely<Schema>({
      dialect: new GroupCommitSqliteDialect(database, { onCommit: (units) => commits.push(units) }),
    });
    const writes = Array.from({ length: 50 }, (_, i) =>
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto("t")
          .values({ v: `w${i}` })
          .execute();
        await new Promise((resolve) => setTimeout(resolve, 1)); // each holds the connection a moment
      }),
    );
    await Promise.all(writes);
    expect(commits.length).toBeGreaterThan(1);
    expect(commits.reduce((a, b) => a + b, 0)).toBe(50);
    expect(committed()).toHaveLength(50);
  });

  it("two connections in one process write side by side: each waits for the other's write lock without blocking the loop", async () => {
    const second = new SQLite(file);
    second.pragma("busy_timeout = 5000");
    const db2 = new Kysely<Schema>({ dialect: new GroupCommitSqliteDialect(second) });
    try {
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          (i % 2 ? db : db2).transaction().execute(async (trx) => {
            await trx
              .insertInto("t")
              .values({ v: `v${i}` })
              .execute();
            await new Promise((resolve) => setImmediate(resolve)); // hold the group open across a turn
          }),
        ),
      );
      expect(committed()).toHaveLength(40);
    } finally {
      await db2.destroy();
    }
  });

  it("runs Kysely's reads and writes through kept statements, a schema change too", async () => {
    for (const v of ["a", "b", "c"]) await insert(v);
    const read = () => db.selectFrom("t").selectAll().orderBy("id").execute();
    expect(await read()).toEqual([
      { id: 1, v: "a" },
      { id: 2, v: "b" },
      { id: 3, v: "c" },
    ]);
    await sql`alter table t add column w text default 'x'`.execute(db);
    expect((await read())[0]).toEqual({ id: 1, v: "a", w: "x" });
  });
});
