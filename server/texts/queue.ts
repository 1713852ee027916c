import type { Kysely } from "kysely";
import type { Config } from "../base/config";
import type { Database } from "../db/schema";
import { septetCount, SMS_MAX_SEPTETS } from "../../domain/gsm7";
import {
  composeSms,
  NOT_HELD_KINDS,
  quietUntil,
  reminderTooLate,
  SmsTooLongError,
  whatsappTemplate,
  type PatientTextKind,
  type TextKind,
  type WhatsAppTemplateMessage,
} from "../../domain/text-messages";
import { textChannelFor, type ContactPreference, type TextChannel } from "../../domain/contact-preference";
import type { Locale } from "../../domain/locale";
import { countDailyText, dailyLimitError } from "./daily-limits";
import { inTextCountries, textReach, type TextReach } from "./phone";
import { textMessageRepository, type NewTextMessage } from "./text-message-repository";

export interface OutgoingText {
  channel: TextChannel;
  /** E.164. */
  to: string;
  /** The appointment reference it is about (the staff's history, export and erasure find it by this). */
  about: string | null;
  kind: TextKind;
  /** The SMS text: GSM-7, one segment (composeSms). A WhatsApp message keeps it for the SMS fallback and the history. */
  body: string;
  /** The template a WhatsApp message is sent with; required for WhatsApp. */
  whatsapp?: WhatsAppTemplateMessage | null;
  /** Not sent before this instant (quiet hours: quietUntil); now by default. */
  notBefore?: Date;
  /** The failed message this one sends again (staff's resend). */
  resentFrom?: number;
}

const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * Queues a text message in the caller's transaction (or on the database), as
 * enqueueMail does an e-mail: the worker sends it, once, in the background.
 * Refuses (throws) a number not in E.164, a body that is not one GSM-7
 * segment, and WhatsApp without its template. Returns the row's id.
 */
export async function enqueueMessage(text: OutgoingText, now: Date, trx: Kysely<Database>): Promise<number> {
  return textMessageRepository(trx).enqueue(
    messageRow(text),
    text.notBefore && text.notBefore > now ? text.notBefore : now,
    now,
  );
}

/** The row of a text, once checked: refuses (throws) a number not in E.164, a body not one GSM-7 segment, WhatsApp without its template. */
function messageRow(text: OutgoingText): NewTextMessage {
  if (!E164.test(text.to)) throw new Error("a text message needs an E.164 number");
  if (septetCount(text.body) > SMS_MAX_SEPTETS)
    throw new Error(`a text message's body is at most ${SMS_MAX_SEPTETS} septets`);
  if (text.channel === "whatsapp" && !text.whatsapp) throw new Error("a WhatsApp message needs its template");
  return {
    channel: text.channel,
    to_number: text.to,
    about_reference: text.about,
    kind: text.kind,
    body: text.body,
    template_json: text.channel === "whatsapp" && text.whatsapp ? JSON.stringify(text.whatsapp) : null,
    resent_from: text.resentFrom ?? null,
  };
}

export interface PatientText {
  reference: string;
  /** The appointment's phone number (E.164, as stored). */
  phone: string;
  /** Whether `phone` is a mobile and its country, when the caller has them already (a booking read them at validation); else read here. */
  reach?: TextReach;
  /** appointments.contact_preference. */
  preference: ContactPreference | null;
  kind: PatientTextKind;
  /** YYYY-MM-DD: the confirmed date, else the requested one. */
  date: string;
  /** HH:mm, for confirmed, reminder and moved (a reminder for several appointments that day: each, "09:30, 11:00"). */
  time?: string;
  /** A reminder's preparation at clock times, in the fewest words, most important first (TextFacts.prep). */
  prep?: readonly string[];
  /** The patient's private link as issued (issueManageLink); an SMS carries its path on SMS_LINK_BASE_URL's origin. */
  manageUrl: string;
  /** The patient's language (appointments.language): the SMS's words. WhatsApp's template stays English (decision 037). */
  language: Locale;
}

/**
 * What became of a step's text: queued (`capped` when a daily limit stopped
 * it: kept, never sent), or none, and why ("abroad": the number is in none of
 * SMS_COUNTRIES).
 */
export type QueuedText =
  | { id: number; channel: TextChannel; capped?: "total" | "number" }
  | { skipped: "email-only" | "not-mobile" | "abroad" | "too-long" | "too-late" | "quiet" };

/**
 * The one way a step of an appointment texts the patient: by their choice
 * of channel (SMS for a mobile by default, none for "email" or a landline:
 * textChannelFor), the SMS composed for one segment with the clinic's SMS
 * name and the private link on the SMS origin, the WhatsApp template beside
 * it, held until quiet hours end, queued in the caller's transaction.
 * Nothing is queued for a patient who is not to be texted, nor a reminder
 * that quiet hours would hold until the appointment's own day
 * (reminderTooLate), nor an earlier time offered in quiet hours (NOT_HELD_KINDS), nor a number in none of the countries texts go to
 * (SMS_COUNTRIES); a message that cannot fit (configuration allows none)
 * is skipped, never failing the caller's transaction. A text past a daily
 * limit (countDailyText, decision 042) is kept as `capped`, never sent.
 */
export async function queuePatientText(
  config: Pick<Config, "texts">,
  text: PatientText,
  now: Date,
  trx: Kysely<Database>,
): Promise<QueuedText> {
  const m = config.texts;
  const { mobile, country } = text.reach ?? textReach(text.phone);
  const channel = textChannelFor(text.preference, mobile);
  if (!channel) return { skipped: mobile ? "email-only" : "not-mobile" };
  if (!inTextCountries(country, m.countries)) return { skipped: "abroad" };
  const notBefore = quietUntil(now, m.quietHours);
  if (text.kind === "reminder" && reminderTooLate(notBefore, text.date)) return { skipped: "too-late" };
  // An earlier time offered is not held until the morning: its e-mail went at once (decision 070).
  if (NOT_HELD_KINDS.includes(text.kind) && notBefore.getTime() > now.getTime()) return { skipped: "quiet" };
  // The link's path after its scheme and host (the link is our own absolute URL).
  const path = text.manageUrl.replace(/^[a-z]+:\/\/[^/]+/, "");
  const facts = {
    sender: m.smsSenderName,
    reference: text.reference,
    date: text.date,
    time: text.time,
    ...(text.prep?.length ? { prep: text.prep } : {}),
  };
  let body: string;
  try {
    body = composeSms(text.kind, { ...facts, link: `${m.smsLinkOrigin}${path}` }, text.language);
  } catch (error) {
    if (error instanceof SmsTooLongError) return { skipped: "too-long" };
    throw error;
  }
  const whatsapp =
    channel === "whatsapp"
      ? whatsappTemplate(text.kind, { ...facts, link: text.manageUrl }, m.whatsapp?.language ?? "en")
      : null;
  const outgoing: OutgoingText = {
    channel,
    to: text.phone,
    about: text.reference,
    kind: text.kind,
    body,
    whatsapp,
    notBefore,
  };
  const row = messageRow(outgoing);
  const capped = await countDailyText(m.dailyLimit, text.phone, now, trx);
  if (capped) {
    const id = await textMessageRepository(trx).recordCapped(row, dailyLimitError(capped, m.dailyLimit), now);
    return { id, channel, capped };
  }
  const id = await enqueueMessage(outgoing, now, trx);
  return { id, channel };
}
