import SQLite from "better-sqlite3";
import { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { perDatabase } from "../../server/db/repository";
import type { Db } from "../../server/db/index";
import type { Database } from "../../server/db/schema";
import { GroupCommitSqliteDialect } from "../../server/db/sqlite";

/** Repositories made once per database (server/db/repository.ts, decision 036). */
describe("perDatabase", () => {
  let db: Db;
  let made: number;
  const repository = perDatabase((on: Db) => {
    made++;
    return { on };
  });

  beforeEach(() => {
    made = 0;
    db = new Kysely<Database>({ dialect: new GroupCommitSqliteDialect(new SQLite(":memory:")) });
  });
  afterEach(() => db.destroy());

  it("makes one repository for a database, however often it is asked for", () => {
    expect(repository(db)).toBe(repository(db));
    expect(made).toBe(1);
    const other = new Kysely<Database>({ dialect: new GroupCommitSqliteDialect(new SQLite(":memory:")) });
    expect(repository(other).on).toBe(other);
    expect(made).toBe(2);
    void other.destroy();
  });

  it("makes one for a transaction each time, bound to that transaction, never the database's", async () => {
    await db.transaction().execute(async (trx) => {
      const first = repository(trx);
      expect(first.on).toBe(trx);
      expect(repository(trx)).not.toBe(first);
      expect(repository(db)).not.toBe(first);
    });
  });
});
