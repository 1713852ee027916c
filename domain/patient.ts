import { BASE_LOCALE, type Locale } from "./locale";
import { m } from "./paraglide/messages.js";

/** The genders the booking form offers (and the server accepts): the stored values, in English. */
export const GENDERS = ["Male", "Female", "Other"] as const;
export type Gender = (typeof GENDERS)[number];

/** A gender as the booking form names it in `locale` (the staff console shows the stored English value). */
export function genderLabel(gender: Gender, locale: Locale = BASE_LOCALE): string {
  const options = { locale };
  switch (gender) {
    case "Male":
      return m.booking_gender_male({}, options);
    case "Female":
      return m.booking_gender_female({}, options);
    case "Other":
      return m.booking_gender_other({}, options);
  }
}

/**
 * An ID or passport number as the patient search (server/privacy/patient-keys.ts) and the clinic
 * patient ID (decision 065) compare it: NFKC, upper case, without spaces, hyphens, slashes or dots.
 */
export function normaliseIdNumber(id: string): string {
  return id
    .normalize("NFKC")
    .toLocaleUpperCase("en")
    .replace(/[\s\-/.]+/g, "");
}
