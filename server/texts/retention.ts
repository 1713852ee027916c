import type { Kysely } from "kysely";
import type { Config } from "../base/config";
import type { Db } from "../db/index";
import type { Database } from "../db/schema";
import { deleteOldSmsOutboxFiles, deleteSmsOutboxFilesOf } from "./sms-outbox";
import { textMessageRepository, type TextMessageRow } from "./text-message-repository";

/**
 * How long text messages are kept (docs/privacy-retention.md), for the
 * daily purge and a patient's rights (decision 011) to call: a message's
 * number, body and template are kept as long as an e-mail's body
 * (RETAIN_SENT_MAIL_DAYS), outbox files as long as e-mail's
 * (RETAIN_OUTBOX_DAYS), and the rows as long as the records they are about.
 */

/** Blanks the number, body, template and error of messages finished before `before`; the rows stay. Returns how many. */
export async function blankOldMessageBodies(db: Db, before: Date): Promise<number> {
  return textMessageRepository(db).blankFinishedBefore(before.toISOString());
}

/** `before` for blankOldMessageBodies: RETAIN_SENT_MAIL_DAYS before `now`, the e-mail bodies' period. */
export function messageBodiesBefore(config: Pick<Config, "retention">, now: Date): Date {
  return new Date(now.getTime() - config.retention.sentMailDays * 86_400_000);
}

/** Deletes outbox SMS files older than RETAIN_OUTBOX_DAYS; returns how many. */
export async function purgeSmsOutbox(config: Pick<Config, "retention" | "dataDir">, now: Date): Promise<number> {
  return deleteOldSmsOutboxFiles(config, new Date(now.getTime() - config.retention.outboxDays * 86_400_000));
}

/** Deletes finished messages created before `before` (the records' retention, STAFF_RETENTION_MONTHS); how many. */
export async function deleteOldMessages(db: Db, before: Date, trx: Kysely<Database> = db): Promise<number> {
  return textMessageRepository(db).deleteFinishedBefore(before.toISOString(), trx);
}

/** A patient's export: the messages about their references (exactly). */
export async function messagesAbout(
  db: Db,
  references: string[],
  trx: Kysely<Database> = db,
): Promise<TextMessageRow[]> {
  return textMessageRepository(db).findAbout(references, trx);
}

/** A patient's erasure: deletes the messages about their references, in the caller's transaction; returns their ids. */
export async function deleteMessagesAbout(db: Db, references: string[], trx: Kysely<Database> = db): Promise<number[]> {
  return textMessageRepository(db).deleteAbout(references, trx);
}

/** After the erasure commits: the outbox files of those messages; returns how many were deleted. */
export async function deleteOutboxFilesOf(config: Pick<Config, "dataDir">, ids: number[]): Promise<number> {
  return deleteSmsOutboxFilesOf(config, ids);
}
