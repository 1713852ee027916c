import { z } from "zod";
import { BOOKABLE_SERVICES, type Service } from "../catalogue";
import { GENDERS } from "../patient";
import { PAYMENT_METHODS } from "../payments";
import { emailField, isoDateField, requiredText } from "./fields";

/**
 * The bookable service a name refers to. The form sends the service's title
 * (e.g. "X-ray Imaging"); its slug ("x-ray") is accepted too.
 */
export function findBookableService(name: string): Service | undefined {
  const wanted = name.trim().toLowerCase();
  return BOOKABLE_SERVICES.find((s) => s.title.toLowerCase() === wanted || s.slug === wanted);
}

const paymentValues = PAYMENT_METHODS.map((p) => p.value) as ["cash", "bpomas", "pula"];

/** One uploaded referral form, as returned by the upload endpoint. */
export const referralFormSchema = z.object({
  url: z.string().min(1).max(500),
  publicId: z.string().min(1).max(100),
  name: z.string().min(1).max(255),
});

/**
 * Appointment request (specification, sections 3 and 5). Field names are the
 * specification's so the original front end's calls also validate.
 */
export const appointmentSchema = z
  .object({
    name: requiredText("First name is required.", 100),
    surname: requiredText("Surname is required.", 100),
    dob: isoDateField("Enter your date of birth."),
    phoneNumber: requiredText("Phone number required.", 32),
    alternateNumber: requiredText("Alternate number required.", 32),
    email: emailField,
    gender: z.enum(GENDERS, { error: "Choose Male, Female or Other." }),
    service: z.object({
      name: requiredText("Choose a service.", 100).refine(
        (n) => !!findBookableService(n),
        "Choose a service from the list.",
      ),
      paymentMethod: z.enum(paymentValues, { error: "Choose a payment method." }),
    }),
    medicalAidNumber: z.string().trim().max(50, "Please use at most 50 characters.").optional(),
    notes: z.string().trim().max(2000, "Please use at most 2000 characters.").optional().default(""),
    appointmentDate: isoDateField("Choose a date for your appointment."),
    appointmentTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Time must be HH:mm."),
    referralForms: z.array(referralFormSchema).max(5, "At most 5 referral forms.").default([]),
    idPassportNumber: requiredText("ID or passport number is required.", 50),
  })
  .superRefine((value, ctx) => {
    if (value.service.paymentMethod !== "cash" && !value.medicalAidNumber) {
      ctx.addIssue({
        code: "custom",
        path: ["medicalAidNumber"],
        message: "Enter your medical aid membership number.",
      });
    }
  });

export type AppointmentInput = z.input<typeof appointmentSchema>;
export type Appointment = z.output<typeof appointmentSchema>;
