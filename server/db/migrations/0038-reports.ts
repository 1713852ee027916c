import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";

// The report (issue 38, decision 072). Two things:
//
// 1. A third staff role, radiologist: migration 0013's CHECK on staff_users.role
//    and 0014's on staff_invitations.role now allow it. PostgreSQL replaces the
//    constraints (named by PostgreSQL <table>_role_check). SQLite cannot alter a
//    CHECK, so both tables are rebuilt with every column, row and id; their only
//    indexes are the UNIQUE columns' own. staff_users is the parent of six
//    tables' foreign keys, and this runs inside the migration's transaction,
//    where `pragma foreign_keys = off` does nothing: dropping the parent would
//    cascade (sessions, recovery codes, challenges), null (invitations,
//    closures) or fail (status history), and renaming it would rewrite the
//    children's REFERENCES (even with legacy_alter_table, while foreign keys are
//    on). So every child's rows are first kept aside in a temporary table and
//    removed, the parent is rebuilt, and the rows are put back with their ids.
//    foreign_key_check afterwards must find nothing.
//
// 2. appointment_reports: the signed report PDFs of an appointment, one row per
//    version (1, 2, ...); the highest version is the current report, the older
//    ones its history. id is a random token (the staff download's address, never
//    a counter); file_name is the private file's name under DATA_DIR/reports.

const ROLES_BEFORE = sql`role in ('manager', 'reception')`;
const ROLES_AFTER = sql`role in ('manager', 'reception', 'radiologist')`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await changeRoleChecks(db, ROLES_AFTER, sql.raw("'manager', 'reception', 'radiologist'"));
  await db.schema
    .createTable("appointment_reports")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("appointment_id", "integer", (c) => c.notNull().references("appointments.id").onDelete("cascade"))
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("file_name", "text", (c) => c.notNull().unique())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("sha256", "text", (c) => c.notNull())
    .addColumn("uploaded_by", "integer", (c) => c.references("staff_users.id").onDelete("set null"))
    .addColumn("uploaded_at", "text", (c) => c.notNull())
    .addUniqueConstraint("appointment_reports_version", ["appointment_id", "version"])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("appointment_reports").execute();
  await db.updateTable("staff_users").set({ role: "reception" }).where("role", "=", "radiologist").execute();
  await db.deleteFrom("staff_invitations").where("role", "=", "radiologist").execute();
  await changeRoleChecks(db, ROLES_BEFORE, sql.raw("'manager', 'reception'"));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
async function changeRoleChecks(db: Kysely<any>, check: ReturnType<typeof sql>, roles: ReturnType<typeof sql.raw>) {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of ["staff_users", "staff_invitations"]) {
      const name = sql.id(`${table}_role_check`);
      await sql`alter table ${sql.id(table)} drop constraint ${name}`.execute(db);
      await sql`alter table ${sql.id(table)} add constraint ${name} check (role in (${roles}))`.execute(db);
    }
    return;
  }
  const id = (col: ColumnDefinitionBuilder) => col.primaryKey().autoIncrement();
  // Deferred: between the steps below a child row may briefly lack its parent.
  await sql`pragma defer_foreign_keys = on`.execute(db);
  const children = await referringTables(db, "staff_users");
  for (const child of children) {
    if ((await referringTables(db, child)).length > 0) throw new Error(`0038: ${child} has children of its own`);
    await sql`create temp table ${sql.id(`keep_${child}`)} as select * from ${sql.id(child)}`.execute(db);
    await sql`delete from ${sql.id(child)}`.execute(db);
  }
  await db.schema
    .createTable("staff_users_new")
    .addColumn("id", "integer", id)
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("disabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("last_sign_in_at", "text")
    .addColumn("totp_secret", "text")
    .addColumn("totp_enabled_at", "text")
    .addColumn("totp_last_step", "integer")
    .addColumn("password_changed_at", "text")
    .addColumn("role", "text", (c) => c.notNull().defaultTo("manager").check(check))
    .execute();
  await sql`insert into staff_users_new (id, email, name, password_hash, disabled, created_at, updated_at,
      last_sign_in_at, totp_secret, totp_enabled_at, totp_last_step, password_changed_at, role)
    select id, email, name, password_hash, disabled, created_at, updated_at,
      last_sign_in_at, totp_secret, totp_enabled_at, totp_last_step, password_changed_at, role
    from staff_users`.execute(db);
  // No child rows are left, so dropping the parent cascades nothing; the children's REFERENCES
  // name "staff_users", which the renamed table then is.
  await sql`drop table staff_users`.execute(db);
  await sql`alter table staff_users_new rename to staff_users`.execute(db);

  await sql`drop table staff_invitations`.execute(db);
  await db.schema
    .createTable("staff_invitations")
    .addColumn("id", "integer", id)
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull().check(check))
    .addColumn("invited_by", "integer", (c) => c.references("staff_users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  for (const child of children) {
    // Same columns in the same order (staff_invitations is made again exactly so).
    await sql`insert into ${sql.id(child)} select * from temp.${sql.id(`keep_${child}`)}`.execute(db);
    await sql`drop table temp.${sql.id(`keep_${child}`)}`.execute(db);
  }
  const { rows } = await sql`pragma foreign_key_check`.execute(db);
  if (rows.length > 0)
    throw new Error(`0038: foreign keys broken by the staff tables' rebuild: ${JSON.stringify(rows)}`);
}

/** The tables whose foreign keys name `parent` (SQLite). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
async function referringTables(db: Kysely<any>, parent: string): Promise<string[]> {
  const { rows } = await sql<{
    name: string;
  }>`select distinct m.name from sqlite_master m, pragma_foreign_key_list(m.name) f
    where m.type = 'table' and f."table" = ${parent} order by m.name`.execute(db);
  return rows.map((r) => r.name);
}
