/**
 * How a patient wants to hear from the clinic about an appointment, besides
 * e-mail, which every patient gets: a text message (SMS), WhatsApp, or e-mail
 * only. Text messages go to mobile numbers only; a patient who chose one with
 * a landline hears by e-mail (decision 030).
 */

/** The channels a text message can go by. */
export const TEXT_CHANNELS = ["sms", "whatsapp"] as const;
export type TextChannel = (typeof TEXT_CHANNELS)[number];

/** How the patient wants to hear from the clinic (`appointments.contact_preference`); e-mail is sent in every case. */
export const CONTACT_PREFERENCES = ["sms", "whatsapp", "email"] as const;
export type ContactPreference = (typeof CONTACT_PREFERENCES)[number];

export function isContactPreference(value: unknown): value is ContactPreference {
  return (CONTACT_PREFERENCES as readonly unknown[]).includes(value);
}

/** Each choice as the booking form and the private page name it. */
export const CONTACT_PREFERENCE_LABELS: Record<ContactPreference, string> = {
  sms: "Text message (SMS)",
  whatsapp: "WhatsApp",
  email: "E-mail only",
};

export const CONTACT_PREFERENCE_OPTIONS = CONTACT_PREFERENCES.map((value) => ({
  value,
  label: CONTACT_PREFERENCE_LABELS[value],
}));

export const CONTACT_PREFERENCE_LEGEND = "How should we send you updates about this appointment?";

/** What a text message holds, and that e-mail comes anyway: said under the choice, on the form and the private page. */
export const CONTACT_PREFERENCE_HINT =
  "We e-mail you as well, whichever you choose. A text or WhatsApp message holds your reference, the date and time and your private link, never the examination. Mobile numbers only.";

export const CONTACT_PREFERENCE_MESSAGE = "Choose how we should send you updates.";

/**
 * The channel a text goes by, or null for none: the patient's choice when
 * they made one, else SMS for a mobile number (the default the booking form
 * shows); never to a number that is not a mobile.
 */
export function textChannelFor(preference: ContactPreference | null, mobile: boolean): TextChannel | null {
  if (!mobile || preference === "email") return null;
  return preference ?? "sms";
}

/** What the private page says once the patient has chosen: the channel that will be used, in words. */
export function contactChoiceWords(choice: ContactPreference | null, mobile: boolean): string {
  const channel = textChannelFor(choice, mobile);
  if (channel === "sms") return "We will send your updates by text message (SMS) and by e-mail.";
  if (channel === "whatsapp") return "We will send your updates by WhatsApp and by e-mail.";
  return mobile
    ? "We will send your updates by e-mail only. No text messages."
    : "We will send your updates by e-mail only: the phone number you gave is not a mobile number.";
}
