import type { Kysely } from "kysely";

// A patient's private links to their appointment (decision 019): each e-mail
// carries a fresh link, so an appointment may have several. Only the SHA-256
// of a link's token is stored; a link expires 7 days after the appointment's
// date, worked out from the appointment at lookup, so moving the date moves
// the expiry too. Deleting the appointment (erasure, purge) deletes its links.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("appointment_links")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("appointment_id", "integer", (c) => c.notNull().references("appointments.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("appointment_links_appointment")
    .on("appointment_links")
    .column("appointment_id")
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("appointment_links").execute();
}
