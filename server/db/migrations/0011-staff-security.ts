import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

// Staff sign-in security (decision 007): the TOTP second factor per account,
// single-use recovery codes, the short-lived half-signed-in state (password
// right, code pending) kept apart from real sessions, and the server's own
// keys (the HMAC key for failed sign-ins when STAFF_HMAC_KEY is unset).
// Portable across SQLite and PostgreSQL, like 0010.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (col: ColumnDefinitionBuilder) => (isPg ? col.primaryKey() : col.primaryKey().autoIncrement());
  const idType = isPg ? "serial" : "integer";

  await db.schema.alterTable("staff_users").addColumn("totp_secret", "text").execute();
  await db.schema.alterTable("staff_users").addColumn("totp_enabled_at", "text").execute();
  await db.schema.alterTable("staff_users").addColumn("totp_last_step", "integer").execute();
  await db.schema.alterTable("staff_users").addColumn("password_changed_at", "text").execute();

  await db.schema
    .createTable("staff_recovery_codes")
    .addColumn("id", idType, id)
    .addColumn("staff_id", "integer", (c) => c.notNull().references("staff_users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("staff_recovery_codes_staff_id").on("staff_recovery_codes").column("staff_id").execute();

  await db.schema
    .createTable("staff_sign_in_challenges")
    .addColumn("id", idType, id)
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("staff_id", "integer", (c) => c.notNull().references("staff_users.id").onDelete("cascade"))
    .addColumn("enrol_secret", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("server_keys")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["server_keys", "staff_sign_in_challenges", "staff_recovery_codes"]) {
    await db.schema.dropTable(table).execute();
  }
  for (const column of ["password_changed_at", "totp_last_step", "totp_enabled_at", "totp_secret"]) {
    await db.schema.alterTable("staff_users").dropColumn(column).execute();
  }
}
