import type { TextChannel } from "./contact-preference";
import { addDays, clinicDate, clinicInstant, clinicTime, formatAbbreviatedDate, formatLongDate } from "./dates";
import { BASE_LOCALE, type Locale } from "./locale";
import { gsm7Septets, SMS_MAX_SEPTETS, toGsm7 } from "./gsm7";
import { m } from "./paraglide/messages.js";

/**
 * Text messages to patients, SMS and WhatsApp (decision 030): the channels a
 * patient can choose, the step of the appointment each message is about, its
 * statuses and their labels, the
 * words of every SMS and WhatsApp template, and the quiet hours. No I/O.
 *
 * An SMS names the clinic, the reference, the date (and time) and the
 * patient's private link, and never the service or anything about the
 * patient's health: the phone may be shared.
 */

// --- Channels and the patient's choice ---

// --- The steps that send a message ---

export const TEXT_KINDS = [
  "received",
  "confirmed",
  "booked",
  "reminder",
  "moved",
  "cancelled",
  "closed",
  "room-closed",
  "patient-changed",
  "patient-cancelled",
  "report-ready",
  "earlier",
] as const;
/** The steps that text the patient, composed here (composeSms) and by WhatsApp template. */
export type PatientTextKind = (typeof TEXT_KINDS)[number];
/** Every kind of text: the patient's, and the code sent to the referring doctor for the report (decision 075), composed by its sender. */
export type TextKind = PatientTextKind | "report-code";

/** What each message is about, for the staff's message history. */
export const TEXT_KIND_LABELS: Record<TextKind, string> = {
  received: "Request received",
  confirmed: "Confirmed",
  booked: "Booked online",
  reminder: "Reminder",
  moved: "Moved by the clinic",
  cancelled: "Cancelled by the clinic",
  closed: "Clinic closed that day",
  "room-closed": "Room out of service that day",
  "patient-changed": "Patient's change",
  "patient-cancelled": "Patient's cancellation",
  "report-ready": "Report ready",
  "report-code": "Report code to the doctor",
  earlier: "Earlier time offered",
};

/** The kinds whose message gives a time of day; the others give a date only. */
export const TIMED_KINDS: readonly PatientTextKind[] = ["confirmed", "booked", "reminder", "moved", "earlier"];

// --- Statuses ---

/** Statuses a message is on its way in: waiting, or claimed by one worker. */
const UNFINISHED_STATUSES = ["pending", "sending"] as const;

/** Statuses a message is finished in: its body may be blanked after the retention period. */
export const FINISHED_STATUSES = ["sent", "delivered", "read", "failed", "unknown", "stopped", "capped"] as const;

/**
 * pending: waiting (or waiting again after a temporary refusal); sending:
 * claimed by one worker, which is handing it over; sent: the provider took
 * it; delivered and read: the provider's receipt or status; failed: refused
 * for good, or failed on the phone network; unknown: handed over, but the
 * answer was lost, so it may or may not have gone (never sent again by
 * itself: staff may resend it); stopped: the patient stopped text messages
 * before it went; capped: never handed over, as a daily limit on texts was
 * reached when it was queued (the one in last_error; decision 042).
 */
export const TEXT_STATUSES = [...UNFINISHED_STATUSES, ...FINISHED_STATUSES] as const;
export type TextStatus = (typeof TEXT_STATUSES)[number];

export const TEXT_STATUS_LABELS: Record<TextStatus, string> = {
  pending: "Waiting to be sent",
  sending: "Sending",
  sent: "Sent",
  delivered: "Delivered",
  read: "Read",
  failed: "Failed",
  unknown: "Not known (the answer was lost)",
  stopped: "Not sent (the patient stopped text messages)",
  capped: "Not sent (a daily limit on texts was reached)",
};

/** Statuses the overview counts as failing, and from which staff may send a message again. */
export const FAILING_STATUSES = ["failed", "unknown", "capped"] as const satisfies readonly TextStatus[];

// --- What an SMS says ---

/**
 * The longest sender name an SMS may start with (SMS_SENDER_NAME, by default
 * CLINIC_SHORT_NAME, in septets) and the longest origin its link may have
 * (SMS_LINK_BASE_URL, by default PUBLIC_BASE_URL): with these, every kind's
 * shortest wording fits one segment with a 16-character reference and the
 * 43-character token (tests/unit/text-messages.test.ts proves it).
 */
export const SMS_SENDER_NAME_MAX = 16;
export const SMS_LINK_ORIGIN_MAX = 40;

