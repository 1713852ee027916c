import { PostgresAdapter, type Kysely } from "kysely";

// The images have arrived (issue 36, decision 066).
// - appointments.images_received_at: when Orthanc first had a study with the
//   appointment's accession number (or staff linked one by hand);
//   appointments.orthanc_study_id: that study's Orthanc ID.
// - appointment_status_history.actor: who made a change that no staff member
//   or patient made ("images": the site, on the images' arrival); null as before.
// - orthanc_feed: one row, the position in Orthanc's /changes feed (the last
//   change read and acted on), with when Orthanc was last reached and since
//   when it has been out of reach.
// - unmatched_studies: studies whose accession number matched no appointment,
//   for staff to link by hand (the patient's name as Orthanc has it: personal data).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable("appointments").addColumn("images_received_at", "text").execute();
  await db.schema.alterTable("appointments").addColumn("orthanc_study_id", "text").execute();
  await db.schema.alterTable("appointment_status_history").addColumn("actor", "text").execute();
  await db.schema
    .createTable("orthanc_feed")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("position", "bigint", (c) => c.notNull())
    .addColumn("last_reached_at", "text")
    .addColumn("unreachable_since", "text")
    .addColumn("problem", "text")
    .execute();
  await db.schema
    .createTable("unmatched_studies")
    .addColumn("id", isPg ? "serial" : "integer", (c) => (isPg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("orthanc_id", "text", (c) => c.notNull().unique())
    .addColumn("accession", "text")
    .addColumn("study_date", "text")
    .addColumn("patient_name", "text")
    .addColumn("modality", "text")
    .addColumn("received_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("unmatched_studies_received").on("unmatched_studies").column("received_at").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("unmatched_studies").execute();
  await db.schema.dropTable("orthanc_feed").execute();
  await db.schema.alterTable("appointment_status_history").dropColumn("actor").execute();
  await db.schema.alterTable("appointments").dropColumn("orthanc_study_id").execute();
  await db.schema.alterTable("appointments").dropColumn("images_received_at").execute();
}
