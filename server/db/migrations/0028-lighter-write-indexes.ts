import { sql, type Kysely } from "kysely";

// Fewer index entries for every booking to write (decision 036, fifth pass).
// A booking inserts its appointment, e-mails and text with these columns
// still empty, and each plain index took an entry for that empty value:
// - mail_queue_locked_until goes: no statement reads it (a claim and its
//   renewal find the message by id; the due messages come from
//   mail_queue_due);
// - mail_queue_sent, text_messages_provider_id and appointments_starts_at
//   keep only the rows with a value: every statement that reads them compares
//   that column with a value (sent since or before a moment, a provider's
//   message id, a start before a moment), which neither SQLite nor PostgreSQL
//   can match with an empty one, so both still choose the partial index.
// tests/integration/booking-query-plans.test.ts holds the statements to it.

/** The three indexes kept, each now only for rows whose `column` is set. */
const PARTIAL = [
  { name: "mail_queue_sent", table: "mail_queue", columns: ["status", "sent_at"], column: "sent_at" },
  {
    name: "text_messages_provider_id",
    table: "text_messages",
    columns: ["provider_message_id", "channel"],
    column: "provider_message_id",
  },
  { name: "appointments_starts_at", table: "appointments", columns: ["starts_at"], column: "starts_at" },
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type AnyDb = Kysely<any>;

/** Makes one of PARTIAL again: for the rows whose column is set (`partial`), or for every row. */
async function remake(db: AnyDb, index: (typeof PARTIAL)[number], partial: boolean): Promise<void> {
  await db.schema.dropIndex(index.name).execute();
  const create = db.schema
    .createIndex(index.name)
    .on(index.table)
    .columns([...index.columns]);
  await (partial ? create.where(sql.ref(index.column), "is not", null) : create).execute();
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema.dropIndex("mail_queue_locked_until").execute();
  for (const index of PARTIAL) await remake(db, index, true);
}

export async function down(db: AnyDb): Promise<void> {
  for (const index of PARTIAL) await remake(db, index, false);
  await db.schema.createIndex("mail_queue_locked_until").on("mail_queue").column("locked_until").execute();
}
