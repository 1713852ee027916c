import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

// Staff console: accounts, sessions, sign-in throttling, status history and
// the audit log. Portable across SQLite and PostgreSQL, like 0001.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (col: ColumnDefinitionBuilder) => (isPg ? col.primaryKey() : col.primaryKey().autoIncrement());
  const idType = isPg ? "serial" : "integer";

  await db.schema
    .createTable("staff_users")
    .addColumn("id", idType, id)
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("disabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("last_sign_in_at", "text")
    .execute();

  await db.schema
    .createTable("staff_sessions")
    .addColumn("id", idType, id)
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("staff_id", "integer", (c) => c.notNull().references("staff_users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("staff_sessions_staff_id").on("staff_sessions").column("staff_id").execute();

  await db.schema
    .createTable("staff_login_throttle")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("locked_until", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("appointment_status_history")
    .addColumn("id", idType, id)
    .addColumn("appointment_id", "integer", (c) => c.notNull().references("appointments.id").onDelete("cascade"))
    .addColumn("from_status", "text")
    .addColumn("to_status", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("staff_id", "integer", (c) => c.notNull().references("staff_users.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("appointment_status_history_appointment")
    .on("appointment_status_history")
    .column("appointment_id")
    .execute();

  await db.schema
    .createTable("staff_audit")
    .addColumn("id", idType, id)
    .addColumn("staff_id", "integer")
    .addColumn("staff_email", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target_type", "text")
    .addColumn("target_id", "text")
    .addColumn("detail", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("staff_audit_created_at").on("staff_audit").column("created_at").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "staff_audit",
    "appointment_status_history",
    "staff_login_throttle",
    "staff_sessions",
    "staff_users",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
