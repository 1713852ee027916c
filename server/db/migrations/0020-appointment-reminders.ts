import type { Kysely } from "kysely";

// The reminder e-mail the day before a confirmed appointment (decision 019) is
// sent once per confirmed date and time: reminder_sent_for holds the
// "YYYY-MM-DD HH:MM" it was sent for, so a moved and confirmed-again
// appointment gets one new reminder and a cancelled one none.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("appointments").addColumn("reminder_sent_for", "text").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("appointments").dropColumn("reminder_sent_for").execute();
}
