import type { Kysely } from "kysely";

// The front desk's records (decision 035).
//
// staff_audit.target_name: who a line about a colleague's account or an
// invitation was about, written when the line is (the name and address; an
// invitation's row is gone once it is accepted, withdrawn or expired, so it
// cannot be joined later). Never a patient: lines about appointments keep
// only the appointment's id, which the log joins to its reference while the
// appointment is held. The index serves the log's filters by person and
// date, and the check that collapses one person's repeated views of one
// appointment into one line.
//
// mail_queue.forget_after_send: 1 for a message that must outlive the
// erasure of the patient it is sent to (the notice that an upcoming
// appointment is cancelled): a later erasure leaves it queued, and once it
// is sent its recipient and body are blanked at once instead of after
// RETAIN_SENT_MAIL_DAYS.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("staff_audit").addColumn("target_name", "text").execute();
  await db.schema
    .createIndex("staff_audit_staff_created")
    .on("staff_audit")
    .columns(["staff_id", "created_at"])
    .execute();
  await db.schema
    .alterTable("mail_queue")
    .addColumn("forget_after_send", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("mail_queue").dropColumn("forget_after_send").execute();
  await db.schema.dropIndex("staff_audit_staff_created").execute();
  await db.schema.alterTable("staff_audit").dropColumn("target_name").execute();
}
