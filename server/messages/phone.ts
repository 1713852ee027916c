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

/**
 * A number as a provider writes it (WhatsApp's wa_id, an SMS centre's
 * source_addr: digits with or without +) in E.164, or null.
 */
export function fromProviderNumber(raw: string): string | null {
  const digits = raw.trim().replace(/^\+/, "");
  if (!/^\d{6,15}$/.test(digits)) return null;
  return toE164(`+${digits}`);
}
