import type { Kysely } from "kysely";

// Idempotency records and per-year reference counters for the public forms.
// Portable across SQLite and PostgreSQL (text timestamps, composite keys).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("idempotency_keys")
    .addColumn("endpoint", "text", (c) => c.notNull())
    .addColumn("idempotency_key", "text", (c) => c.notNull())
    .addColumn("body_hash", "text", (c) => c.notNull())
    .addColumn("status_code", "integer", (c) => c.notNull())
    .addColumn("response_json", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("idempotency_keys_pk", ["endpoint", "idempotency_key"])
    .execute();
  await db.schema.createIndex("idempotency_keys_created_at").on("idempotency_keys").column("created_at").execute();

  await db.schema
    .createTable("reference_counters")
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("year", "integer", (c) => c.notNull())
    .addColumn("last_value", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("reference_counters_pk", ["kind", "year"])
    .execute();

  await db.schema.createIndex("uploads_created_at").on("uploads").column("created_at").execute();
  await db.schema.createIndex("mail_queue_locked_until").on("mail_queue").column("locked_until").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("mail_queue_locked_until").execute();
  await db.schema.dropIndex("uploads_created_at").execute();
  await db.schema.dropTable("reference_counters").execute();
  await db.schema.dropTable("idempotency_keys").execute();
}
