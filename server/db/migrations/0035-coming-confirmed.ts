import type { Kysely } from "kysely";

// The patient confirms from the reminder's link that they are coming (decision
// 069): coming_confirmed_for holds the confirmed "YYYY-MM-DD HH:MM" they
// confirmed, like reminder_sent_for (migration 0020), so a moved appointment
// asks again, and the desk's figures count the share of reminded
// appointments whose patient confirmed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("appointments").addColumn("coming_confirmed_for", "text").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("appointments").dropColumn("coming_confirmed_for").execute();
}
