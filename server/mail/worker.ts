import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/index";
import type { Config } from "../config";
import { createSender, type SendMail } from "./transport";

/**
 * Sends queued mail in the background. Each message is claimed with a lease
 * (locked_until) by a conditional update, so two server instances never send
 * the same message; a failure is retried with exponential backoff until
 * MAIL_MAX_ATTEMPTS, then marked failed. Logs carry ids and counts only,
 * never addresses or contents.
 */

const LEASE_MS = 2 * 60 * 1000;
const BATCH = 20;

export function backoffMs(attempts: number): number {
  return Math.min(60 * 60 * 1000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

export interface DeliveryResult {
  sent: number;
  retried: number;
  failed: number;
}

/** Claims and sends the mail due at `now`. Testable without timers. */
export async function deliverDueMail(
  db: Db,
  send: SendMail,
  opts: { from: string; maxAttempts: number; now?: () => Date; log?: FastifyBaseLogger },
): Promise<DeliveryResult> {
  const now = opts.now ?? (() => new Date());
  const result: DeliveryResult = { sent: 0, retried: 0, failed: 0 };
  const start = now().toISOString();
  const due = await db
    .selectFrom("mail_queue")
    .select("id")
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", start)
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", start)]))
    .orderBy("id")
    .limit(BATCH)
    .execute();

  for (const { id } of due) {
    const claimAt = now();
    const claim = await db
      .updateTable("mail_queue")
      .set({ locked_until: new Date(claimAt.getTime() + LEASE_MS).toISOString() })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", claimAt.toISOString())]))
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) continue; // another worker has it

    const mail = await db.selectFrom("mail_queue").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const attachments = (JSON.parse(mail.attachments_json) as { filename: string; contentType: string; content: string }[]).map(
      (a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content, "base64") }),
    );
    try {
      await send({
        from: opts.from,
        // As an object, so the address is never parsed as a list or a display name.
        to: { name: "", address: mail.to_address },
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body ?? undefined,
        attachments,
      });
      await db
        .updateTable("mail_queue")
        .set({ status: "sent", sent_at: now().toISOString(), attempts: mail.attempts + 1, locked_until: null, last_error: null })
        .where("id", "=", id)
        .execute();
      result.sent++;
    } catch (error) {
      const attempts = mail.attempts + 1;
      const giveUp = attempts >= opts.maxAttempts;
      const code = (error as { code?: string; responseCode?: number }).responseCode ?? (error as { code?: string }).code;
      await db
        .updateTable("mail_queue")
        .set({
          status: giveUp ? "failed" : "pending",
          attempts,
          locked_until: null,
          next_attempt_at: new Date(now().getTime() + backoffMs(attempts)).toISOString(),
          last_error: String((error as Error).message ?? error).slice(0, 500),
        })
        .where("id", "=", id)
        .execute();
      if (giveUp) result.failed++;
      else result.retried++;
      opts.log?.warn({ mailId: id, attempts, code: code ?? "unknown", gaveUp: giveUp }, "mail delivery failed");
    }
  }
  if (result.sent) opts.log?.info({ sent: result.sent }, "mail sent");
  return result;
}

/** Starts the polling worker; the returned function stops it and waits for the current run. */
export function startMailWorker(db: Db, config: Pick<Config, "mail" | "dataDir">, log?: FastifyBaseLogger) {
  const sender = createSender(config);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = deliverDueMail(db, sender.send, { from: config.mail.from, maxAttempts: config.mail.maxAttempts, log })
      .catch((error: unknown) => log?.error({ err: { message: (error as Error).message } }, "mail worker run failed"))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, config.mail.pollMs);
      });
  };
  timer = setTimeout(tick, Math.min(config.mail.pollMs, 1000));
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
    sender.close();
  };
}
