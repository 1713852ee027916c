import { BASE_LOCALE, type Locale } from "./locale";
import { m } from "./paraglide/messages.js";

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

/** Each choice as the booking form and the private page name it, in `locale`. */
export function contactPreferenceLabel(value: ContactPreference, locale: Locale = BASE_LOCALE): string {
  const options = { locale };
  switch (value) {
    case "sms":
      return m.booking_updates_sms({}, options);
    case "whatsapp":
      return m.booking_updates_whatsapp({}, options);
    case "email":
      return m.booking_updates_email({}, options);
  }
}

/** What the forms may offer: WhatsApp only while the clinic has it set up. */
export interface OfferedChannels {
  whatsapp: boolean;
}

/**
 * The choices with their labels in `locale`, in the form's order: all three,
 * or without WhatsApp while the clinic has not set it up (`offered`), so no
 * form offers a channel no message will come by.
 */
export function contactPreferenceOptions(locale: Locale = BASE_LOCALE, offered: OfferedChannels = { whatsapp: true }) {
  return CONTACT_PREFERENCES.filter((value) => value !== "whatsapp" || offered.whatsapp).map((value) => ({
    value,
    label: contactPreferenceLabel(value, locale),
  }));
}

/** The labels in English (contactPreferenceLabel for another language). */
export const CONTACT_PREFERENCE_LABELS: Record<ContactPreference, string> = {
  sms: contactPreferenceLabel("sms"),
  whatsapp: contactPreferenceLabel("whatsapp"),
  email: contactPreferenceLabel("email"),
};

export const CONTACT_PREFERENCE_OPTIONS = contactPreferenceOptions();

/** The question the choice answers, in `locale`. */
export const contactPreferenceLegend = (locale: Locale = BASE_LOCALE) => m.booking_updates_legend({}, { locale });
export const CONTACT_PREFERENCE_LEGEND = contactPreferenceLegend();

/**
 * What a text message holds, and that e-mail comes anyway: said under the
 * choice, on the form and the private page; WhatsApp named only while it is
 * offered (`offered`).
 */
export const contactPreferenceHint = (locale: Locale = BASE_LOCALE, offered: OfferedChannels = { whatsapp: true }) =>
  offered.whatsapp ? m.booking_updates_hint({}, { locale }) : m.booking_updates_hint_sms({}, { locale });
export const CONTACT_PREFERENCE_HINT = contactPreferenceHint();

/** The schema's message when the choice is none of the three. */
export const contactPreferenceMessage = (locale: Locale = BASE_LOCALE) =>
  m.validation_contact_preference({}, { locale });
export const CONTACT_PREFERENCE_MESSAGE = contactPreferenceMessage();

/**
 * The channel a text goes by, or null for none: the patient's choice when
 * they made one, else SMS for a mobile number (the default the booking form
 * shows); never to a number that is not a mobile.
 */
export function textChannelFor(preference: ContactPreference | null, mobile: boolean): TextChannel | null {
  if (!mobile || preference === "email") return null;
  return preference ?? "sms";
}

/**
 * The channel a text to the patient leaves by: WhatsApp goes as SMS while
 * the clinic has no WhatsApp number set up (`whatsapp` false; decision 030).
 */
export function deliveryChannel(channel: TextChannel, whatsapp: boolean): TextChannel {
  return channel === "whatsapp" && !whatsapp ? "sms" : channel;
}

/**
 * The countries texts go to (SMS_COUNTRIES, ISO codes) as a patient reads
 * them: their English names ("Botswana"), in both languages, as proper
 * names (ICU's Setswana names are partial, and the browser has none),
 * separated by commas (decision 042).
 */
export function textCountryNames(countries: readonly string[]): string {
  const names = new Intl.DisplayNames(["en"], { type: "region" });
  return countries.map((code) => names.of(code) ?? code).join(", ");
}

/**
 * A patient's choice as the private page shows it: the choice, whether their
 * number is a mobile, whether WhatsApp is set up, and whether the number is
 * in one of the countries texts go to (`served`, true when not given;
 * `countries`, SMS_COUNTRIES: decision 042).
 */
export interface ContactChoice {
  choice: ContactPreference | null;
  mobile: boolean;
  whatsapp: boolean;
  served?: boolean;
  countries?: readonly string[];
}

/** The channel texts to the patient go by, or null for none (e-mail only): their choice as delivered. */
export function channelUsed({ choice, mobile, whatsapp, served = true }: ContactChoice): TextChannel | null {
  const chosen = served ? textChannelFor(choice, mobile) : null;
  return chosen && deliveryChannel(chosen, whatsapp);
}

/**
 * Why a patient whose number is in none of the countries texts go to
 * (`countries`) hears by e-mail only, in `locale`: said on the booking's
 * answer and the private page (decision 042).
 */
export function textsAbroadWords(countries: readonly string[], locale: Locale = BASE_LOCALE): string {
  return m.booking_updates_by_email_abroad({ countries: textCountryNames(countries) }, { locale });
}

/**
 * What the private page says once the patient has chosen: the channel that
 * will be used, in words, in `locale`; SMS for a WhatsApp choice while
 * WhatsApp is not set up (`whatsapp` false), so the page never promises a
 * WhatsApp message that will not come.
 */
export function contactChoiceWords(contact: ContactChoice, locale: Locale = BASE_LOCALE): string {
  const options = { locale };
  const channel = channelUsed(contact);
  const { mobile } = contact;
  if (channel === "sms") return m.booking_updates_by_sms({}, options);
  if (channel === "whatsapp") return m.booking_updates_by_whatsapp({}, options);
  if (!mobile) return m.booking_updates_by_email_landline({}, options);
  return contact.served === false
    ? textsAbroadWords(contact.countries ?? [], locale)
    : m.booking_updates_by_email({}, options);
}
