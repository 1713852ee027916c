/**
 * What came of handing one message to a provider (decision 030), the one
 * vocabulary of the SMPP session, the WhatsApp client and the outbox:
 * - sent: the provider took it (with its id for receipts, when it gave one);
 * - temporary: it was not handed over, or was refused for now (throttling, a
 *   full queue, no connection): safe to try again later;
 * - permanent: refused for good;
 * - unknown: handed over, but the answer was lost: it may have gone, so it
 *   is never tried again by itself.
 * `code` is a short provider code or reason for staff and logs: never a
 * number or a body. `slowDown` marks a refusal that asks the sender to send
 * less (throttling, a full queue): the rest of the worker's run waits.
 */
export type HandOver =
  | { outcome: "sent"; providerId: string | null }
  | { outcome: "temporary"; code: string; slowDown?: boolean }
  | { outcome: "permanent"; code: string }
  | { outcome: "unknown"; code: string };

/** The least a logger must do here (pino's and Fastify's loggers do). */
export interface MessageLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}
