import { sql, type Kysely } from "kysely";

// Two reads of every booking, each from an index that holds what it looks for (decision 085).
//
// What the rooms hold, from an index of the confirmed appointments alone. The
// free times (heldBetween: the slots API, booking a time, the alternatives to
// a time taken) read the confirmed appointments of a few rooms over a range
// of starts, and SQLite's overlap triggers (migration 0016) look for a
// confirmed appointment in the new one's room and time on every write of a
// confirmed row. Both used appointments_status_confirmed_date (status =
// 'confirmed'), which reads every confirmed appointment ever kept, each from
// the table: the longer the schedule ahead, the slower every free time and
// every booked time. appointments_room_holds holds the confirmed
// appointments only, by room and start, with their end, so each reads the
// room's range and nothing else, from the index alone. Partial: a request
// (the booking path's insert) writes no entry in it. Its readers name the
// status as a literal, which both databases need to match a partial index (a
// parameter does not).
//
// A possible duplicate request (decision 049: the same patient, service and
// day), looked for before every booking is stored, read every appointment
// asked for that day from the table by appointments_requested_date (a day
// holds a few hundred). appointments_requested_date_phone replaces it: the
// day and the phone number lead to the patient's own few, and every reader
// of the day alone (ranges of days, a list of days) still reads its first
// column. One index for one, so a booking writes as many entries as before.
//
// tests/integration/booking-query-plans.test.ts holds these reads to them.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("appointments_room_holds")
    .on("appointments")
    .columns(["room", "starts_at", "ends_at"])
    .where(sql.ref("status"), "=", sql.lit("confirmed"))
    .execute();
  await db.schema
    .createIndex("appointments_requested_date_phone")
    .on("appointments")
    .columns(["requested_date", "phone"])
    .execute();
  await db.schema.dropIndex("appointments_requested_date").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("appointments_requested_date").on("appointments").column("requested_date").execute();
  await db.schema.dropIndex("appointments_requested_date_phone").execute();
  await db.schema.dropIndex("appointments_room_holds").execute();
}
