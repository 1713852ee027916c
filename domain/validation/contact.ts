import { z } from "zod";
import { emailField, phoneField, requiredText } from "./fields";

/** Contact enquiry: name, phone number, e-mail and description, each required; the messages are the original site's. */
export const contactSchema = z.object({
  name: requiredText("Name is required.", 120),
  phoneNumber: phoneField(),
  email: emailField,
  description: requiredText("Description is required.", 5000),
});

export type ContactInput = z.input<typeof contactSchema>;
export type Contact = z.output<typeof contactSchema>;
