import { sql, type Kysely } from "kysely";

// The language a patient used the site in (decision 037): "en" or "tn". Every
// later message to them (e-mail, SMS, WhatsApp) and their private page use
// it, and staff see it. Rows from before this migration were English.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ["appointments", "enquiries"]) {
    await db.schema
      .alterTable(table)
      .addColumn("language", "text", (c) =>
        c
          .notNull()
          .defaultTo("en")
          .check(sql`language in ('en', 'tn')`),
      )
      .execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["appointments", "enquiries"]) await db.schema.alterTable(table).dropColumn("language").execute();
}
