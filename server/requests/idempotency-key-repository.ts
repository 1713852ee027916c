import type { Kysely } from "kysely";
import type { Db } from "../db/index";
import { prepared } from "../db/prepared";
import type { Database, IdempotencyKeyTable } from "../db/schema";
import { perDatabase } from "../db/repository";

/** The reply stored for a key (every public POST reads it): built and compiled once (server/db/prepared.ts). */
const findReply = prepared<{ endpoint: string; key: string }>()((value, trx) =>
  trx
    .selectFrom("idempotency_keys")
    .select(["body_hash", "status_code", "response_json"])
    .where("endpoint", "=", value("endpoint"))
    .where("idempotency_key", "=", value("key")),
);

/** A reply stored (one a booking or enquiry): built and compiled once. */
const insertReply = prepared<IdempotencyKeyTable>()((value, trx) =>
  trx.insertInto("idempotency_keys").values({
    endpoint: value("endpoint"),
    idempotency_key: value("idempotency_key"),
    body_hash: value("body_hash"),
    status_code: value("status_code"),
    response_json: value("response_json"),
    created_at: value("created_at"),
    reference: value("reference"),
  } satisfies Record<keyof IdempotencyKeyTable, unknown>),
);

/** Stored replies to the public POSTs (idempotency_keys). Every method takes an optional transaction. */
export const idempotencyKeyRepository = perDatabase((db: Db) => {
  return {
    /** The reply stored for a key on an endpoint, if any. */
    async find(endpoint: string, key: string, trx: Kysely<Database> = db) {
      const { rows } = await findReply({ endpoint, key }, trx);
      return rows[0];
    },

    /** Stores a reply; a key already stored for the endpoint fails with a unique violation. */
    async create(values: IdempotencyKeyTable, trx: Kysely<Database> = db): Promise<void> {
      await insertReply(values, trx);
    },

    /** Stored replies that gave one of these references (exactly), in the order they were stored. */
    async findByReferences(references: string[], trx: Kysely<Database> = db): Promise<IdempotencyKeyTable[]> {
      if (!references.length) return [];
      return trx
        .selectFrom("idempotency_keys")
        .selectAll()
        .where("reference", "in", references)
        .orderBy("created_at")
        .execute();
    },

    async delete(endpoint: string, key: string, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .deleteFrom("idempotency_keys")
        .where("endpoint", "=", endpoint)
        .where("idempotency_key", "=", key)
        .execute();
    },

    /** Deletes replies stored before `before`; returns how many. */
    async deleteBefore(before: Date, trx: Kysely<Database> = db): Promise<number> {
      const result = await trx
        .deleteFrom("idempotency_keys")
        .where("created_at", "<", before.toISOString())
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
});
