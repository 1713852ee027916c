import type { Kysely } from "kysely";

// The referring doctor as data (issue 38, decision 071): one row per
// appointment that names its doctor, with the details as given (the booking
// form or the API, corrected by staff). practice_key and email_key are the
// practice number and the e-mail address normalised (upper case without
// spaces; lower case): the same doctor is recognised across referrals by
// either, never by overwriting one referral's details with another's. The row
// goes with its appointment (erasure and the retention purge).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("appointment_referrers")
    .addColumn("appointment_id", "integer", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("practice_number", "text")
    .addColumn("practice_key", "text")
    .addColumn("email", "text")
    .addColumn("email_key", "text")
    .addColumn("phone", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("appointment_referrers_practice_key")
    .on("appointment_referrers")
    .column("practice_key")
    .execute();
  await db.schema
    .createIndex("appointment_referrers_email_key")
    .on("appointment_referrers")
    .column("email_key")
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("appointment_referrers").execute();
}
