/**
 * The contact form's fields, as the browser posts them without JavaScript
 * (website is the honeypot). No zod here: the contact page imports this
 * module up front, while the schema (./contact.ts) loads on demand.
 */
export const CONTACT_FIELDS = ["name", "phoneNumber", "email", "description", "website"] as const;

export type ContactValues = Record<(typeof CONTACT_FIELDS)[number], string>;
