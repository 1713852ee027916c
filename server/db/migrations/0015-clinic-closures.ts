import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

// Clinic closures (decision 017): a manager closes the clinic for one day or a
// range of days, with a reason patients see. Read per request by
// server/closures/closed-dates.ts, so every instance obeys a new closure at
// once. Indexed on last_date: every read asks for closures ending on or after
// a date. Portable across SQLite and PostgreSQL, like 0014.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (col: ColumnDefinitionBuilder) => (isPg ? col.primaryKey() : col.primaryKey().autoIncrement());
  await db.schema
    .createTable("clinic_closures")
    .addColumn("id", isPg ? "serial" : "integer", id)
    .addColumn("first_date", "text", (c) => c.notNull())
    .addColumn("last_date", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("created_by", "integer", (c) => c.references("staff_users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("clinic_closures_last_date").on("clinic_closures").column("last_date").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("clinic_closures").execute();
}
