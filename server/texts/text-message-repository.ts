import type { Kysely } from "kysely";
import { isPostgres, type Db } from "../db/index";
import { prepared } from "../db/prepared";
import type { Database, TextMessageTable } from "../db/schema";
import { FAILING_STATUSES, FINISHED_STATUSES, type TextStatus } from "../../domain/text-messages";
import { type TextChannel } from "../../domain/contact-preference";
import { perDatabase } from "../db/repository";

export type TextMessageRow = Omit<TextMessageTable, "id"> & { id: number };
export type NewTextMessage = Pick<
  TextMessageTable,
  "channel" | "to_number" | "about_reference" | "kind" | "body" | "template_json" | "resent_from"
>;

/** The kind of text whose words are forgotten once it is handed over: the report's one-time code. */
const FORGET_AFTER_SEND = "report-code";

/** What a receipt or status call can say, in the order a message goes through them. */
const PROGRESS: Record<"sent" | "delivered" | "read", TextStatus[]> = {
  // A later status never goes back to an earlier one (WhatsApp's calls can arrive out of order).
  sent: ["sending", "unknown"],
  delivered: ["sending", "unknown", "sent"],
  read: ["sending", "unknown", "sent", "delivered"],
};

/**
 * text_messages access (decision 030). Every method takes an optional
 * transaction. A worker claims a message by moving it from pending to
 * sending in one conditional update, so of several workers exactly one hands
 * it to the provider; nothing moves a message back to pending once the
 * provider may have it.
 */
/** Failed or unknown messages created since `since` (ISO) that staff have not sent again (aliased `m`). */
function failingSince(since: string, trx: Kysely<Database>) {
  return trx
    .selectFrom("text_messages as m")
    .where("m.status", "in", FAILING_STATUSES)
    .where("m.created_at", ">=", since)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("text_messages as r").select("r.id").whereRef("r.resent_from", "=", "m.id"))),
    );
}

/** A text queued (one a booking): built and compiled once (server/db/prepared.ts, decision 036). */
const insertText = prepared<NewTextMessage & { due: string; now: string }>()((value, trx) =>
  trx
    .insertInto("text_messages")
    .values({
      ...({
        channel: value("channel"),
        to_number: value("to_number"),
        about_reference: value("about_reference"),
        kind: value("kind"),
        body: value("body"),
        template_json: value("template_json"),
        resent_from: value("resent_from"),
      } satisfies Record<keyof NewTextMessage, unknown>),
      status: "pending",
      attempts: 0,
      next_attempt_at: value("due"),
      locked_until: null,
      provider_message_id: null,
      last_error: null,
      created_at: value("now"),
      sent_at: null,
      status_at: value("now"),
    })
    .returning("id"),
);

