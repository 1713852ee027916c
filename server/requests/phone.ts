import { parsePhoneNumberFromString, type NumberType, type PhoneNumber } from "libphonenumber-js/max";
import { PHONE_INVALID } from "../../domain/validation/fields";

/**
 * The phone-number rule only the server checks: libphonenumber's metadata is
 * too heavy for the browser bundle. Botswana numbers are written without a
 * trunk 0 (7 digits for landlines, 8 for mobiles); other countries need +.
 * The message is the shared schemas' (domain/validation/fields.ts).
 */

/** The number as libphonenumber reads it (Botswana by default), valid or not. */
function readPhone(input: string): PhoneNumber | undefined {
  const trimmed = input.trim();
  if (!/^\+?[\d\s().-]{4,32}$/.test(trimmed)) return undefined;
  return parsePhoneNumberFromString(trimmed, "BW");
}

/**
 * The kind of number (mobile, fixed line…), or undefined when it is not a
 * valid number: with the full metadata a number is valid exactly when it
 * has a type, so this matches its patterns once (isValid, then getType,
 * would twice).
 */
export function phoneType(input: string): NumberType | undefined {
  return readPhone(input)?.getType();
}

/** The number in E.164 (+26771234567), or null when it is not a valid number. */
export function toE164(input: string): string | null {
  const parsed = readPhone(input);
  return parsed?.isValid() ? parsed.number : null;
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
