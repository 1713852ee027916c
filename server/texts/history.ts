import type { Db } from "../db/index";
import {
  FINISHED_STATUSES,
  type MessageHistoryItem,
  type TextStatus,
  type WhatsAppTemplateMessage,
} from "../../domain/text-messages";
import { contactPreferenceRepository } from "./contact-preference-repository";
import { countDailyTextAlways } from "./daily-limits";
import { inTextCountries, textReach } from "./phone";
import { enqueueMessage } from "./queue";
import { textMessageRepository } from "./text-message-repository";

/** What the staff's appointment page shows of one message (decision 030). */
export type { MessageHistoryItem };

/** A message done with (sent, delivered, failed, stopped…), not still on its way: staff may send it again (decision 043). */
const finished = (status: TextStatus) => (FINISHED_STATUSES as readonly string[]).includes(status);

/** Every text message about the appointment `reference`, oldest first. */
export async function messagesFor(db: Db, reference: string): Promise<MessageHistoryItem[]> {
  const rows = await textMessageRepository(db).findAbout([reference]);
  const resent = new Set(rows.map((r) => r.resent_from).filter((id): id is number => id !== null));
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    kind: r.kind,
    status: r.status,
    to: r.to_number,
    body: r.body,
    attempts: r.attempts,
    lastError: r.last_error,
    createdAt: r.created_at,
    sentAt: r.sent_at,
    statusAt: r.status_at,
    nextAttemptAt: r.status === "pending" ? r.next_attempt_at : null,
    resentFrom: r.resent_from,
    canResend: finished(r.status) && !resent.has(r.id) && r.body !== "",
  }));
}

export type ResendResult =
  | { ok: true; id: number }
  | { ok: false; reason: "not-found" | "not-finished" | "already-resent" | "blanked" | "email-only" | "abroad" };

/**
 * Staff send a message again, whatever became of it once it was done with
 * (failed, unknown, capped, stopped, or sent and lost by the patient: decision
 * 043): a new message with the same number, step and text (the old one stays,
 * as the record of what happened), queued now; the worker holds it through
 * quiet hours. It counts towards the daily limits but is never refused by
 * them (decision 042). Refused when the message is still on its way, was
 * sent again already (send the newer one), was blanked, its patient now
 * wants e-mail only, or its number is in none of SMS_COUNTRIES
 * (`countries`). The message's row is locked first (PostgreSQL), so two
 * clicks at once send it once.
 */
export async function resendMessage(
  db: Db,
  id: number,
  now: Date = new Date(),
  countries?: readonly string[],
): Promise<ResendResult> {
  return db.transaction().execute(async (trx) => {
    const repo = textMessageRepository(db);
    const message = await repo.findForResend(id, trx);
    if (!message) return { ok: false, reason: "not-found" };
    if (!finished(message.status)) return { ok: false, reason: "not-finished" };
    if (await repo.wasResent(id, trx)) return { ok: false, reason: "already-resent" };
    if (!message.body || !message.to_number) return { ok: false, reason: "blanked" };
    if (message.about_reference) {
      const appointment = await contactPreferenceRepository(db).find(message.about_reference, trx);
      if (appointment?.contact_preference === "email") return { ok: false, reason: "email-only" };
    }
    if (countries && !inTextCountries(textReach(message.to_number).country, countries))
      return { ok: false, reason: "abroad" };
    await countDailyTextAlways(message.to_number, now, trx);
    const newId = await enqueueMessage(
      {
        channel: message.channel,
        to: message.to_number,
        about: message.about_reference,
        kind: message.kind,
        body: message.body,
        whatsapp: message.template_json ? (JSON.parse(message.template_json) as WhatsAppTemplateMessage) : null,
        resentFrom: id,
      },
      now,
      trx,
    );
    return { ok: true, id: newId };
  });
}

/** The days the overview looks back for failing messages. */
export const FAILING_LOOKBACK_DAYS = 7;

/**
 * How many text messages failed or went unknown in the last
 * FAILING_LOOKBACK_DAYS days and were not sent again: the overview says
 * messages are failing when this is not 0.
 */
export async function failingMessages(db: Db, now: Date = new Date()): Promise<number> {
  return textMessageRepository(db).countFailingSince(failingSince(now));
}

/** The appointment references those failing messages are about, most recent first, at most `limit`. */
export async function failingMessageReferences(db: Db, now: Date, limit: number): Promise<string[]> {
  return textMessageRepository(db).failingAboutSince(failingSince(now), limit);
}

const failingSince = (now: Date) => new Date(now.getTime() - FAILING_LOOKBACK_DAYS * 86_400_000).toISOString();
