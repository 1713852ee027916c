import type { Kysely } from "kysely";
import type { Db } from "../db/index";
import type { Database } from "../db/schema";
import { perDatabase } from "../db/repository";

/** Keys the server makes for itself (server_keys), one row per name. Every method takes an optional transaction. */
export const serverKeyRepository = perDatabase((db: Db) => {
  return {
    /** Stores `value` under `name` unless a value is stored already (insert or ignore). */
    async createIfMissing(name: string, value: string, stamp: string, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .insertInto("server_keys")
        .values({ name, value, created_at: stamp })
        .onConflict((oc) => oc.column("name").doNothing())
        .execute();
    },

    /** The value stored under `name`; throws when there is none. */
    async value(name: string, trx: Kysely<Database> = db): Promise<string> {
      const row = await trx
        .selectFrom("server_keys")
        .select("value")
        .where("name", "=", name)
        .executeTakeFirstOrThrow();
      return row.value;
    },
  };
});