export interface TextFacts {
  /** Who the message is from: the clinic's SMS sender name. */
  sender: string;
  reference: string;
  /** YYYY-MM-DD: the requested date, or the confirmed one. */
  date: string;
  /** HH:mm, for the kinds that give a time (TIMED_KINDS). */
  time?: string;
  /** The patient's private link. */
  link: string;
  /**
   * A reminder's preparation at clock times, in the fewest words, most important first, never
   * naming the examination (domain/preparation.ts preparationAtShort: ["No food after 03:30.",
   * "Arrive by 09:15."]): the composer gives as many as fit.
   */
  prep?: readonly string[];
}

/**
 * "Wed 30 Sep": the weekday says which week; the year is left out (bookings are at most months
 * ahead). Setswana's is "30 Lwe": its days are written in full (messages/glossary.json, rule
 * `days`), and a full name would cost the words that ask the patient to act ("e tshwanetse go
 * sutisiwa"), which the composer drops before the weekday (decision 050).
 */
export function smsDate(iso: string, locale: Locale = BASE_LOCALE): string {
  const date = formatAbbreviatedDate(iso, locale).replace(/ \d{4}$/, "");
  return locale === BASE_LOCALE ? date : date.replace(/^\S+ /, "");
}

/** "30 Sep" ("30 Lwe"): the last resort, when even the shortest wording does not fit with the weekday. */
export function smsDay(iso: string, locale: Locale = BASE_LOCALE): string {
  return formatAbbreviatedDate(iso, locale)
    .replace(/ \d{4}$/, "")
    .replace(/^\S+ /, "");
}

/** One wording of an SMS: a compiled message (messages/<locale>/patient.json, `sms_*`). */
type Wording = (
  inputs: { sender: string; ref: string; date: string; time: string; link: string; prep: string },
  options: { locale: Locale },
) => string;

/**
 * Each kind's wordings, fullest first; the composer takes the first that
 * fits one segment, so optional words go before the facts do. A request is
 * not a booked time (decision 025), and a change the patient made waits for
 * the clinic's confirmation, so neither may read as one. Each language has
 * as many wordings of a kind as English (the catalogues' keys match); SMS
 * wordings avoid letters outside GSM-7 (Setswana's š), so toGsm7 never has
 * to change a word.
 */
const SMS_WORDINGS: Record<PatientTextKind, Wording[]> = {
  received: [m.sms_received_1, m.sms_received_2, m.sms_received_3, m.sms_received_4, m.sms_received_5],
  confirmed: [m.sms_confirmed_1, m.sms_confirmed_2, m.sms_confirmed_3, m.sms_confirmed_4],
  // A time the patient booked online is booked, not confirmed, in every channel (decision 063).
  booked: [m.sms_booked_1, m.sms_booked_2, m.sms_booked_3, m.sms_booked_4],
  reminder: [m.sms_reminder_4, m.sms_reminder_5, m.sms_reminder_6],
  moved: [m.sms_moved_1, m.sms_moved_2, m.sms_moved_3, m.sms_moved_4],
  cancelled: [m.sms_cancelled_1, m.sms_cancelled_2, m.sms_cancelled_3, m.sms_cancelled_4],
  closed: [m.sms_closed_1, m.sms_closed_2, m.sms_closed_3, m.sms_closed_4],
  // One room out of service: the clinic is open, so the text does not say it is closed (nor which room: a health hint).
  "room-closed": [m.sms_room_closed_1, m.sms_room_closed_2, m.sms_room_closed_3, m.sms_room_closed_4],
  "patient-changed": [
    m.sms_patient_changed_1,
    m.sms_patient_changed_2,
    m.sms_patient_changed_3,
    m.sms_patient_changed_4,
  ],
  "patient-cancelled": [m.sms_patient_cancelled_1, m.sms_patient_cancelled_2, m.sms_patient_cancelled_3],
  // The report is ready on the private page: never which examination (decision 075).
  "report-ready": [m.sms_report_ready_1, m.sms_report_ready_2, m.sms_report_ready_3],
  // An earlier time offered (decision 070): its day and time, and the offer's own link (not the private page's).
  earlier: [m.sms_earlier_1, m.sms_earlier_2, m.sms_earlier_3],
};

/**
 * The wordings that give a reminder's preparation times ({prep}) and ask the patient to confirm or
 * cancel (decision 069), fullest first: tried before the kind's own, with as many of the times as fit.
 */
const SMS_PREP_WORDINGS: Partial<Record<PatientTextKind, Wording[]>> = {
  reminder: [m.sms_reminder_1, m.sms_reminder_2, m.sms_reminder_3],
};

