import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";

// Who may open an appointment's signed report (issue 38, decision 075).
//
// report_links: the link the referring doctor is e-mailed when a report is
//   attached or replaced. Only the SHA-256 of its token is kept; it works until
//   expires_at (14 days). A 6-digit code is sent when the doctor asks for one
//   on the link's page: code_hash is SHA-256 of the link's token and the code,
//   so the database alone cannot test codes. failures counts wrong codes: the
//   5th locks the link (claimed by one guarded UPDATE, so parallel guesses
//   cannot pass the count); codes_sent caps the codes one link may send.
//   email is the address the link (and its codes)
//   went to; email_key finds the doctor's other referrals.
// report_releases: when the patient may open the report (the first version's
//   time and the release delay), and the wrong dates of birth typed (the 5th
//   locks the patient's access until the clinic unlocks it).
// report_grants: what a correct code or date of birth gives: a cookie of 256
//   random bits (only its hash kept) that opens the report's file for 30
//   minutes, as the doctor (holder "doctor") or the patient ("patient").

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  // Portable across SQLite and PostgreSQL, like 0015: a serial id there.
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (col: ColumnDefinitionBuilder) => (isPg ? col.primaryKey() : col.primaryKey().autoIncrement());
  await db.schema
    .createTable("report_links")
    .addColumn("id", isPg ? "serial" : "integer", id)
    .addColumn("appointment_id", "integer", (c) => c.notNull().references("appointments.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("email_key", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("code_hash", "text")
    .addColumn("code_sent_at", "text")
    .addColumn("codes_sent", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("report_links_appointment").on("report_links").column("appointment_id").execute();
  await db.schema
    .createTable("report_releases")
    .addColumn("appointment_id", "integer", (c) => c.primaryKey().references("appointments.id").onDelete("cascade"))
    .addColumn("release_at", "text", (c) => c.notNull())
    .addColumn("dob_failures", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("report_grants")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("appointment_id", "integer", (c) => c.notNull().references("appointments.id").onDelete("cascade"))
    .addColumn("holder", "text", (c) => c.notNull().check(sql`holder in ('doctor', 'patient')`))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("report_grants").execute();
  await db.schema.dropTable("report_releases").execute();
  await db.schema.dropTable("report_links").execute();
}