export const textMessageRepository = perDatabase((db: Db) => {
  return {
    async enqueue(values: NewTextMessage, dueAt: Date, now: Date, trx: Kysely<Database> = db): Promise<number> {
      const { rows } = await insertText({ ...values, due: dueAt.toISOString(), now: now.toISOString() }, trx);
      return rows[0]!.id;
    },

    /**
     * A text that a daily limit stopped (decision 042): kept as the record of
     * it, `capped` with the limit in last_error, never handed over.
     */
    async recordCapped(values: NewTextMessage, error: string, now: Date, trx: Kysely<Database> = db): Promise<number> {
      const at = now.toISOString();
      const row = await trx
        .insertInto("text_messages")
        .values({
          ...values,
          status: "capped",
          attempts: 0,
          next_attempt_at: at,
          locked_until: null,
          provider_message_id: null,
          last_error: error,
          created_at: at,
          sent_at: null,
          status_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * Up to `limit` pending messages due at `at` (ISO), longest due first: their
     * ids and channels. In text_messages_due's order, so only those are read,
     * however many wait (ordered by id, every due row was read and sorted).
     */
    async due(at: string, limit: number, trx: Kysely<Database> = db): Promise<{ id: number; channel: TextChannel }[]> {
      return trx
        .selectFrom("text_messages")
        .select(["id", "channel"])
        .where("status", "=", "pending")
        .where("next_attempt_at", "<=", at)
        .orderBy("next_attempt_at")
        .orderBy("id")
        .limit(limit)
        .execute();
    },

    /**
     * Claims a pending message due at `at` for sending by `channel`, until
     * `until`: pending → sending, one more attempt. Returns the row when this
     * call claimed it, else undefined (another worker has it, or it is no
     * longer pending).
     */
    async claim(
      id: number,
      channel: TextChannel,
      at: string,
      until: string,
      trx: Kysely<Database> = db,
    ): Promise<TextMessageRow | undefined> {
      const claimed = await trx
        .updateTable("text_messages")
        .set((eb) => ({
          status: "sending",
          channel,
          locked_until: until,
          attempts: eb("attempts", "+", 1),
          status_at: at,
        }))
        .where("id", "=", id)
        .where("status", "=", "pending")
        .where("next_attempt_at", "<=", at)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return undefined;
      return trx.selectFrom("text_messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    },

    /**
     * The provider took the message. A report's code (kind "report-code",
     * decision 075) is forgotten then, as its e-mail is: nobody needs it once
     * it has gone, and the staff page that lists the texts must not show it.
     */
    async markSent(id: number, providerId: string | null, at: string, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .updateTable("text_messages")
        .set((eb) => ({
          body: eb.case().when("kind", "=", FORGET_AFTER_SEND).then("").else(eb.ref("body")).end(),
          status: "sent",
          provider_message_id: providerId,
          sent_at: at,
          status_at: at,
          locked_until: null,
          last_error: null,
        }))
        .where("id", "=", id)
        .where("status", "in", PROGRESS.sent)
        .execute();
    },

    /** A temporary refusal: pending again from `nextAttemptAt`. */
    async markRetry(id: number, nextAttemptAt: string, error: string, at: string, trx: Kysely<Database> = db) {
      await trx
        .updateTable("text_messages")
        .set({
          status: "pending",
          next_attempt_at: nextAttemptAt,
          locked_until: null,
          last_error: error,
          status_at: at,
        })
        .where("id", "=", id)
        .where("status", "=", "sending")
        .execute();
    },

    /** Refused for good (or temporary refusals past the last attempt), or the answer lost: failed or unknown. */
    async markFinal(
      id: number,
      status: "failed" | "unknown",
      error: string,
      at: string,
      trx: Kysely<Database> = db,
    ): Promise<void> {
      await trx
        .updateTable("text_messages")
        .set({ status, locked_until: null, last_error: error, status_at: at })
        .where("id", "=", id)
        .where("status", "=", "sending")
        .execute();
    },

    /** Messages still sending whose claim ended before `at`: their worker died mid-hand-over. Now unknown; how many. */
    async expireClaims(at: string, trx: Kysely<Database> = db): Promise<number> {
      const result = await trx
        .updateTable("text_messages")
        .set({ status: "unknown", locked_until: null, last_error: "claim expired while sending", status_at: at })
        .where("status", "=", "sending")
        .where("locked_until", "<", at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Pending messages due at `at` wait until `until` (quiet hours); how many. */
    async postponeDue(at: string, until: string, trx: Kysely<Database> = db): Promise<number> {
      const result = await trx
        .updateTable("text_messages")
        .set({ next_attempt_at: until })
        .where("status", "=", "pending")
        .where("next_attempt_at", "<=", at)
        .where("next_attempt_at", "<", until)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * A receipt or status call for the provider's message `providerId`: the
     * message moves forward to `status` (never back), or to failed from any
     * status short of read. Returns how many rows changed (0: unknown id, or
     * no step forward).
     */
    async recordProgress(
      channel: TextChannel,
      providerId: string,
      status: "sent" | "delivered" | "read" | "failed",
      at: string,
      error: string | null,
      trx: Kysely<Database> = db,
    ): Promise<number> {
      // Failed only before delivered: a late or replayed failure never undoes a delivery (decision 039).
      const from: TextStatus[] = status === "failed" ? PROGRESS.delivered : PROGRESS[status];
      const result = await trx
        .updateTable("text_messages")
        .set({ status, status_at: at, ...(status === "failed" ? { last_error: error } : {}) })
        .where("channel", "=", channel)
        .where("provider_message_id", "=", providerId)
        .where("status", "in", from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async exists(channel: TextChannel, providerId: string, trx: Kysely<Database> = db): Promise<boolean> {
      const row = await trx
        .selectFrom("text_messages")
        .select("id")
        .where("channel", "=", channel)
        .where("provider_message_id", "=", providerId)
        .executeTakeFirst();
      return !!row;
    },

    /** Message `id`, its row locked until the transaction ends on PostgreSQL (SQLite runs one transaction at a time). */
    async findForResend(id: number, trx: Kysely<Database>): Promise<TextMessageRow | undefined> {
      const query = trx.selectFrom("text_messages").selectAll().where("id", "=", id);
      return (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
    },

    async findById(id: number, trx: Kysely<Database> = db): Promise<TextMessageRow | undefined> {
      return trx.selectFrom("text_messages").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /** The messages about one of `references` (exactly), oldest first. */
    async findAbout(references: string[], trx: Kysely<Database> = db): Promise<TextMessageRow[]> {
      if (!references.length) return [];
      return trx
        .selectFrom("text_messages")
        .selectAll()
        .where("about_reference", "in", references)
        .orderBy("id")
        .execute();
    },

    /** Whether message `id` has been sent again by staff. */
    async wasResent(id: number, trx: Kysely<Database> = db): Promise<boolean> {
      const row = await trx.selectFrom("text_messages").select("id").where("resent_from", "=", id).executeTakeFirst();
      return !!row;
    },

    /** Failed or unknown messages created since `since` (ISO) that staff have not sent again. */
    async countFailingSince(since: string, trx: Kysely<Database> = db): Promise<number> {
      const row = await failingSince(since, trx)
        .select((eb) => eb.fn.countAll<string | number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * The queue as the operator watches it, per channel: waiting (pending or
     * being handed over) with the oldest one's time, given up on (failed or
     * unknown), and handed over since `sentSince` (ISO).
     */
    async queueState(sentSince: string, trx: Kysely<Database> = db) {
      const rows = await trx
        .selectFrom("text_messages")
        .select((eb) => [
          "channel",
          eb.fn
            .sum<number | string | null>(eb.case().when("status", "in", ["pending", "sending"]).then(1).else(0).end())
            .as("pending"),
          eb.fn
            .min<string | null>(eb.case().when("status", "in", ["pending", "sending"]).then(eb.ref("created_at")).end())
            .as("oldest"),
          eb.fn
            .sum<number | string | null>(eb.case().when("status", "in", FAILING_STATUSES).then(1).else(0).end())
            .as("failed"),
          eb.fn
            .sum<number | string | null>(eb.case().when("sent_at", ">=", sentSince).then(1).else(0).end())
            .as("sent"),
        ])
        .groupBy("channel")
        .execute();
      return rows.map((r) => ({
        channel: r.channel,
        pending: Number(r.pending ?? 0),
        oldestPendingAt: r.oldest ?? null,
        failed: Number(r.failed ?? 0),
        sent: Number(r.sent ?? 0),
      }));
    },

    /** The references that failing messages (as countFailingSince counts them) are about, most recent first. */
    async failingAboutSince(since: string, limit: number, trx: Kysely<Database> = db): Promise<string[]> {
      const rows = await failingSince(since, trx)
        .select("m.about_reference")
        .where("m.about_reference", "is not", null)
        .groupBy("m.about_reference")
        .orderBy((eb) => eb.fn.max("m.id"), "desc")
        .limit(limit)
        .execute();
      return rows.map((r) => r.about_reference!);
    },

    /** Pending messages to any of `numbers`, or about any of `references`, become stopped; how many. */
    async stopPending(
      match: { numbers?: string[]; references?: string[] },
      at: string,
      trx: Kysely<Database> = db,
    ): Promise<number> {
      const numbers = match.numbers ?? [];
      const references = match.references ?? [];
      if (!numbers.length && !references.length) return 0;
      const result = await trx
        .updateTable("text_messages")
        .set({ status: "stopped", status_at: at, locked_until: null })
        .where("status", "=", "pending")
        .where((eb) =>
          eb.or([
            ...(numbers.length ? [eb("to_number", "in", numbers)] : []),
            ...(references.length ? [eb("about_reference", "in", references)] : []),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Blanks the number, body, template and error of messages finished before `before` (ISO); the rows stay. */
    async blankFinishedBefore(before: string, trx: Kysely<Database> = db): Promise<number> {
      const result = await trx
        .updateTable("text_messages")
        .set({ to_number: "", body: "", template_json: null, last_error: null })
        .where("status", "in", FINISHED_STATUSES)
        .where("status_at", "<", before)
        .where((eb) => eb.or([eb("to_number", "<>", ""), eb("body", "<>", "")]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Deletes finished messages created before `before` (ISO), with the records they were about; how many. */
    async deleteFinishedBefore(before: string, trx: Kysely<Database> = db): Promise<number> {
      const result = await trx
        .deleteFrom("text_messages")
        .where("status", "in", FINISHED_STATUSES)
        .where("created_at", "<", before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async deleteAbout(references: string[], trx: Kysely<Database> = db): Promise<number[]> {
      if (!references.length) return [];
      const rows = await trx
        .deleteFrom("text_messages")
        .where("about_reference", "in", references)
        .returning("id")
        .execute();
      return rows.map((r) => r.id);
    },
  };
});