export class SmsTooLongError extends Error {
  constructor(kind: PatientTextKind, septets: number) {
    super(`the ${kind} SMS takes ${septets} septets even in its shortest wording (at most ${SMS_MAX_SEPTETS})`);
    this.name = "SmsTooLongError";
  }
}

/**
 * The SMS for a step in the patient's language: GSM-7 only (toGsm7), one
 * segment (SMS_MAX_SEPTETS), the fullest wording that fits with the date's
 * weekday ("Wed 30 Sep"), else the fullest that fits without it ("30 Sep":
 * Setswana's words are longer, and its link has /tn). Throws SmsTooLongError
 * when even the shortest does not (a sender name or link longer than the
 * limits above), and on a timed kind without a time.
 */
export function composeSms(kind: PatientTextKind, facts: TextFacts, locale: Locale = BASE_LOCALE): string {
  if (TIMED_KINDS.includes(kind) && !facts.time) throw new Error(`the ${kind} SMS needs a time`);
  let shortest = Infinity;
  const prep = facts.prep ?? [];
  // With the preparation's times (the most important kept longest), then without them.
  const tries: [Wording[], string][] = [
    ...prep.map((_, i): [Wording[], string] => [
      SMS_PREP_WORDINGS[kind] ?? [],
      prep.slice(0, prep.length - i).join(" "),
    ]),
    [SMS_WORDINGS[kind], ""],
  ];
  for (const [wordings, prepText] of tries) {
    for (const date of [smsDate(facts.date, locale), smsDay(facts.date, locale)]) {
      const inputs = {
        sender: facts.sender.trim(),
        ref: facts.reference,
        date,
        time: facts.time ?? "",
        link: facts.link,
        prep: prepText,
      };
      for (const wording of wordings) {
        const text = toGsm7(wording(inputs, { locale }));
        const septets = gsm7Septets(text);
        if (septets <= SMS_MAX_SEPTETS) return text;
        shortest = Math.min(shortest, septets);
      }
    }
  }
  throw new SmsTooLongError(kind, shortest);
}

// --- WhatsApp templates ---

/**
 * The template each step is sent with, as it must be submitted for approval
 * in WhatsApp Manager (category Utility, language WHATSAPP_TEMPLATE_LANGUAGE):
 * its name and body, whose {{n}} are the parameters whatsappTemplate() fills,
 * in order. docs/deploy.md lists them for the operator. They are English
 * only, for every patient: WhatsApp's template languages do not include
 * Setswana, so a Setswana patient gets the English template, with its link
 * to their page in Setswana (decision 037).
 */
export const WHATSAPP_TEMPLATES: Record<PatientTextKind, { name: string; body: string }> = {
  received: {
    name: "appointment_request_received",
    body: "{{1}}: we received your appointment request {{2}} for {{3}}. It is not booked yet: we will contact you to confirm a time. See or change it: {{4}}",
  },
  confirmed: {
    name: "appointment_confirmed",
    body: "{{1}}: your appointment {{2}} is confirmed for {{3}} at {{4}}. See or change it: {{5}}",
  },
  booked: {
    name: "appointment_booked",
    body: "{{1}}: your appointment {{2}} is booked for {{3}} at {{4}}. See or change it: {{5}}",
  },
  reminder: {
    name: "appointment_reminder",
    body: "{{1}}: a reminder that your appointment {{2}} is on {{3}} at {{4}}. {{5}} Confirm you are coming, or cancel: {{6}}",
  },
  moved: {
    name: "appointment_moved",
    body: "{{1}}: your appointment {{2}} has moved to {{3}} at {{4}}. See or change it: {{5}}",
  },
  cancelled: {
    name: "appointment_cancelled_by_clinic",
    body: "{{1}}: we have cancelled your appointment {{2}} on {{3}}. Details: {{4}}",
  },
  closed: {
    name: "clinic_closed_on_appointment_day",
    body: "{{1}}: your appointment {{2}} on {{3}} cannot go ahead: we are closed that day. We will contact you. Details: {{4}}",
  },
  "room-closed": {
    name: "appointment_day_unavailable",
    body: "{{1}}: your appointment {{2}} on {{3}} cannot go ahead that day. We will contact you. Details: {{4}}",
  },
  "patient-changed": {
    name: "appointment_change_received",
    body: "{{1}}: we received your change to appointment {{2}}: new date {{3}}. We will contact you to confirm a time. Details: {{4}}",
  },
  "patient-cancelled": {
    name: "appointment_cancelled_by_patient",
    body: "{{1}}: your appointment {{2}} on {{3}} is cancelled as you asked. Details: {{4}}",
  },
  "report-ready": {
    name: "report_ready",
    body: "{{1}}: the report of your appointment {{2}} on {{3}} is ready on your private page: {{4}}",
  },
  earlier: {
    name: "appointment_earlier_time",
    body: "{{1}}: an earlier time is free for your appointment {{2}}: {{3}} at {{4}}. The first patient to take it gets it: {{5}}",
  },
};

