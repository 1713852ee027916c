import type { Kysely } from "kysely";

// Export and erasure of one patient (decision 011) match rows by exact
// identifiers, never by a substring of their text (ann@ was found
// inside joann@, and a reference quoted in another patient's e-mail carried
// that e-mail across). Each queued e-mail now records the appointment or
// enquiry reference it is about (mail_queue.about_reference, null for mail
// about no record, such as a staff invitation), and each stored reply to a
// form the reference it answered (idempotency_keys.reference).
//
// Rows stored until now are back-filled from what the templates wrote: the
// reference in the subject (the clinic's e-mails and most of the patient's),
// else the body's own "Reference: …" line, the first one, which the
// templates write before anything a staff member typed (the patient's
// confirmation, move and reminder e-mails); a reply's `data.reference`. A row
// with neither stays null: e-mails sent to the patient are still found by
// their recipient until it is blanked (RETAIN_SENT_MAIL_DAYS), and their body
// then with it. The reference shape is written out here, not imported, so
// this migration keeps its meaning. Portable across SQLite and PostgreSQL.

const REFERENCE = /\b(?:APT|ENQ)-\d{4}-\d{6,}\b/;
const REFERENCE_LINE = /^Reference: ((?:APT|ENQ)-\d{4}-\d{6,})\r?$/m;

/** The reference an e-mail stored before this migration is about, or null. */
export function legacyMailReference(subject: string, textBody: string): string | null {
  return REFERENCE.exec(subject)?.[0] ?? REFERENCE_LINE.exec(textBody)?.[1] ?? null;
}

/** The reference a stored reply answered (`{ data: { reference } }`), or null. */
export function legacyReplyReference(responseJson: string): string | null {
  try {
    const reference = (JSON.parse(responseJson) as { data?: { reference?: unknown } } | null)?.data?.reference;
    return typeof reference === "string" && new RegExp(`^${REFERENCE.source}$`).test(reference) ? reference : null;
  } catch {
    return null;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("mail_queue").addColumn("about_reference", "text").execute();
  await db.schema.createIndex("mail_queue_about_reference").on("mail_queue").column("about_reference").execute();
  await db.schema.alterTable("idempotency_keys").addColumn("reference", "text").execute();

  const mails = await db.selectFrom("mail_queue").select(["id", "subject", "text_body"]).execute();
  for (const m of mails as { id: number; subject: string; text_body: string }[]) {
    const reference = legacyMailReference(m.subject, m.text_body);
    if (reference)
      await db.updateTable("mail_queue").set({ about_reference: reference }).where("id", "=", m.id).execute();
  }
  const replies = await db
    .selectFrom("idempotency_keys")
    .select(["endpoint", "idempotency_key", "response_json"])
    .execute();
  for (const r of replies as { endpoint: string; idempotency_key: string; response_json: string }[]) {
    const reference = legacyReplyReference(r.response_json);
    if (reference)
      await db
        .updateTable("idempotency_keys")
        .set({ reference })
        .where("endpoint", "=", r.endpoint)
        .where("idempotency_key", "=", r.idempotency_key)
        .execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("idempotency_keys").dropColumn("reference").execute();
  await db.schema.dropIndex("mail_queue_about_reference").execute();
  await db.schema.alterTable("mail_queue").dropColumn("about_reference").execute();
}
