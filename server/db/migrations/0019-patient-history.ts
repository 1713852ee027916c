import { PostgresAdapter, sql, type Kysely } from "kysely";

// Patients change and cancel their own appointments through their private
// link (decision 019): a status-history row may now have no staff member
// (staff_id null, shown as "the patient"). PostgreSQL drops the NOT NULL;
// SQLite cannot alter a column, so the table is rebuilt with its rows, ids
// and index.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table appointment_status_history alter column staff_id drop not null`.execute(db);
    return;
  }
  await rebuildSqlite(db, "");
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom("appointment_status_history").where("staff_id", "is", null).execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table appointment_status_history alter column staff_id set not null`.execute(db);
    return;
  }
  await rebuildSqlite(db, "not null");
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
async function rebuildSqlite(db: Kysely<any>, staffConstraint: "" | "not null"): Promise<void> {
  await sql`create table appointment_status_history_new (
    id integer primary key autoincrement,
    appointment_id integer not null references appointments(id) on delete cascade,
    from_status text,
    to_status text not null,
    note text,
    staff_id integer ${sql.raw(staffConstraint)} references staff_users(id),
    created_at text not null
  )`.execute(db);
  await sql`insert into appointment_status_history_new (id, appointment_id, from_status, to_status, note, staff_id, created_at)
    select id, appointment_id, from_status, to_status, note, staff_id, created_at from appointment_status_history`.execute(
    db,
  );
  await sql`drop table appointment_status_history`.execute(db);
  await sql`alter table appointment_status_history_new rename to appointment_status_history`.execute(db);
  await sql`create index appointment_status_history_appointment on appointment_status_history (appointment_id)`.execute(
    db,
  );
}
