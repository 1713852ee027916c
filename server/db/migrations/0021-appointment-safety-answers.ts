import type { Kysely } from "kysely";

// The pre-exam safety answers a patient gives on their private page
// (decision 020): JSON by question id (domain/safety-questions.ts) and
// when they were last saved. Kept on the appointment row, so erasure and the
// retention purge remove them with it.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("appointments").addColumn("safety_answers", "text").execute();
  await db.schema.alterTable("appointments").addColumn("safety_saved_at", "text").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("appointments").dropColumn("safety_saved_at").execute();
  await db.schema.alterTable("appointments").dropColumn("safety_answers").execute();
}
