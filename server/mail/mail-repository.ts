import type { ExpressionBuilder, Kysely, Selectable } from "kysely";
import type { Db } from "../db/index";
import { preparedRows } from "../db/prepared";
import type { Database, MailQueueTable } from "../db/schema";
import { perDatabase } from "../db/repository";

export type MailRow = Selectable<MailQueueTable>;
export type NewMail = Pick<
  MailQueueTable,
  "to_address" | "about_reference" | "subject" | "text_body" | "html_body" | "attachments_json"
> & { forget_after_send?: number };

/** Messages queued together (a booking's two in one insert): built and compiled once for each count (server/db/prepared.ts, decision 036). */
const insertMails = preparedRows<Required<NewMail> & { now: string }>()((value, rows, trx) =>
  trx.insertInto("mail_queue").values(
    Array.from({ length: rows }, (_, row) => ({
      ...({
        to_address: value("to_address", row),
        about_reference: value("about_reference", row),
        subject: value("subject", row),
        text_body: value("text_body", row),
        html_body: value("html_body", row),
        attachments_json: value("attachments_json", row),
        forget_after_send: value("forget_after_send", row),
      } satisfies Record<keyof NewMail, unknown>),
      status: "pending",
      attempts: 0,
      next_attempt_at: value("now", row),
      locked_until: null,
      last_error: null,
      created_at: value("now", row),
      sent_at: null,
    })),
  ),
);

/**
 * What a message kept only until it is sent (forget_after_send = 1) keeps
 * once it is sent or given up on: nothing of its recipient or text, so the
 * row only says that a message went (decision 035). Other messages keep
 * theirs until RETAIN_SENT_MAIL_DAYS (blankFinishedBefore).
 */
function forgetIfAsked(eb: ExpressionBuilder<Database, "mail_queue">) {
  const forget = <T extends "to_address" | "subject" | "text_body" | "attachments_json">(column: T, blank: string) =>
    eb.case().when("forget_after_send", "=", 1).then(blank).else(eb.ref(column)).end();
  return {
    to_address: forget("to_address", ""),
    subject: forget("subject", ""),
    text_body: forget("text_body", ""),
    attachments_json: forget("attachments_json", "[]"),
    html_body: eb.case().when("forget_after_send", "=", 1).then(null).else(eb.ref("html_body")).end(),
    about_reference: eb.case().when("forget_after_send", "=", 1).then(null).else(eb.ref("about_reference")).end(),
  };
}

/**
 * Mail queue (mail_queue) access. Every method takes an optional
 * transaction. A worker claims a message by setting `locked_until` in a
 * conditional update, so one message is sent by one worker at a time.
 */
