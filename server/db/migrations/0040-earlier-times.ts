import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

// Earlier times (issue 37, decision 070).
//
// appointments.earlier_wanted_at: when the patient asked to be told if an
// earlier time opens (ISO); null: not on the list.
//
// freed_times: a room's hold given back (a cancellation, a move, a closure
// lifted, a room back in service), kept while it is offered: its room and its
// clinic-local minutes [starts_at, ends_at) as migration 0016 counts them,
// when the next batch of offers may go (next_batch_at), how many batches went,
// and how it ended: filled (by which appointment, how many days it gained the
// patient) or ended (taken by someone else, too close, nobody left to offer).
//
// earlier_offers: one offer of a freed time to one patient's appointment: the
// time offered and the patient's own time then, the batch, the hash of the
// link's token (never the token), when it expires, and when it ended.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (col: ColumnDefinitionBuilder) => (isPg ? col.primaryKey() : col.primaryKey().autoIncrement());
  const idType = isPg ? "serial" : "integer";
  await db.schema.alterTable("appointments").addColumn("earlier_wanted_at", "text").execute();
  await db.schema
    .createTable("freed_times")
    .addColumn("id", idType, id)
    .addColumn("room", "text", (c) => c.notNull())
    .addColumn("date", "text", (c) => c.notNull())
    .addColumn("starts_at", "integer", (c) => c.notNull())
    .addColumn("ends_at", "integer", (c) => c.notNull())
    .addColumn("cause", "text", (c) => c.notNull())
    .addColumn("from_appointment_id", "integer", (c) => c.references("appointments.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("next_batch_at", "text")
    .addColumn("batches", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("filled_at", "text")
    .addColumn("filled_by", "integer", (c) => c.references("appointments.id").onDelete("set null"))
    .addColumn("days_gained", "integer")
    .addColumn("ended_at", "text")
    .execute();
  await db.schema.createIndex("freed_times_open").on("freed_times").columns(["ended_at", "next_batch_at"]).execute();
  await db.schema.createIndex("freed_times_filled").on("freed_times").column("filled_at").execute();
  await db.schema
    .createTable("earlier_offers")
    .addColumn("id", idType, id)
    .addColumn("freed_time_id", "integer", (c) => c.notNull().references("freed_times.id").onDelete("cascade"))
    .addColumn("appointment_id", "integer", (c) => c.notNull().references("appointments.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("offered_date", "text", (c) => c.notNull())
    .addColumn("offered_time", "text", (c) => c.notNull())
    .addColumn("own_date", "text", (c) => c.notNull())
    .addColumn("own_time", "text", (c) => c.notNull())
    .addColumn("batch", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("taken_at", "text")
    .addColumn("ended_at", "text")
    .addUniqueConstraint("earlier_offers_once", ["freed_time_id", "appointment_id"])
    .execute();
  await db.schema.createIndex("earlier_offers_appointment").on("earlier_offers").column("appointment_id").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("earlier_offers").execute();
  await db.schema.dropTable("freed_times").execute();
  await db.schema.alterTable("appointments").dropColumn("earlier_wanted_at").execute();
}
