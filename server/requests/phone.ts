import { parsePhoneNumberFromString, type PhoneNumber } from "libphonenumber-js/max";
import { PHONE_INVALID } from "../../domain/validation/fields";

/**
 * The phone-number rule only the server checks: libphonenumber's metadata is
 * too heavy for the browser bundle. Botswana numbers are written without a
 * trunk 0 (7 digits for landlines, 8 for mobiles); other countries need +.
 * The message is the shared schemas' (domain/validation/fields.ts).
 */

/** The number as libphonenumber reads it (Botswana by default), or null when it is not a valid number. */
export function parsedPhone(input: string): PhoneNumber | null {
  const trimmed = input.trim();
  if (!/^\+?[\d\s().-]{4,32}$/.test(trimmed)) return null;
  const parsed = parsePhoneNumberFromString(trimmed, "BW");
  return parsed?.isValid() ? parsed : null;
}

/** The number in E.164 (+26771234567), or null when it is not a valid number. */
export function toE164(input: string): string | null {
  return parsedPhone(input)?.number ?? null;
}

/**
 * Layers the phone rule on the schema's errors: the field `key` of `body`
 * as E.164, or null with `message` (PHONE_INVALID in the request's language)
 * added under `key` (unless the schema already reported that field, e.g.
 * "Phone number is required.").
 */
export function checkPhone(
  body: Record<string, unknown>,
  key: string,
  errors: Record<string, string>,
  message: string = PHONE_INVALID,
): string | null {
  const value = body[key];
  const phone = typeof value === "string" && value.trim() ? toE164(value) : null;
  if (!phone) errors[key] ??= message;
  return phone;
}