export const mailRepository = perDatabase((db: Db) => {
  return {
    /** Queues pending messages, due at once, in one statement. */
    async enqueue(values: readonly NewMail[], now: Date, trx: Kysely<Database> = db): Promise<void> {
      if (values.length === 0) return;
      const at = now.toISOString();
      // The column's default (migration 0026) for a message not kept only until it is sent.
      await insertMails(
        values.map((v) => ({ ...v, forget_after_send: v.forget_after_send ?? 0, now: at })),
        trx,
      );
    },

    /**
     * Ids of up to `limit` pending messages due at `at` (ISO) that nobody holds
     * a claim on, longest due first: in mail_queue_due's order, so a backlog
     * is not read and sorted whole on every run.
     */
    async dueIds(at: string, limit: number, trx: Kysely<Database> = db): Promise<number[]> {
      const rows = await trx
        .selectFrom("mail_queue")
        .select("id")
        .where("status", "=", "pending")
        .where("next_attempt_at", "<=", at)
        .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", at)]))
        .orderBy("next_attempt_at")
        .orderBy("id")
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    /** Claims a pending message until `until` if no claim on it is live at `at`; true when claimed. */
    async claim(id: number, at: string, until: string, trx: Kysely<Database> = db): Promise<boolean> {
      const claim = await trx
        .updateTable("mail_queue")
        .set({ locked_until: until })
        .where("id", "=", id)
        .where("status", "=", "pending")
        .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", at)]))
        .executeTakeFirst();
      return Number(claim.numUpdatedRows) === 1;
    },

    /** Moves a claim held until `held` on to `until`, only if it is still that claim; true when renewed. */
    async renewClaim(id: number, held: string, until: string, trx: Kysely<Database> = db): Promise<boolean> {
      const renewed = await trx
        .updateTable("mail_queue")
        .set({ locked_until: until })
        .where("id", "=", id)
        .where("status", "=", "pending")
        .where("locked_until", "=", held)
        .executeTakeFirst();
      return Number(renewed.numUpdatedRows) === 1;
    },

    async findById(id: number, trx: Kysely<Database> = db): Promise<MailRow> {
      return trx.selectFrom("mail_queue").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    },

    /** Marks a message sent; one kept only until it is sent is blanked in the same statement. */
    async markSent(id: number, sentAt: string, attempts: number, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .updateTable("mail_queue")
        .set((eb) => ({
          status: "sent",
          sent_at: sentAt,
          attempts,
          locked_until: null,
          last_error: null,
          ...forgetIfAsked(eb),
        }))
        .where("id", "=", id)
        .execute();
    },

    /**
     * Records a failed attempt: pending again from `nextAttemptAt`, or failed
     * for good (then a message kept only until it is sent is blanked).
     */
    async markAttemptFailed(
      id: number,
      failure: { giveUp: boolean; attempts: number; nextAttemptAt: string; error: string },
      trx: Kysely<Database> = db,
    ): Promise<void> {
      await trx
        .updateTable("mail_queue")
        .set((eb) => ({
          status: failure.giveUp ? "failed" : "pending",
          attempts: failure.attempts,
          locked_until: null,
          next_attempt_at: failure.nextAttemptAt,
          last_error: failure.error,
          ...(failure.giveUp ? forgetIfAsked(eb) : {}),
        }))
        .where("id", "=", id)
        .execute();
    },

    /**
     * How many messages queued since `since` (ISO) were given up on (the
     * system page's "failing"; a message fails hours after it was queued).
     * Reads mail_queue_due by its status.
     */
    async countFailedSince(since: string, trx: Kysely<Database> = db): Promise<number> {
      const row = await trx
        .selectFrom("mail_queue")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .where("status", "=", "failed")
        .where("created_at", ">=", since)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /**
     * The queue's state for the operator (decision 033): messages pending
     * (due or waiting to be tried again) and when the oldest of them was
     * queued (ISO, or null), messages given up on, and messages sent since
     * `sentSince` (ISO). Each count reads an index (mail_queue_due, mail_queue_sent).
     */
    async queueState(sentSince: string, trx: Kysely<Database> = db) {
      const pending = await trx
        .selectFrom("mail_queue")
        .select((eb) => [eb.fn.countAll<number | string>().as("count"), eb.fn.min("created_at").as("oldest")])
        .where("status", "=", "pending")
        .executeTakeFirstOrThrow();
      const failed = await trx
        .selectFrom("mail_queue")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .where("status", "=", "failed")
        .executeTakeFirstOrThrow();
      const sent = await trx
        .selectFrom("mail_queue")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .where("status", "=", "sent")
        .where("sent_at", ">=", sentSince)
        .executeTakeFirstOrThrow();
      return {
        pending: Number(pending.count),
        oldestPendingAt: pending.oldest ?? null,
        failed: Number(failed.count),
        sent: Number(sent.count),
      };
    },

    /**
     * Messages to an address (`email` lower-cased; the recipient compared
     * trimmed, in any letter case, but whole) or about one of `references`
     * (exactly), in id order. What a message's text mentions never counts:
     * another patient's e-mail may quote a reference.
     */
    async findAbout(email: string, references: string[], trx: Kysely<Database> = db): Promise<MailRow[]> {
      return trx
        .selectFrom("mail_queue")
        .selectAll()
        .where((eb) =>
          eb.or([
            eb(eb.fn("lower", [eb.fn("trim", ["to_address"])]), "=", email),
            ...(references.length ? [eb("about_reference", "in", references)] : []),
          ]),
        )
        .orderBy("id")
        .execute();
    },

    async deleteByIds(ids: number[], trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom("mail_queue").where("id", "in", ids).execute();
    },

    /** Deletes sent or failed messages queued before `before` (ISO); returns how many. */
    async deleteFinishedBefore(before: string, trx: Kysely<Database> = db): Promise<number> {
      const result = await trx
        .deleteFrom("mail_queue")
        .where("status", "in", ["sent", "failed"])
        .where("created_at", "<", before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /**
     * Blanks the recipient, bodies, attachments and error of messages sent,
     * or given up on, before `before` (ISO); the rows stay. Returns how many.
     */
    async blankFinishedBefore(before: string, trx: Kysely<Database> = db): Promise<number> {
      const blanked = await trx
        .updateTable("mail_queue")
        .set({ to_address: "", text_body: "", html_body: null, attachments_json: "[]", last_error: null })
        .where("to_address", "<>", "")
        .where((eb) =>
          eb.or([
            eb.and([eb("status", "=", "sent"), eb("sent_at", "<", before)]),
            eb.and([eb("status", "=", "failed"), eb("next_attempt_at", "<", before)]),
          ]),
        )
        .executeTakeFirst();
      return Number(blanked.numUpdatedRows);
    },
  };
});
