import { textChannelFor, type ContactPreference } from "../../domain/contact-preference";
import { readValidPhone, toE164 } from "../requests/phone";

/**
 * Which numbers may get a text message: only mobiles (decision 030). The
 * number is normalised as every other phone number is (server/requests/phone.ts:
 * E.164, Botswana by default).
 */

export { toE164 };

/** True when `number` (as typed or E.164) is a valid mobile number (or one its country does not tell apart from a landline). */
export function isMobile(number: string): boolean {
  return readValidPhone(number)?.mobile ?? false;
}

/** What decides whether a number gets texts: whether it is a mobile, and its country (ISO code, or null). */
export interface TextReach {
  mobile: boolean;
  country: string | null;
}

/** `number`'s reach (TextReach); a number that is not valid is neither a mobile nor of a country. */
export function textReach(number: string): TextReach {
  const phone = readValidPhone(number);
  return { mobile: phone?.mobile ?? false, country: phone?.country ?? null };
}

/** Whether a number of `country` may get texts: one of SMS_COUNTRIES (`countries`; decision 042). */
export function inTextCountries(country: string | null, countries: readonly string[]): boolean {
  return country !== null && countries.includes(country);
}

/**
 * A number as a provider writes it (WhatsApp's wa_id, an SMS centre's
 * source_addr: digits with or without +) in E.164, or null.
 */
export function fromProviderNumber(raw: string): string | null {
  const digits = raw.trim().replace(/^\+/, "");
  if (!/^\d{6,15}$/.test(digits)) return null;
  return toE164(`+${digits}`);
}

/**
 * Whether a patient with `number` and `preference` would get texts but for
 * their number's country (queuePatientText's "abroad"): for an answer that
 * stores nothing, so it says what a stored one would.
 */
export function textsAbroad(
  number: string,
  preference: ContactPreference | null,
  countries: readonly string[],
): boolean {
  const { mobile, country } = textReach(number);
  return textChannelFor(preference, mobile) !== null && !inTextCountries(country, countries);
}
