/**
 * How a patient wants to hear from the clinic about an appointment, besides
 * e-mail, which every patient gets: a text message (SMS), WhatsApp, or e-mail
 * only. Text messages go to mobile numbers only; a patient who chose one with
 * a landline hears by e-mail (the text-messages decision record).
 */

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
 * The channel the clinic uses besides e-mail: the patient's choice when the
 * number can take it, else e-mail only. Without a choice (the JSON API's
 * field is optional) a mobile number means SMS.
 */
export function effectiveChannel(choice: ContactPreference | undefined, isMobile: boolean): ContactPreference {
  if (!isMobile) return "email";
  return choice ?? "sms";
}
