import { sql, type Kysely } from "kysely";

// What the rooms hold, read from an index of the confirmed appointments alone
// (decision 085). The free times (heldBetween: the slots API, booking a time,
// the alternatives to a time taken) read the confirmed appointments of a few
// rooms over a range of starts, and SQLite's overlap triggers (migration 0016)
// look for a confirmed appointment in the new one's room and time on every
// write of a confirmed row. Both used appointments_status_confirmed_date
// (status = 'confirmed'), which reads every confirmed appointment ever kept,
// each from the table: the longer the schedule ahead, the slower every free
// time and every booked time. This index holds the confirmed appointments
// only, by room and start, with their end, so each reads the room's range and
// nothing else, from the index alone. Partial: a request (the booking path's
// insert) writes no entry in it. Its readers name the status as a literal,
// which both databases need to match a partial index (a parameter does not).
// tests/integration/booking-query-plans.test.ts holds them to it.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("appointments_room_holds")
    .on("appointments")
    .columns(["room", "starts_at", "ends_at"])
    .where(sql.ref("status"), "=", sql.lit("confirmed"))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("appointments_room_holds").execute();
}
