import { PostgresAdapter, type Kysely } from "kysely";

// The imaging machines' worklist (issue 36, decision 065).
// - clinic_patients: one clinic patient ID per person, found again by a hash
//   of the ID or passport number together with the date of birth (never the
//   number itself, which must not travel to the machines).
// - appointments.clinic_patient_id: the ID given when the appointment was
//   first confirmed; appointments.study_uid: its Study Instance UID
//   (2.25.<uuid as an integer>), made once; appointments.arrived_at: when
//   reception marked the patient arrived.
// - worklist_outbox: appointments whose worklist file must be written again
//   or removed, a row added in each transaction that changed one.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("clinic_patients")
    .addColumn("match_key", "text", (c) => c.primaryKey())
    .addColumn("patient_id", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.alterTable("appointments").addColumn("clinic_patient_id", "text").execute();
  await db.schema.alterTable("appointments").addColumn("study_uid", "text").execute();
  await db.schema.alterTable("appointments").addColumn("arrived_at", "text").execute();
  await db.schema
    .createTable("worklist_outbox")
    .addColumn("id", isPg ? "serial" : "integer", (c) => (isPg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("appointment_id", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("worklist_outbox").execute();
  await db.schema.alterTable("appointments").dropColumn("arrived_at").execute();
  await db.schema.alterTable("appointments").dropColumn("study_uid").execute();
  await db.schema.alterTable("appointments").dropColumn("clinic_patient_id").execute();
  await db.schema.dropTable("clinic_patients").execute();
}
