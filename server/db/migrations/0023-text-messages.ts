import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

// Text messages to patients, SMS and WhatsApp (decision 030). Each message
// is a row of text_messages, queued in the transaction that causes it and
// sent once across instances: a worker claims a row by moving it from
// pending to sending (with a lease in locked_until) before it hands it to
// the provider, so a row is never handed over twice; one whose answer was
// lost becomes unknown, never pending again. provider_message_id ties the
// provider's receipts and status calls to the row. The body is the SMS text
// (kept for the staff's history and the SMS fallback); template_json the
// WhatsApp template and its parameters. The patient's choice of channel is
// appointments.contact_preference (null: SMS for a mobile number).
// Portable across SQLite and PostgreSQL.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (col: ColumnDefinitionBuilder) => (isPg ? col.primaryKey() : col.primaryKey().autoIncrement());
  await db.schema
    .createTable("text_messages")
    .addColumn("id", isPg ? "serial" : "integer", id)
    .addColumn("channel", "text", (c) => c.notNull())
    .addColumn("to_number", "text", (c) => c.notNull())
    .addColumn("about_reference", "text")
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("template_json", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("locked_until", "text")
    .addColumn("provider_message_id", "text")
    .addColumn("last_error", "text")
    .addColumn("resent_from", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .addColumn("status_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("text_messages_due").on("text_messages").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("text_messages_about_reference").on("text_messages").column("about_reference").execute();
  await db.schema
    .createIndex("text_messages_provider_id")
    .on("text_messages")
    .columns(["provider_message_id", "channel"])
    .execute();
  await db.schema.createIndex("text_messages_to_number").on("text_messages").column("to_number").execute();
  await db.schema.alterTable("appointments").addColumn("contact_preference", "text").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("appointments").dropColumn("contact_preference").execute();
  await db.schema.dropTable("text_messages").execute();
}
