import { z } from "zod";
import { emailField, languageField, phoneField, requiredText } from "./fields";

/** The contact form's own messages: the original site's (its phone message is PHONE_REQUIRED, ./fields.ts). */
export const CONTACT_MESSAGES = {
  name: "Name is required.",
  description: "Description is required.",
} as const;

/** Contact enquiry: name, phone number, e-mail and description, each required. */
export const contactSchema = z.object({
  name: requiredText(CONTACT_MESSAGES.name, 120),
  phoneNumber: phoneField(),
  email: emailField,
  description: requiredText(CONTACT_MESSAGES.description, 5000),
  language: languageField,
});

export type ContactInput = z.input<typeof contactSchema>;
export type Contact = z.output<typeof contactSchema>;
