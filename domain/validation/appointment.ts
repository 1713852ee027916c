import { z } from "zod";
import { BOOKABLE_SERVICES, type Service } from "../catalogue";
import { GENDERS } from "../patient";
import { PAYMENT_METHOD_VALUES } from "../payments";
import { CONTACT_PREFERENCE_MESSAGE, CONTACT_PREFERENCES } from "../contact-preference";
import { ALTERNATE_NUMBER_LABEL } from "./appointment-form";
import { DOB_MESSAGES } from "./appointment-dates";
import { emailField, isoDateField, languageField, optionalText, phoneField, requiredText } from "./fields";

/**
 * The appointment request's schema and its messages. The rules that need
 * today's date and the clinic's calendar are in ./appointment-dates.ts.
 */

/** Every message of the appointment schema: whole sentences, one per rule. */
export const APPOINTMENT_MESSAGES = {
  name: "First name is required.",
  surname: "Surname is required.",
  dob: DOB_MESSAGES.missing,
  alternateNumber: `${ALTERNATE_NUMBER_LABEL} is required.`,
  gender: "Choose Male, Female or Other.",
  service: "Choose a service.",
  serviceNotListed: "Choose a service from the list.",
  paymentMethod: "Choose a payment method.",
  medicalAidNumber: "Enter your medical aid membership number.",
  appointmentDate: "Choose a date for your appointment.",
  appointmentTime: "Give the time as HH:mm, for example 09:30.",
  referralForms: "Attach at most 5 referral forms.",
  referralForm: "Send each referral form as the upload returned it.",
  idPassportNumber: "ID or passport number is required.",
} as const;

export const SERVICE_NOT_LISTED = APPOINTMENT_MESSAGES.serviceNotListed;
export const MEDICAL_AID_REQUIRED = APPOINTMENT_MESSAGES.medicalAidNumber;
const M = APPOINTMENT_MESSAGES;
/**
 * The bookable service a name refers to. The form sends the service's title
 * (e.g. "X-ray Imaging"); its slug ("x-ray") is accepted too.
 */
export function findBookableService(name: string): Service | undefined {
  const wanted = name.trim().toLowerCase();
  return BOOKABLE_SERVICES.find((s) => s.title.toLowerCase() === wanted || s.slug === wanted);
}

/** A payment through a medical aid (every method but cash) needs the membership number. */
const needsMedicalAidNumber = (paymentMethod: unknown) =>
  paymentMethod !== "cash" && (PAYMENT_METHOD_VALUES as readonly unknown[]).includes(paymentMethod);

/** One uploaded referral form, as returned by the upload endpoint. */
const referralPart = (max: number) =>
  z
    .string({ error: APPOINTMENT_MESSAGES.referralForm })
    .min(1, APPOINTMENT_MESSAGES.referralForm)
    .max(max, APPOINTMENT_MESSAGES.referralForm);
export const referralFormSchema = z.object(
  { url: referralPart(500), publicId: referralPart(100), name: referralPart(255) },
  { error: APPOINTMENT_MESSAGES.referralForm },
);

/**
 * Appointment request. Field names are the original site's API fields, so the
 * original front end's calls also validate.
 */
export const appointmentSchema = z
  .object({
    name: requiredText(M.name, 100),
    surname: requiredText(M.surname, 100),
    dob: isoDateField(M.dob),
    phoneNumber: phoneField(),
    alternateNumber: phoneField(M.alternateNumber),
    email: emailField,
    contactPreference: z.enum(CONTACT_PREFERENCES, { error: CONTACT_PREFERENCE_MESSAGE }).optional(),
    language: languageField,
    gender: z.enum(GENDERS, { error: M.gender }),
    service: z.object(
      {
        name: requiredText(M.service, 100).refine((n) => !!findBookableService(n), SERVICE_NOT_LISTED),
        paymentMethod: z.enum(PAYMENT_METHOD_VALUES, { error: M.paymentMethod }),
      },
      { error: M.service },
    ),
    medicalAidNumber: optionalText(50).optional(),
    notes: optionalText(2000).optional().default(""),
    appointmentDate: isoDateField(M.appointmentDate),
    appointmentTime: z.string({ error: M.appointmentTime }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.appointmentTime),
    referralForms: z.array(referralFormSchema, { error: M.referralForm }).max(5, M.referralForms).default([]),
    idPassportNumber: requiredText(M.idPassportNumber, 50),
  })
  .refine((value) => !needsMedicalAidNumber(value.service.paymentMethod) || !!value.medicalAidNumber, {
    path: ["medicalAidNumber"],
    message: MEDICAL_AID_REQUIRED,
    // Checked even when other fields are wrong, so the form lists every missing field at once.
    when: ({ value }) => {
      const service = (value as { service?: unknown } | null)?.service;
      return typeof service === "object" && service !== null && "paymentMethod" in service;
    },
  });

export type AppointmentInput = z.input<typeof appointmentSchema>;
export type Appointment = z.output<typeof appointmentSchema>;
