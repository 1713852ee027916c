import type { Kysely } from "kysely";

// What the operator's metrics read once per scrape (decision 033):
// - job_runs: when each background job (the retention purge) last finished
//   successfully, one row per job, written at the end of the run;
// - mail_queue_sent: the messages sent since a moment, counted from an index
//   rather than a scan of every message ever queued.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("job_runs")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("last_success_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("mail_queue_sent").on("mail_queue").columns(["status", "sent_at"]).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("mail_queue_sent").execute();
  await db.schema.dropTable("job_runs").execute();
}
