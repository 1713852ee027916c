import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";

// Staff invitations: a manager invites a colleague by e-mail with a one-time
// link, valid 24 hours, that sets the password and then enrols the second
// factor. Only the link token's hash is stored. Portable across SQLite and
// PostgreSQL, like 0010.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (col: ColumnDefinitionBuilder) => (isPg ? col.primaryKey() : col.primaryKey().autoIncrement());
  await db.schema
    .createTable("staff_invitations")
    .addColumn("id", isPg ? "serial" : "integer", id)
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('manager', 'reception')`))
    .addColumn("invited_by", "integer", (c) => c.references("staff_users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("staff_invitations").execute();
}
