import { z } from "zod";
import { LOCALES } from "../locale";

// No run-time code generation: zod's JIT probes `new Function`, which the
// Content-Security-Policy (no 'unsafe-eval') forbids and reports.
z.config({ jitless: true });

/**
 * Reusable field schemas and their messages, shared by the browser forms and
 * the server. Each rule has one message, written once here; the server adds
 * the rules only it can check (phone numbers, holidays, stored uploads) on
 * top, reusing these constants.
 */

/** The message for any text over its length limit. */
export const tooLong = (max: number) => `Please use at most ${max} characters.`;

export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong(max));

/** What a text field sent as something else (a number, a list: only an API client could) is told. */
export const TEXT_EXPECTED = "Enter this as text.";

/** An optional text, trimmed, with the same length message as the required ones. */
export const optionalText = (max: number) => z.string({ error: TEXT_EXPECTED }).trim().max(max, tooLong(max));

/** A simple pattern: text, @, text, dot, text (no spaces). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Characters that make an address list or a display name rather than one plain address. */
const EMAIL_FORBIDDEN = /[,;<>"()[\]\\:]/;

export const EMAIL_INVALID = "Enter a valid email address.";

export const emailField = z
  .string({ error: EMAIL_INVALID })
  .trim()
  .max(254, EMAIL_INVALID)
  .regex(EMAIL_PATTERN, EMAIL_INVALID)
  .refine((v) => !EMAIL_FORBIDDEN.test(v), EMAIL_INVALID);

/** The specification's "Phone number required." as a whole sentence (decision 025). */
/** The language the patient used the site in (decision 037): every later message to them uses it. */
export const LANGUAGE_INVALID = `language must be one of: ${LOCALES.join(", ")}.`;
export const languageField = z.enum(LOCALES, { error: LANGUAGE_INVALID }).optional();

export const PHONE_REQUIRED = "Phone number is required.";

/**
 * Whether a phone number is real is checked only on the server (with
 * libphonenumber, too heavy for the browser: server/requests/phone.ts), with
 * this message. Botswana numbers are written without a trunk 0 (7 digits for
 * landlines, 8 for mobiles); other countries need +.
 */
export const PHONE_INVALID = "Enter a valid phone number: 7 or 8 digits for Botswana, or + and the country code.";

/** A phone number as typed; the browser checks only that it is there. */
export const phoneField = (message = PHONE_REQUIRED) => requiredText(message, 32);

/** A calendar date as YYYY-MM-DD. */
export const isoDateField = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
    }, message);

/** Flattens zod issues to the API's `{field: message}` shape (first message per field, dotted paths). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    out[key] ??= issue.message;
  }
  return out;
}

/** A body checked against a schema (and the rules on top of it): the value, or the errors by field. */
export type Checked<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string> };

/** `body` checked against `schema`, with its errors in fieldErrors' shape. */
export function checkSchema<S extends z.ZodType>(schema: S, body: unknown): Checked<z.output<S>> {
  const parsed = schema.safeParse(body);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}
