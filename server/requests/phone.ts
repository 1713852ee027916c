import { parsePhoneNumberFromString } from "libphonenumber-js/max";

/**
 * Phone numbers are checked only on the server (libphonenumber's metadata is
 * too heavy for the browser bundle). Botswana numbers are written without a
 * trunk 0 (7 digits for landlines, 8 for mobiles); other countries need +.
 */
export const PHONE_INVALID = "Enter a valid phone number: 7 or 8 digits for Botswana, or + and the country code.";

/** The number in E.164 (+26771234567), or null when it is not a valid number. */
export function toE164(input: string): string | null {
  const trimmed = input.trim();
  if (!/^\+?[\d\s().-]{4,32}$/.test(trimmed)) return null;
  const parsed = parsePhoneNumberFromString(trimmed, "BW");
  if (!parsed || !parsed.isValid()) return null;
  return parsed.number;
}
