import type { Config } from "../base/config";
import type { Db } from "../db/index";
import { runEvery } from "../jobs/periodic";
import { isQuiet, quietUntil, type QuietHours } from "../../domain/text-messages";
import { deliveryChannel, type TextChannel } from "../../domain/contact-preference";
import type { HandOver, MessageLog } from "./hand-over";
import { createTextSenders, type SenderOverrides, type TextSenders } from "./senders";
import { WHATSAPP_TIMEOUT_MS } from "./whatsapp";
import { textMessageRepository } from "./text-message-repository";

/**
 * Sends queued text messages in the background, each once across
 * instances (decision 030). A worker claims a message by moving it from
 * pending to sending in one conditional update (with a claim in
 * locked_until), and only then hands it over: of several workers exactly one
 * does. What comes back decides the row: sent; pending again with backoff
 * after a temporary refusal (until MESSAGE_MAX_ATTEMPTS, then failed);
 * failed after a permanent one; unknown when the answer was lost, and a row
 * still sending after its claim ended (its worker died mid-hand-over) becomes
 * unknown too. Unknown is never tried again by itself: a second SMS is worse
 * than none, and staff may resend. Nothing leaves in quiet hours: what falls
 * due then waits until they end. Logs carry ids, counts and codes, never a
 * number or a body.
 */

/** A claim outlasts the longest hand-over (an SMPP answer or a WhatsApp call) with a minute to spare. */
export function claimMs(config: Pick<Config, "texts">): number {
  return Math.max(config.texts.smpp?.responseTimeoutMs ?? 0, WHATSAPP_TIMEOUT_MS) + 60_000;
}

/** The wait after the n-th temporary refusal: 15 s doubling, at most 30 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30 * 60_000, 15_000 * 2 ** Math.max(0, attempts - 1));
}

const BATCH = 100;

export interface MessageDeliveryResult {
  sent: number;
  retried: number;
  failed: number;
  unknown: number;
  /** Rows still sending after their claim ended, now unknown. */
  expired: number;
  /** Rows held because the run fell in quiet hours. */
  postponed: number;
  /** SMS left pending because the SMPP session is not bound. */
  waiting: number;
}

export interface DeliveryOptions {
  quietHours: QuietHours | null;
  maxAttempts: number;
  claimMs: number;
  now?: () => Date;
  log?: MessageLog;
  retryDelayMs?: (attempts: number) => number;
}

/** Claims and sends the messages due now. Testable without timers. */
export async function deliverDueMessages(
  db: Db,
  senders: TextSenders,
  opts: DeliveryOptions,
): Promise<MessageDeliveryResult> {
  const now = opts.now ?? (() => new Date());
  const delay = opts.retryDelayMs ?? retryDelayMs;
  const repo = textMessageRepository(db);
  const result: MessageDeliveryResult = {
    sent: 0,
    retried: 0,
    failed: 0,
    unknown: 0,
    expired: 0,
    postponed: 0,
    waiting: 0,
  };
  const start = now();
  result.expired = await repo.expireClaims(start.toISOString());
  if (isQuiet(start, opts.quietHours)) {
    result.postponed = await repo.postponeDue(start.toISOString(), quietUntil(start, opts.quietHours).toISOString());
    return finish(result, opts.log);
  }
  const due = await repo.due(start.toISOString(), BATCH);
  let smsPaused = false;

  const handle = async ({ id, channel }: { id: number; channel: TextChannel }) => {
    // A WhatsApp message goes as SMS when WhatsApp is not configured.
    const via = deliveryChannel(channel, !!senders.sendWhatsApp);
    if (via === "sms" && (smsPaused || !senders.smsReady())) {
      result.waiting++;
      return;
    }
    const claimAt = now();
    const message = await repo.claim(
      id,
      via,
      claimAt.toISOString(),
      new Date(claimAt.getTime() + opts.claimMs).toISOString(),
    );
    if (!message) return; // another worker has it
    let handOver: HandOver;
    try {
      handOver = via === "whatsapp" ? await senders.sendWhatsApp!(message) : await senders.sendSms(message);
    } catch (error) {
      // The senders report what they handed over; a throw (the outbox's disk) handed nothing over.
      handOver = { outcome: "temporary", code: (error as NodeJS.ErrnoException).code ?? (error as Error).name };
    }
    const at = now();
    const stamp = at.toISOString();
    switch (handOver.outcome) {
      case "sent":
        await repo.markSent(id, handOver.providerId, stamp);
        result.sent++;
        return;
      case "temporary":
        if (via === "sms" && handOver.slowDown) smsPaused = true; // throttled: the rest of the run's SMS wait
        if (message.attempts >= opts.maxAttempts) {
          await repo.markFinal(id, "failed", `${handOver.code} (gave up after ${message.attempts} attempts)`, stamp);
          result.failed++;
        } else {
          const next = quietUntil(new Date(at.getTime() + delay(message.attempts)), opts.quietHours);
          await repo.markRetry(id, next.toISOString(), handOver.code, stamp);
          result.retried++;
        }
        break;
      case "permanent":
        await repo.markFinal(id, "failed", handOver.code, stamp);
        result.failed++;
        break;
      case "unknown":
        await repo.markFinal(id, "unknown", handOver.code, stamp);
        result.unknown++;
        break;
    }
    opts.log?.warn(
      { textMessageId: id, channel: via, outcome: handOver.outcome, code: handOver.code, attempts: message.attempts },
      "text message not sent",
    );
  };

  // As many hand-overs at once as the SMPP window allows, one message each.
  let next = 0;
  const runners = Array.from({ length: Math.max(1, Math.min(senders.window, due.length)) }, async () => {
    while (next < due.length) await handle(due[next++]!);
  });
  await Promise.all(runners);
  return finish(result, opts.log);
}

function finish(result: MessageDeliveryResult, log?: MessageLog): MessageDeliveryResult {
  if (result.sent) log?.info({ textMessagesSent: result.sent }, "text messages sent");
  if (result.expired) log?.warn({ textMessagesExpired: result.expired }, "text messages left sending are now unknown");
  return result;
}

/**
 * Starts sending text messages in the background of a listening server: the
 * SMPP session connects on its own (the server never waits for it), and the
 * worker runs every MESSAGE_POLL_MS on the jobs' timer. The returned function
 * stops the worker, waits for its run, and unbinds.
 */
export function startMessageWorker(
  db: Db,
  config: Pick<Config, "texts" | "dataDir">,
  log?: MessageLog,
  overrides: SenderOverrides & { retryDelayMs?: (attempts: number) => number } = {},
): () => Promise<void> {
  const senders = createTextSenders(db, config, log, overrides);
  log?.info({ sms: senders.sms, whatsapp: !!senders.sendWhatsApp }, "text message worker started");
  const m = config.texts;
  const stop = runEvery(
    m.pollMs,
    Math.min(m.pollMs, 1000),
    () =>
      deliverDueMessages(db, senders, {
        quietHours: m.quietHours,
        maxAttempts: m.maxAttempts,
        claimMs: claimMs(config),
        now: overrides.now,
        log,
        retryDelayMs: overrides.retryDelayMs,
      }),
    (error: unknown) => log?.error({ err: { message: (error as Error).message } }, "text message worker run failed"),
  );
  return async () => {
    await stop();
    await senders.close();
  };
}
