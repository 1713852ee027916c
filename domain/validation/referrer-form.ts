/**
 * The referring doctor's four fields on the booking form (issue 38, decision 071), and the API's
 * `referrer` made from them. Apart from the schema (referrer.ts) because the booking page's script
 * uses them: the schema's module builds zod schemas as it loads, which would put zod in the script.
 */

/** The booking form's fields, as the browser posts them without JavaScript. */
export const REFERRER_FIELDS = {
  name: "referrerName",
  practiceNumber: "referrerPracticeNumber",
  email: "referrerEmail",
  phone: "referrerPhone",
} as const;
export type ReferrerFormValues = Record<(typeof REFERRER_FIELDS)[keyof typeof REFERRER_FIELDS], string>;

/** The API's `referrer` made from the form's four fields; nothing when all are empty. */
export function referrerRequest(values: ReferrerFormValues): {
  referrer?: Record<keyof typeof REFERRER_FIELDS, string>;
} {
  const referrer = {
    name: values.referrerName.trim(),
    practiceNumber: values.referrerPracticeNumber.trim(),
    email: values.referrerEmail.trim(),
    phone: values.referrerPhone.trim(),
  };
  return Object.values(referrer).some(Boolean) ? { referrer } : {};
}
