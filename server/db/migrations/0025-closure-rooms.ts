import { sql, type Kysely } from "kysely";

// A closure of one room (decision 034): a manager takes one room out of
// service (a broken X-ray machine) for a day or a range, beside closing the
// whole clinic. clinic_closures.room holds the room's id (domain/rooms.ts),
// null for the whole clinic. The same closure cannot be stored twice: a
// unique index on the dates and the room (null counted as one value through
// coalesce, which both databases index). Exact duplicates stored before this
// migration (nothing refused them) are merged first, keeping the oldest row:
// the one whose reason patients already saw (closed-dates.ts reads them by
// first day, then id). Portable across SQLite and PostgreSQL.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("clinic_closures").addColumn("room", "text").execute();
  await sql`delete from clinic_closures where id not in (
      select min(id) from clinic_closures group by first_date, last_date
    )`.execute(db);
  await sql`create unique index clinic_closures_once
      on clinic_closures (first_date, last_date, (coalesce(room, '')))`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("clinic_closures_once").execute();
  await db.schema.alterTable("clinic_closures").dropColumn("room").execute();
}
