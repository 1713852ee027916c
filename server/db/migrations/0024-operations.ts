import type { Kysely } from "kysely";

// What the operator's metrics read once per scrape (decision 033), each from
// an index, so a scrape costs the same however much the clinic has stored:
// - job_runs: when each background job (the retention purge) last finished
//   successfully, one row per job, written at the end of the run;
// - mail_queue_sent: the messages sent since a moment;
// - appointments_status_confirmed_date replaces appointments_status: the
//   confirmed appointments of given days (the reminders, read by the reminder
//   job too) without reading every confirmed appointment ever made, and every
//   query by status alone still uses its first column. One index for one, so
//   writing an appointment costs what it did.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("job_runs")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("last_success_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("mail_queue_sent").on("mail_queue").columns(["status", "sent_at"]).execute();
  await db.schema
    .createIndex("appointments_status_confirmed_date")
    .on("appointments")
    .columns(["status", "confirmed_date"])
    .execute();
  await db.schema.dropIndex("appointments_status").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("appointments_status").on("appointments").column("status").execute();
  await db.schema.dropIndex("appointments_status_confirmed_date").execute();
  await db.schema.dropIndex("mail_queue_sent").execute();
  await db.schema.dropTable("job_runs").execute();
}
