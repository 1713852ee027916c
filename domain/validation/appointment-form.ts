import { parseDateInput } from "../dates";
import { DATE_MESSAGES } from "./appointment-dates";

/**
 * The booking form as the visitor fills it in (the names of its fields, as
 * the browser posts them without JavaScript), and the appointment request the
 * API takes, made from it. The page's script and the page's plain form post
 * (server/requests/page-forms.ts) both build the request here.
 */

export const BOOKING_FIELDS = [
  "name",
  "surname",
  "dob",
  "gender",
  "idPassportNumber",
  "phoneNumber",
  "alternateNumber",
  "email",
  "service",
  "appointmentDate",
  "paymentMethod",
  "medicalAidNumber",
  "notes",
  "website",
] as const;

export type BookingValues = Record<(typeof BOOKING_FIELDS)[number], string>;

/** The one term for the second phone number: the field's label and its error say it alike (decision 025). */
export const ALTERNATE_NUMBER_LABEL = "Alternative phone number";

/** The referral form's file field (multipart, without JavaScript). */
export const REFERRAL_FIELD = "referral";

/** One uploaded referral form, as the appointment request lists it. */
export interface ReferralForm {
  url: string;
  publicId: string;
  name: string;
}

/**
 * The request as the API takes it. `time` is the submitter's clock (HH:mm);
 * the date as typed (DD/MM/YYYY) becomes YYYY-MM-DD.
 */
export function appointmentRequest(values: BookingValues, time: string, referralForms: ReferralForm[] = []) {
  const aid = values.paymentMethod !== "cash";
  return {
    name: values.name,
    surname: values.surname,
    dob: values.dob,
    phoneNumber: values.phoneNumber,
    alternateNumber: values.alternateNumber,
    email: values.email,
    gender: values.gender,
    service: { name: values.service, paymentMethod: values.paymentMethod },
    ...(aid ? { medicalAidNumber: values.medicalAidNumber.trim() } : {}),
    notes: values.notes,
    appointmentDate: parseDateInput(values.appointmentDate) ?? values.appointmentDate.trim(),
    appointmentTime: time,
    referralForms,
    idPassportNumber: values.idPassportNumber,
    website: values.website,
  };
}

/** The typed date's problem when it is not a date at all (its other rules need the calendar), else null. */
export function dateFormatProblem(text: string): string | null {
  return text.trim() && !parseDateInput(text) ? DATE_MESSAGES.format : null;
}
