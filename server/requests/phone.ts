import { parsePhoneNumberFromString, type PhoneNumber } from "libphonenumber-js/max";
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

/** A valid number: in E.164 (+26771234567), and whether it can get a text message. */
export interface ValidPhone {
  e164: string;
  /** A mobile, or a number its country does not tell apart from a landline (decision 030). */
  mobile: boolean;
  /** The number's country (ISO 3166-1 alpha-2, "BW"), or null for a number of no one country (+800…): texts go only to SMS_COUNTRIES (decision 042). */
  country: string | null;
}

/**
 * The number as E.164 with its kind, or null when it is not a valid number:
 * with the full metadata a number is valid exactly when it has a type
 * (libphonenumber's isValid asks getType), so this matches its patterns once.
 */
export function readValidPhone(input: string): ValidPhone | null {
  const parsed = readPhone(input);
  const type = parsed?.getType();
  if (!parsed || !type) return null;
  return {
    e164: parsed.number,
    mobile: type === "MOBILE" || type === "FIXED_LINE_OR_MOBILE",
    country: parsed.country ?? null,
  };
}

/**
 * A stored number written with its groups apart, "+267 71 234 567", "+27 82 123 4567":
 * a spreadsheet keeps that as text, where it turns "+26771234567" into the number
 * 26771234567 (decision 048). A number libphonenumber cannot read is given as stored.
 */
export function spacedPhone(stored: string): string {
  return readPhone(stored)?.formatInternational() ?? stored;
}

/** The number in E.164 (+26771234567), or null when it is not a valid number. */
export function toE164(input: string): string | null {
  return readValidPhone(input)?.e164 ?? null;
}

/**
 * Layers the phone rule on the schema's errors: the field `key` of `body`
 * as a valid number (E.164 and its kind), or null with `message`
 * (PHONE_INVALID in the request's language) added under `key` (unless the
 * schema already reported that field, e.g. "Phone number is required.").
 */
export function checkPhone(
  body: Record<string, unknown>,
  key: string,
  errors: Record<string, string>,
  message: string = PHONE_INVALID,
): ValidPhone | null {
  const value = body[key];
  const phone = typeof value === "string" && value.trim() ? readValidPhone(value) : null;
  if (!phone) errors[key] ??= message;
  return phone;
}
