import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/index";
import type { Config } from "../base/config";
import { mailRepository } from "./mail-repository";
import { createSender, type SendMail } from "./transport";
import { runEvery } from "../jobs/periodic";

/**
 * Sends queued mail in the background. Each message is claimed with a lease
 * (locked_until) by a conditional update, so two server instances never send
 * the same message; while a message is being sent its claim is renewed every
 * MAIL_HEARTBEAT_MS, so a slow send never lets another worker claim it again
 * (and SMTP_TIMEOUTS end a stuck conversation long before a claim could
 * lapse). A failure is retried with exponential backoff until
 * MAIL_MAX_ATTEMPTS, then marked failed. Logs carry ids and counts only,
 * never addresses or contents.
 */

/** How long a claim on a message lasts without renewal. */
export const MAIL_CLAIM_MS = 2 * 60 * 1000;
/** How often a worker renews the claim on the message it is sending. */
export const MAIL_HEARTBEAT_MS = 20_000;
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
  opts: {
    from: string;
    maxAttempts: number;
    now?: () => Date;
    log?: FastifyBaseLogger;
    claimMs?: number;
    heartbeatMs?: number;
  },
): Promise<DeliveryResult> {
  const now = opts.now ?? (() => new Date());
  const result: DeliveryResult = { sent: 0, retried: 0, failed: 0 };
  const start = now().toISOString();
  const queue = mailRepository(db);
  const due = await queue.dueIds(start, BATCH);

  const claimMs = opts.claimMs ?? MAIL_CLAIM_MS;
  for (const id of due) {
    const claimAt = now();
    let claimedUntil = new Date(claimAt.getTime() + claimMs).toISOString();
    if (!(await queue.claim(id, claimAt.toISOString(), claimedUntil))) continue; // another worker has it

    const mail = await queue.findById(id);
    const attachments = (
      JSON.parse(mail.attachments_json) as { filename: string; contentType: string; content: string }[]
    ).map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content, "base64") }));
    // Heartbeat: push the claim forward while sending, only if it is still ours.
    let renewing: Promise<void> = Promise.resolve();
    const renew = () => {
      renewing = renewing.then(async () => {
        const next = new Date(now().getTime() + claimMs).toISOString();
        const renewed = await queue.renewClaim(id, claimedUntil, next).catch(() => undefined); // a missed renewal is retried at the next beat
        if (renewed) claimedUntil = next;
        else if (renewed === false) opts.log?.warn({ mailId: id }, "mail claim lost while sending");
      });
    };
    const heartbeat = setInterval(renew, opts.heartbeatMs ?? MAIL_HEARTBEAT_MS);
    const stopHeartbeat = async () => {
      clearInterval(heartbeat);
      await renewing;
    };

    try {
      await send({
        from: opts.from,
        // As an object, so the address is never parsed as a list or a display name.
        to: { name: "", address: mail.to_address },
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body ?? undefined,
        attachments,
        queueId: id,
      });
      await stopHeartbeat();
      await queue.markSent(id, now().toISOString(), mail.attempts + 1);
      result.sent++;
    } catch (error) {
      await stopHeartbeat();
      const attempts = mail.attempts + 1;
      const giveUp = attempts >= opts.maxAttempts;
      const code =
        (error as { code?: string; responseCode?: number }).responseCode ?? (error as { code?: string }).code;
      await queue.markAttemptFailed(id, {
        giveUp,
        attempts,
        nextAttemptAt: new Date(now().getTime() + backoffMs(attempts)).toISOString(),
        error: String((error as Error).message ?? error).slice(0, 500),
      });
      if (giveUp) result.failed++;
      else result.retried++;
      opts.log?.warn({ mailId: id, attempts, code: code ?? "unknown", gaveUp: giveUp }, "mail delivery failed");
    }
  }
  if (result.sent) opts.log?.info({ sent: result.sent }, "mail sent");
  return result;
}

/** Starts the polling worker on the jobs' timer (server/jobs/periodic.ts); the returned function stops it and waits for the current run. */
export function startMailWorker(db: Db, config: Pick<Config, "mail" | "dataDir">, log?: FastifyBaseLogger) {
  const sender = createSender(config);
  const stop = runEvery(
    config.mail.pollMs,
    Math.min(config.mail.pollMs, 1000),
    () => deliverDueMail(db, sender.send, { from: config.mail.from, maxAttempts: config.mail.maxAttempts, log }),
    (error: unknown) => log?.error({ err: { message: (error as Error).message } }, "mail worker run failed"),
  );
  return async () => {
    await stop();
    sender.close();
  };
}
