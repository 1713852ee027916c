import { PostgresAdapter, sql, type Kysely } from "kysely";

// Rooms and times of confirmed appointments (decision 018). A
// confirmed appointment holds a room (domain/rooms.ts) from starts_at to
// ends_at: clinic-local minutes since 1970-01-01 (domain/rooms.ts
// clinicMinutes), a half-open range. The database refuses two confirmed
// appointments that overlap in one room; an appointment that leaves
// "confirmed" (cancelled, attended, no-show, back to requested) frees its
// time by itself, because the rule only looks at confirmed rows.
//   PostgreSQL: an exclusion constraint (btree_gist), SQLSTATE 23P01.
//   SQLite: triggers that abort with "appointment_room_overlap"; SQLite has
//   one writer at a time, so the check and the write cannot interleave.

export const OVERLAP_CONSTRAINT = "appointments_room_no_overlap";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable("appointments").addColumn("room", "text").execute();
  await db.schema.alterTable("appointments").addColumn("starts_at", "integer").execute();
  await db.schema.alterTable("appointments").addColumn("ends_at", "integer").execute();
  await db.schema.alterTable("appointments").addColumn("examination", "text").execute();
  if (isPg) {
    await sql`create extension if not exists btree_gist`.execute(db);
    await sql`alter table appointments add constraint ${sql.raw(OVERLAP_CONSTRAINT)}
      exclude using gist (room with =, int4range(starts_at, ends_at) with &&)
      where (status = 'confirmed' and room is not null and starts_at is not null and ends_at is not null)`.execute(db);
  } else {
    for (const event of ["insert", "update"]) {
      await sql`create trigger ${sql.raw(`appointments_room_no_overlap_${event}`)}
        before ${sql.raw(event)} on appointments
        when new.status = 'confirmed' and new.room is not null and new.starts_at is not null and new.ends_at is not null
        begin
          select raise(abort, 'appointment_room_overlap')
          where exists (
            select 1 from appointments a
            where a.id <> new.id and a.status = 'confirmed' and a.room = new.room
              and a.starts_at < new.ends_at and new.starts_at < a.ends_at
          );
        end`.execute(db);
    }
  }
  await db.schema.createIndex("appointments_starts_at").on("appointments").column("starts_at").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
  if (isPg) {
    await sql`alter table appointments drop constraint if exists ${sql.raw(OVERLAP_CONSTRAINT)}`.execute(db);
  } else {
    await sql`drop trigger if exists appointments_room_no_overlap_insert`.execute(db);
    await sql`drop trigger if exists appointments_room_no_overlap_update`.execute(db);
  }
  await db.schema.dropIndex("appointments_starts_at").execute();
  for (const column of ["examination", "ends_at", "starts_at", "room"]) {
    await db.schema.alterTable("appointments").dropColumn(column).execute();
  }
}
