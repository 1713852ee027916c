import { z } from "zod";
import { BOOKABLE_SERVICES, type Service } from "../catalogue";
import { GENDERS } from "../patient";
import { PAYMENT_METHODS } from "../payments";
import { DOB_MESSAGES } from "./appointment-dates";
import { emailField, isoDateField, optionalText, phoneField, requiredText } from "./fields";

/**
 * The appointment request's schema and its messages. The rules that need
 * today's date and the clinic's calendar are in ./appointment-dates.ts.
 */

export const SERVICE_NOT_LISTED = "Choose a service from the list.";
export const MEDICAL_AID_REQUIRED = "Enter your medical aid membership number.";
/**
 * The bookable service a name refers to. The form sends the service's title
 * (e.g. "X-ray Imaging"); its slug ("x-ray") is accepted too.
 */
export function findBookableService(name: string): Service | undefined {
  const wanted = name.trim().toLowerCase();
  return BOOKABLE_SERVICES.find((s) => s.title.toLowerCase() === wanted || s.slug === wanted);
}

const paymentValues = PAYMENT_METHODS.map((p) => p.value) as ["cash", "bpomas", "pula"];

/** A payment through a medical aid (every method but cash) needs the membership number. */
const needsMedicalAidNumber = (paymentMethod: unknown) =>
  paymentMethod !== "cash" && (paymentValues as readonly unknown[]).includes(paymentMethod);

/** One uploaded referral form, as returned by the upload endpoint. */
export const referralFormSchema = z.object({
  url: z.string().min(1).max(500),
  publicId: z.string().min(1).max(100),
  name: z.string().min(1).max(255),
});

/**
 * Appointment request. Field names are the original site's API fields, so the
 * original front end's calls also validate.
 */
export const appointmentSchema = z
  .object({
    name: requiredText("First name is required.", 100),
    surname: requiredText("Surname is required.", 100),
    dob: isoDateField(DOB_MESSAGES.missing),
    phoneNumber: phoneField(),
    alternateNumber: phoneField("Alternate number required."),
    email: emailField,
    gender: z.enum(GENDERS, { error: "Choose Male, Female or Other." }),
    service: z.object({
      name: requiredText("Choose a service.", 100).refine((n) => !!findBookableService(n), SERVICE_NOT_LISTED),
      paymentMethod: z.enum(paymentValues, { error: "Choose a payment method." }),
    }),
    medicalAidNumber: optionalText(50).optional(),
    notes: optionalText(2000).optional().default(""),
    appointmentDate: isoDateField("Choose a date for your appointment."),
    appointmentTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Time must be HH:mm."),
    referralForms: z.array(referralFormSchema).max(5, "At most 5 referral forms.").default([]),
    idPassportNumber: requiredText("ID or passport number is required.", 50),
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
