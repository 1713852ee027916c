import { z } from "zod";
import { BOOKABLE_SERVICES, type Service } from "../catalogue";
import { GENDERS } from "../patient";
import { PAYMENT_METHOD_VALUES } from "../payments";
import { CONTACT_PREFERENCES, contactPreferenceMessage } from "../contact-preference";
import { BASE_LOCALE, type Locale } from "../locale";
import { m } from "../paraglide/messages.js";
import { alternateNumberLabel } from "./appointment-form";
import { dobMessages } from "./appointment-dates";
import { fieldSchemas, languageField, perLocale } from "./fields";
import { screeningReasonWords } from "../booking-rules";
import { referrerSchemaFor } from "./referrer";

/**
 * The appointment request's schema and its messages. The rules that need
 * today's date and the clinic's calendar are in ./appointment-dates.ts.
 */

/** How many referral forms one request may carry. */
const MAX_REFERRAL_FORMS = 5;

/** Every message of the appointment schema in `locale`: whole sentences, one per rule. */
export function appointmentMessages(locale: Locale) {
  const options = { locale };
  return {
    name: m.validation_name_required({}, options),
    surname: m.validation_surname_required({}, options),
    dob: dobMessages(locale).missing,
    alternateNumber: m.validation_alternate_required({ label: alternateNumberLabel(locale) }, options),
    gender: m.validation_gender({}, options),
    service: m.validation_service({}, options),
    serviceNotListed: m.validation_service_not_listed({}, options),
    screeningPregnant: screeningReasonWords({ kind: "unanswered", id: "pregnant" }, locale),
    paymentMethod: m.validation_payment_method({}, options),
    medicalAidNumber: m.validation_medical_aid_number({}, options),
    appointmentDate: m.validation_appointment_date({}, options),
    appointmentTime: m.validation_appointment_time({}, options),
    referralForms: m.validation_referral_forms({ max: MAX_REFERRAL_FORMS }, options),
    referralForm: m.validation_referral_form({}, options),
    idPassportNumber: m.validation_id_passport_required({}, options),
  };
}

/** The messages in English (appointmentMessages for another language). */
export const APPOINTMENT_MESSAGES = appointmentMessages(BASE_LOCALE);

export const SERVICE_NOT_LISTED = APPOINTMENT_MESSAGES.serviceNotListed;
export const MEDICAL_AID_REQUIRED = APPOINTMENT_MESSAGES.medicalAidNumber;

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
function referralFormSchemaIn(locale: Locale) {
  const message = appointmentMessages(locale).referralForm;
  const part = (max: number) => z.string({ error: message }).min(1, message).max(max, message);
  return z.object({ url: part(500), publicId: part(100), name: part(255) }, { error: message });
}
export const referralFormSchema = referralFormSchemaIn(BASE_LOCALE);

/**
 * The appointment request's schema with its messages in `locale` (the rules
 * are the same in every language). Field names are the original site's API
 * fields, so the original front end's calls also validate.
 */
function buildAppointmentSchema(locale: Locale) {
  const M = appointmentMessages(locale);
  const { requiredText, optionalText, emailField, phoneField, isoDateField } = fieldSchemas(locale);
  return z
    .object({
      name: requiredText(M.name, 100),
      surname: requiredText(M.surname, 100),
      dob: isoDateField(M.dob),
      phoneNumber: phoneField(),
      alternateNumber: phoneField(M.alternateNumber),
      email: emailField,
      contactPreference: z.enum(CONTACT_PREFERENCES, { error: contactPreferenceMessage(locale) }).optional(),
      language: languageField,
      gender: z.enum(GENDERS, { error: M.gender }),
      service: z.object(
        {
          name: requiredText(M.service, 100).refine((n) => !!findBookableService(n), M.serviceNotListed),
          paymentMethod: z.enum(PAYMENT_METHOD_VALUES, { error: M.paymentMethod }),
        },
        { error: M.service },
      ),
      medicalAidNumber: optionalText(50).optional(),
      notes: optionalText(2000).optional().default(""),
      appointmentDate: isoDateField(M.appointmentDate),
      appointmentTime: z.string({ error: M.appointmentTime }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.appointmentTime),
      referralForms: z
        .array(referralFormSchemaIn(locale), { error: M.referralForm })
        .max(MAX_REFERRAL_FORMS, M.referralForms)
        .default([]),
      idPassportNumber: requiredText(M.idPassportNumber, 50),
      // Decision 063: book the free time appointmentDate and appointmentTime name, instead of asking for a day.
      bookTime: z.boolean({ error: M.appointmentTime }).optional(),
      // The screening questions' answers (domain/booking-rules.ts), by question id.
      screening: z
        .object({ pregnant: z.enum(["yes", "no", "not_sure"], { error: M.screeningPregnant }).optional() })
        .optional(),
      // The referring doctor (issue 38, decision 071): optional, but a partial one needs the doctor's name.
      referrer: referrerSchemaFor(locale).optional(),
    })
    .refine((value) => !needsMedicalAidNumber(value.service.paymentMethod) || !!value.medicalAidNumber, {
      path: ["medicalAidNumber"],
      message: M.medicalAidNumber,
      // Checked even when other fields are wrong, so the form lists every missing field at once.
      when: ({ value }) => {
        const service = (value as { service?: unknown } | null)?.service;
        return typeof service === "object" && service !== null && "paymentMethod" in service;
      },
    });
}

/** The appointment schema with its messages in `locale`, built once per language. */
export const appointmentSchemaFor = perLocale(buildAppointmentSchema);

/** The appointment schema in English: the JSON API's route schema. */
export const appointmentSchema = appointmentSchemaFor(BASE_LOCALE);

export type AppointmentInput = z.input<typeof appointmentSchema>;
export type Appointment = z.output<typeof appointmentSchema>;
