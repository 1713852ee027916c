import { sql, type Kysely } from "kysely";

// Staff roles: each account is a manager or reception. Accounts that exist
// already become managers, since until now every account could do everything.
// Portable across SQLite and PostgreSQL (a column with a default and a check).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("staff_users")
    .addColumn("role", "text", (col) =>
      col
        .notNull()
        .defaultTo("manager")
        .check(sql`role in ('manager', 'reception')`),
    )
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("staff_users").dropColumn("role").execute();
}
