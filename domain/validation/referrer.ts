import { z } from "zod";
import { BASE_LOCALE, type Locale } from "../locale";
import { m } from "../paraglide/messages.js";
import { fieldMessages, isEmailAddress, perLocale } from "./fields";

/**
 * The referring doctor (issue 38, decision 071): optional on a booking, in the
 * API as `referrer: { name, practiceNumber, email, phone }`, on the booking
 * form as four fields (referrer-form.ts), and corrected by staff on the appointment
 * page with the same schema. Every part is optional, but a doctor with no
 * name is not clear: once any part is given, the name is asked for. The
 * phone number is checked on the server too (server/requests/phone.ts).
 */

/** A practice number as written on a letterhead: letters, digits, spaces, / and -, 2 to 20 of them. */
const PRACTICE_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 /-]{0,18}[A-Za-z0-9]$/;

export function referrerMessages(locale: Locale) {
  const options = { locale };
  return {
    name: m.validation_referrer_name({}, options),
    practiceNumber: m.validation_referrer_practice_number({}, options),
    email: m.validation_referrer_email({}, options),
    phone: m.validation_referrer_phone({}, options),
  };
}

function buildReferrerSchema(locale: Locale) {
  const M = referrerMessages(locale);
  const { tooLong, textExpected } = fieldMessages(locale);
  const text = (max: number) => z.string({ error: textExpected }).trim().max(max, tooLong(max));
  return z
    .object(
      {
        name: text(100).optional(),
        practiceNumber: text(20)
          .refine((v) => v === "" || PRACTICE_NUMBER.test(v), M.practiceNumber)
          .optional(),
        email: z
          .string({ error: M.email })
          .trim()
          .max(254, M.email)
          .refine((v) => v === "" || isEmailAddress(v), M.email)
          .optional(),
        phone: text(32).optional(),
      },
      { error: M.name },
    )
    .refine((r) => !!r.name || !(r.practiceNumber || r.email || r.phone), { path: ["name"], message: M.name });
}

/** The referrer's schema with its messages in `locale`, built once per language. */
export const referrerSchemaFor = perLocale(buildReferrerSchema);
export const referrerSchema = referrerSchemaFor(BASE_LOCALE);
export type ReferrerInput = z.output<typeof referrerSchema>;

/** A referrer as stored: its name, and each other part or null. */
export interface Referrer {
  name: string;
  practiceNumber: string | null;
  email: string | null;
  phone: string | null;
}

/** The referrer given, empty parts as null; null when no part was given at all. */
export function givenReferrer(input: ReferrerInput | undefined): Referrer | null {
  if (!input?.name) return null;
  return {
    name: input.name,
    practiceNumber: input.practiceNumber || null,
    email: input.email || null,
    phone: input.phone || null,
  };
}

/** How the same doctor is recognised across referrals: the practice number upper-cased without spaces, the e-mail lower-cased. */
export function practiceKey(practiceNumber: string | null): string | null {
  return practiceNumber ? practiceNumber.replace(/\s+/g, "").toUpperCase() : null;
}
export function emailKey(email: string | null): string | null {
  return email ? email.trim().toLowerCase() : null;
}
