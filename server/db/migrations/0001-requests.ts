import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

// Portable across SQLite and PostgreSQL: serial ids via the dialect, text for
// timestamps and dates, integer for sizes and counters.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (col: ColumnDefinitionBuilder) => (isPg ? col.primaryKey() : col.primaryKey().autoIncrement());
  const idType = isPg ? "serial" : "integer";

  await db.schema
    .createTable("enquiries")
    .addColumn("id", idType, id)
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("new"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("enquiries_created_at").on("enquiries").column("created_at").execute();

  await db.schema
    .createTable("appointments")
    .addColumn("id", idType, id)
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("surname", "text", (c) => c.notNull())
    .addColumn("dob", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("alternate_phone", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("gender", "text", (c) => c.notNull())
    .addColumn("service_name", "text", (c) => c.notNull())
    .addColumn("payment_method", "text", (c) => c.notNull())
    .addColumn("medical_aid_number", "text")
    .addColumn("notes", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("id_passport_number", "text", (c) => c.notNull())
    .addColumn("requested_date", "text", (c) => c.notNull())
    .addColumn("submitted_time", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("requested"))
    .addColumn("confirmed_date", "text")
    .addColumn("confirmed_time", "text")
    .addColumn("cancel_reason", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("appointments_created_at").on("appointments").column("created_at").execute();
  await db.schema.createIndex("appointments_requested_date").on("appointments").column("requested_date").execute();
  await db.schema.createIndex("appointments_status").on("appointments").column("status").execute();

  await db.schema
    .createTable("uploads")
    .addColumn("id", idType, id)
    .addColumn("public_id", "text", (c) => c.notNull().unique())
    .addColumn("storage_name", "text", (c) => c.notNull().unique())
    .addColumn("display_name", "text", (c) => c.notNull())
    .addColumn("mime_type", "text", (c) => c.notNull())
    .addColumn("size_bytes", "integer", (c) => c.notNull())
    .addColumn("appointment_id", "integer", (c) => c.references("appointments.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("uploads_appointment_id").on("uploads").column("appointment_id").execute();

  await db.schema
    .createTable("mail_queue")
    .addColumn("id", idType, id)
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text")
    .addColumn("attachments_json", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("locked_until", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .execute();
  await db.schema.createIndex("mail_queue_due").on("mail_queue").columns(["status", "next_attempt_at"]).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["mail_queue", "uploads", "appointments", "enquiries"]) {
    await db.schema.dropTable(table).execute();
  }
}
