import { sql, type Kysely } from "kysely";

// An appointment the patient booked online at a free time (decision 063):
// inserted confirmed, in a room, with the room and time it holds in the
// columns migration 0016 added (room, starts_at, ends_at: the examination and
// its changeover), so the same constraint refuses a second booking of that
// room and time. booked_online marks it for staff ("booked online"); 0 for
// every request and every appointment staff confirmed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("appointments")
    .addColumn("booked_online", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`booked_online in (0, 1)`),
    )
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("appointments").dropColumn("booked_online").execute();
}
