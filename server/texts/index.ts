/**
 * Text messages to patients, SMS and WhatsApp (decision 030): what the rest
 * of the server calls. The words, kinds, statuses and rules are in
 * domain/text-messages.ts.
 *
 * - Queue a step's message in the transaction that causes it:
 *   queuePatientText (channel by the patient's choice, SMS composed, quiet
 *   hours), or enqueueMessage for a message already composed.
 * - The patient's choice: setContactPreference (private page, booking);
 *   a STOP reply does it through the webhook and the SMPP session.
 * - Background: startMessageWorker(db, config, log) in a listening server.
 * - The webhook: app.register(whatsappWebhookRoutes, { db, config }).
 * - Staff: messagesFor (history), resendMessage, failingMessages (overview).
 * - Retention and patients' rights: blankOldMessageBodies, purgeSmsOutbox,
 *   deleteOldMessages, messagesAbout, deleteMessagesAbout, deleteOutboxFilesOf,
 *   forgetOldWebhookEvents (the webhook's seen ids).
 */
import type { ContactChoice, ContactPreference } from "../../domain/contact-preference";
import { inTextCountries, textReach } from "./phone";
export { enqueueMessage, queuePatientText, type OutgoingText, type PatientText, type QueuedText } from "./queue";
export { setContactPreference, stopTextsFrom } from "./contact-preference";
export { inTextCountries, isMobile, textReach, textsAbroad, toE164, type TextReach } from "./phone";
export { startMessageWorker, deliverDueMessages, type MessageDeliveryResult } from "./worker";
export { whatsappWebhookRoutes, WHATSAPP_WEBHOOK_PATH } from "./routes";
export {
  messagesFor,
  resendMessage,
  failingMessages,
  failingMessageReferences,
  FAILING_LOOKBACK_DAYS,
  type MessageHistoryItem,
  type ResendResult,
} from "./history";
export {
  blankOldMessageBodies,
  messageBodiesBefore,
  purgeSmsOutbox,
  deleteOldMessages,
  messagesAbout,
  deleteMessagesAbout,
  deleteOutboxFilesOf,
} from "./retention";
export { smsOutboxDir } from "./sms-outbox";
export { forgetOldWebhookEvents } from "./webhook-events";

/**
 * How a patient with this number and choice gets texts (their choice, their number's reach,
 * WhatsApp set up, the countries texts go to), as their private page and the desk show it.
 */
export function contactChoiceOf(
  config: { texts: { whatsapp?: unknown; countries: readonly string[] } },
  appt: { phone: string; contact_preference: ContactPreference | null },
): Required<ContactChoice> {
  const { mobile, country } = textReach(appt.phone);
  const { countries } = config.texts;
  return {
    choice: appt.contact_preference ?? null,
    mobile,
    whatsapp: whatsappSetUp(config),
    served: inTextCountries(country, countries),
    countries,
  };
}

/** Whether the clinic sends WhatsApp messages (WHATSAPP_* set): else a WhatsApp choice goes as SMS, and no form offers it. */
export function whatsappSetUp(config: { texts: { whatsapp?: unknown } }): boolean {
  return config.texts.whatsapp !== undefined;
}
export { createTextSenders } from "./senders";
export { textMessageRepository } from "./text-message-repository";
export { claimMs } from "./worker";
