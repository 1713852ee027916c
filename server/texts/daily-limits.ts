import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { addDays, clinicDate, clinicInstant } from "../../domain/dates";
import type { TextsConfig } from "../base/config";
import type { Database } from "../db/schema";
import { rateLimitRepository } from "../requests/rate-limit-repository";

/**
 * The daily limits on texts (decision 042): at most MESSAGE_DAILY_LIMIT
 * texts queued in one clinic day (Gaborone), all numbers together, and at
 * most MESSAGE_DAILY_LIMIT_PER_NUMBER to one number. Counted in
 * `rate_limits`, shared by every instance, in the transaction that queues
 * the text: one conditional upsert per counter, so requests in parallel, on
 * any number of instances, cannot pass a limit together, and a transaction
 * that rolls back takes its count with it. A number is kept there only as a
 * digest, for a day.
 */

/** Which limit stopped a text: all texts that day, or that number's. */
export type DailyLimitReached = "total" | "number";

/** The counters' keys for the clinic day of `now`, and when they may go. */
function counters(number: string, now: Date) {
  const day = clinicDate(now);
  const digest = crypto.createHash("sha256").update(`${day}\0${number}`).digest("base64url");
  return {
    total: `texts-day|${day}`,
    number: `texts-number|${digest}`,
    expiresAt: clinicInstant(addDays(day, 1), "00:00").toISOString(),
  };
}

/**
 * Counts one text to `number` (E.164) against the day's limits, in `trx`:
 * null when it may go (counted), else the limit it would pass (nothing
 * counted). The number's limit is checked first, so texts one number is
 * refused do not use up the day's.
 */
export async function countDailyText(
  limits: TextsConfig["dailyLimit"],
  number: string,
  now: Date,
  trx: Kysely<Database>,
): Promise<DailyLimitReached | null> {
  const repo = rateLimitRepository(trx);
  const key = counters(number, now);
  if ((await repo.hitBelow(key.number, key.expiresAt, limits.perNumber, trx)) === null) return "number";
  if ((await repo.hitBelow(key.total, key.expiresAt, limits.total, trx)) !== null) return null;
  await repo.unhit(key.number, trx);
  return "total";
}

/**
 * Counts a text staff chose to send again: in both counters, but never
 * refused (a person asked for it, one at a time, audited).
 */
export async function countDailyTextAlways(number: string, now: Date, trx: Kysely<Database>): Promise<void> {
  const repo = rateLimitRepository(trx);
  const key = counters(number, now);
  await repo.hit(key.number, key.expiresAt, trx);
  await repo.hit(key.total, key.expiresAt, trx);
}

/** What a text's history says of the limit that stopped it (text_messages.last_error): no number, no words. */
export function dailyLimitError(limit: DailyLimitReached, limits: TextsConfig["dailyLimit"]): string {
  return limit === "total"
    ? `daily limit of ${limits.total} texts in all reached (MESSAGE_DAILY_LIMIT)`
    : `daily limit of ${limits.perNumber} texts to one number reached (MESSAGE_DAILY_LIMIT_PER_NUMBER)`;
}
