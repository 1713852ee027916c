import type { Kysely } from "kysely";

// The WhatsApp webhook's events already acted on (decision 039): a status
// ("status:<message id>:<status>") or an inbound message ("message:<message
// id>"), so a replayed or repeated call changes nothing. Ids only, nothing
// personal; kept WEBHOOK_EVENTS_KEPT_DAYS, then deleted by the daily purge.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("whatsapp_webhook_events")
    .addColumn("event_key", "text", (c) => c.primaryKey())
    .addColumn("received_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("whatsapp_webhook_events_received_at")
    .on("whatsapp_webhook_events")
    .column("received_at")
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("whatsapp_webhook_events").execute();
}