export interface WhatsAppTemplateMessage {
  name: string;
  language: string;
  /** The body's parameters, {{1}} first. */
  params: string[];
}

/** The template message for a step: the sender, the reference, the long date (in English, as the template is), the time (timed kinds) and the link. */
export function whatsappTemplate(kind: PatientTextKind, facts: TextFacts, language: string): WhatsAppTemplateMessage {
  if (TIMED_KINDS.includes(kind) && !facts.time) throw new Error(`the ${kind} message needs a time`);
  const date = formatLongDate(facts.date);
  const params =
    kind === "reminder"
      ? [facts.sender, facts.reference, date, facts.time!, facts.prep?.join(" ") || "-", facts.link]
      : TIMED_KINDS.includes(kind)
        ? [facts.sender, facts.reference, date, facts.time!, facts.link]
        : [facts.sender, facts.reference, date, facts.link];
  return { name: WHATSAPP_TEMPLATES[kind].name, language, params };
}

/**
 * The reply that stops text messages to a number: "STOP", trimmed, in any
 * letter case. Only that word: "cancel" could mean the appointment.
 */
export const STOP_WORD = "STOP";

export function isStopWord(text: string): boolean {
  return text.trim().toUpperCase() === STOP_WORD;
}

// --- Quiet hours (Africa/Gaborone) ---

/** A daily window, clinic time, in which no text message goes out; it may span midnight ("20:00" to "07:00"). */
export interface QuietHours {
  from: string;
  until: string;
}

export const DEFAULT_QUIET_HOURS = "20:00-07:00";

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** "20:00-07:00" → {from, until}; "" → null (no quiet hours); throws on anything else. */
export function parseQuietHours(text: string): QuietHours | null {
  const value = text.trim();
  if (value === "") return null;
  const [from, until, extra] = value.split("-").map((s) => s.trim());
  if (extra !== undefined || !from || !until || !HHMM.test(from) || !HHMM.test(until)) {
    throw new Error('must be two times of day HH:MM-HH:MM, such as "20:00-07:00", or empty for none');
  }
  if (from === until) throw new Error("must start and end at different times (empty for none)");
  return { from, until };
}

export function isQuiet(at: Date, quiet: QuietHours | null): boolean {
  if (!quiet) return false;
  const t = clinicTime(at);
  return quiet.from < quiet.until ? t >= quiet.from && t < quiet.until : t >= quiet.from || t < quiet.until;
}

/** `at` itself outside quiet hours; inside them, the instant they end (the next `until`, clinic time). */
export function quietUntil(at: Date, quiet: QuietHours | null): Date {
  if (!quiet || !isQuiet(at, quiet)) return at;
  const day = clinicDate(at);
  const end = clinicInstant(day, quiet.until);
  return end.getTime() > at.getTime() ? end : clinicInstant(addDays(day, 1), quiet.until);
}

/**
 * Whether a reminder that leaves at `sendAt` would arrive too late: the
 * reminder is the day before's, so one that quiet hours hold until the
 * appointment's own day (`date`, YYYY-MM-DD), confirmed late in the evening
 * before, is not sent at all: its e-mail went at once, and the confirmation's
 * text, held to the same 07:00, gives the date and time. (A reminder's words
 * name its date, never "tomorrow", so one that retries carry past midnight
 * still reads true.)
 */
export function reminderTooLate(sendAt: Date, date: string): boolean {
  return clinicDate(sendAt) >= date;
}

/**
 * The kinds no text is sent for in quiet hours, rather than held until they end (decision 070): an
 * earlier time offered may be gone by the morning, and its e-mail went at once.
 */
export const NOT_HELD_KINDS: readonly TextKind[] = ["earlier"];

/** One text message as staff see it in an appointment's history (server/texts/history.ts messagesFor). */
export interface MessageHistoryItem {
  id: number;
  channel: TextChannel;
  kind: TextKind;
  status: TextStatus;
  /** E.164, or "" once blanked after the retention period. */
  to: string;
  /** The SMS text, or "" once blanked. */
  body: string;
  attempts: number;
  /** A provider code or short reason (no number or body). */
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  statusAt: string;
  /** When it waits (pending): when it goes next. */
  nextAttemptAt: string | null;
  /** The message this one sends again. */
  resentFrom: number | null;
  /** Failed or unknown, not yet sent again, still with its text: staff may send it again. */
  canResend: boolean;
}
