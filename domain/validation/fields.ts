import { z } from "zod";
import { BASE_LOCALE, isLocale, LOCALES, type Locale } from "../locale";
import { m } from "../paraglide/messages.js";

// No run-time code generation: zod's JIT probes `new Function`, which the
// Content-Security-Policy (no 'unsafe-eval') forbids and reports.
z.config({ jitless: true });

/**
 * Reusable field schemas and their messages, shared by the browser forms and
 * the server. Each rule has one message, written once in the catalogue
 * (messages/<locale>/forms.json, `validation_*`); the schemas are built for a
 * language (fieldSchemas), with the same rules in every language, so the
 * browser and the server give the same words for the same mistake. The server
 * adds the rules only it can check (phone numbers, holidays, stored uploads)
 * on top, with these messages.
 */

/** The shared fields' messages in `locale`. */
export function fieldMessages(locale: Locale) {
  const options = { locale };
  return {
    /** Any text over its length limit. */
    tooLong: (max: number) => m.validation_too_long({ max }, options),
    /** What a text field sent as something else (a number, a list: only an API client could) is told. */
    textExpected: m.validation_text_expected({}, options),
    emailInvalid: m.validation_email_invalid({}, options),
    /** The specification's "Phone number required." as a whole sentence (decision 025). */
    phoneRequired: m.validation_phone_required({}, options),
    /**
     * Whether a phone number is real is checked only on the server (with
     * libphonenumber, too heavy for the browser: server/requests/phone.ts), with
     * this message. Botswana numbers are written without a trunk 0 (7 digits for
     * landlines, 8 for mobiles); other countries need +.
     */
    phoneInvalid: m.validation_phone_invalid({}, options),
  };
}

const ENGLISH = fieldMessages(BASE_LOCALE);

/** The message for any text over its length limit (English; fieldMessages for another language). */
export const tooLong = ENGLISH.tooLong;
export const TEXT_EXPECTED = ENGLISH.textExpected;
export const EMAIL_INVALID = ENGLISH.emailInvalid;
export const PHONE_REQUIRED = ENGLISH.phoneRequired;
export const PHONE_INVALID = ENGLISH.phoneInvalid;

/** A simple pattern: text, @, text, dot, text (no spaces). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Characters that make an address list or a display name rather than one plain address. */
const EMAIL_FORBIDDEN = /[,;<>"()[\]\\:]/;

/** One plain e-mail address (EMAIL_PATTERN, no list or display name): the rule of every e-mail field. */
export const isEmailAddress = (value: string) => EMAIL_PATTERN.test(value) && !EMAIL_FORBIDDEN.test(value);

/**
 * The language the patient used the site in (decision 037): every later message to them uses it.
 * A value that is no language of ours is refused in English: nothing says which the client reads.
 */
export const LANGUAGE_INVALID = `language must be one of: ${LOCALES.join(", ")}.`;
export const languageField = z.enum(LOCALES, { error: LANGUAGE_INVALID }).optional();

/** The language a request body asks its answers in: its `language` when it is one of ours, else English. */
export function languageOf(body: unknown): Locale {
  const language = typeof body === "object" && body !== null ? (body as { language?: unknown }).language : undefined;
  return isLocale(language) ? language : BASE_LOCALE;
}

/** The shared field schemas, their messages in `locale`: the same rules in every language. */
export function fieldSchemas(locale: Locale) {
  const messages = fieldMessages(locale);
  const requiredText = (message: string, max = 200) =>
    z.string({ error: message }).trim().min(1, message).max(max, messages.tooLong(max));
  return {
    requiredText,
    /** An optional text, trimmed, with the same length message as the required ones. */
    optionalText: (max: number) => z.string({ error: messages.textExpected }).trim().max(max, messages.tooLong(max)),
    emailField: z
      .string({ error: messages.emailInvalid })
      .trim()
      .max(254, messages.emailInvalid)
      .refine(isEmailAddress, messages.emailInvalid),
    /** A phone number as typed; the browser checks only that it is there. */
    phoneField: (message: string = messages.phoneRequired) => requiredText(message, 32),
    /** A calendar date as YYYY-MM-DD. */
    isoDateField: (message: string) =>
      z
        .string({ error: message })
        .regex(/^\d{4}-\d{2}-\d{2}$/, message)
        .refine((s) => {
          const d = new Date(`${s}T00:00:00Z`);
          return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
        }, message),
  };
}

/** The shared field schemas in English (the specification's API; fieldSchemas for another language). */
export const { requiredText, optionalText, emailField, phoneField, isoDateField } = fieldSchemas(BASE_LOCALE);

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

/** One schema per language, built once: `build` makes it with the language's messages, the rules the same. */
export function perLocale<S>(build: (locale: Locale) => S): (locale: Locale) => S {
  const built = new Map<Locale, S>();
  return (locale) => {
    let schema = built.get(locale);
    if (!schema) built.set(locale, (schema = build(locale)));
    return schema;
  };
}
