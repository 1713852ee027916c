import { z } from "zod";
import { BASE_LOCALE, type Locale } from "../locale";
import { m } from "../paraglide/messages.js";
import { fieldSchemas, languageField, perLocale } from "./fields";

/** The contact form's own messages in `locale`: the original site's (its phone message is the shared one, ./fields.ts). */
export function contactMessages(locale: Locale) {
  return {
    name: m.validation_contact_name_required({}, { locale }),
    description: m.validation_description_required({}, { locale }),
  };
}

/** The messages in English (contactMessages for another language). */
export const CONTACT_MESSAGES = contactMessages(BASE_LOCALE);

/** Contact enquiry: name, phone number, e-mail and description, each required; the messages in `locale`. */
function buildContactSchema(locale: Locale) {
  const M = contactMessages(locale);
  const { requiredText, emailField, phoneField } = fieldSchemas(locale);
  return z.object({
    name: requiredText(M.name, 120),
    phoneNumber: phoneField(),
    email: emailField,
    description: requiredText(M.description, 5000),
    language: languageField,
  });
}

/** The contact schema with its messages in `locale`, built once per language. */
export const contactSchemaFor = perLocale(buildContactSchema);

/** The contact schema in English: the JSON API's route schema. */
export const contactSchema = contactSchemaFor(BASE_LOCALE);

export type ContactInput = z.input<typeof contactSchema>;
export type Contact = z.output<typeof contactSchema>;
