import type { Kysely } from "kysely";

// Every column that refers to an appointment has an index, so that a change to
// an appointment row never reads a whole table to check its references (the
// booking path's query plans, tests/integration/booking-query-plans.test.ts):
// report_grants (0039), and freed_times' two references (0040).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("report_grants_appointment").on("report_grants").column("appointment_id").execute();
  await db.schema.createIndex("freed_times_from").on("freed_times").column("from_appointment_id").execute();
  await db.schema.createIndex("freed_times_filled_by").on("freed_times").column("filled_by").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("freed_times_filled_by").execute();
  await db.schema.dropIndex("freed_times_from").execute();
  await db.schema.dropIndex("report_grants_appointment").execute();
}
