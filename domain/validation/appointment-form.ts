import { isIsoDate, parseDateInput } from "../dates";
import { dateMessages, dobMessages } from "./appointment-dates";
import { BASE_LOCALE, type Locale } from "../locale";
import { m } from "../paraglide/messages.js";
import { screeningField } from "../booking-rules";
import { REFERRER_FIELDS, referrerRequest } from "./referrer-form";

/**
 * The booking form as the visitor fills it in (the names of its fields, as
 * the browser posts them without JavaScript), and the appointment request the
 * API takes, made from it. The page's script and the page's plain form post
 * (server/appointments/booking/page-form.ts) both build the request here.
 */

/**
 * The date of birth as the form asks for it: three boxes, day, month and year
 * (the GOV.UK and NHS pattern; a browser's date picker reads month first on
 * many phones). The request joins them into the API's `dob` (YYYY-MM-DD).
 */
export const DOB_PARTS = [
  { field: "dobDay", part: "day" },
  { field: "dobMonth", part: "month" },
  { field: "dobYear", part: "year" },
] as const;

export const BOOKING_FIELDS = [
  "name",
  "surname",
  "dobDay",
  "dobMonth",
  "dobYear",
  "gender",
  "idPassportNumber",
  "phoneNumber",
  "alternateNumber",
  "email",
  "contactPreference",
  "service",
  "appointmentDate",
  "paymentMethod",
  "medicalAidNumber",
  "notes",
  ...Object.values(REFERRER_FIELDS),
  "website",
] as const;

export type BookingValues = Record<(typeof BOOKING_FIELDS)[number], string>;

/**
 * The fields a booking form adds to book a free time instead of asking for a day (decision 063):
 * `bookTime` ("true"), `appointmentTime` (HH:MM, one of the free times) and each screening
 * question's answer (`screening-pregnant`: yes, no or not_sure). The plain form post
 * (server/appointments/booking/page-form.ts) reads them beside BOOKING_FIELDS.
 */
export const TIME_BOOKING_FIELDS = ["bookTime", "appointmentTime", screeningField("pregnant")] as const;
export type TimeBookingValues = Partial<Record<(typeof TIME_BOOKING_FIELDS)[number], string>>;

/**
 * What a form's time-booking fields add to the appointment request: the screening answers whenever
 * given (a request sent instead of a booking keeps them), and the time only when `bookTime` is "true".
 */
export function timeBookingRequest(values: TimeBookingValues) {
  const pregnant = values[screeningField("pregnant")];
  const screening = pregnant ? { screening: { pregnant } } : {};
  if (values.bookTime !== "true") return screening;
  return { bookTime: true, appointmentTime: values.appointmentTime ?? "", ...screening };
}

/** The one term for the second phone number: the field's label and its error say it alike (decision 025). */
export const alternateNumberLabel = (locale: Locale) => m.booking_alternate_number({}, { locale });
export const ALTERNATE_NUMBER_LABEL = alternateNumberLabel(BASE_LOCALE);

export type DobValues = Pick<BookingValues, (typeof DOB_PARTS)[number]["field"]>;

/** The three boxes joined as the API takes the date of birth: YYYY-MM-DD ("" when all are empty). */
export function dobFromParts(values: DobValues): string {
  const [day, month, year] = DOB_PARTS.map(({ field }) => values[field].trim());
  if (!day && !month && !year) return "";
  return `${year}-${month!.padStart(2, "0")}-${day!.padStart(2, "0")}`;
}

/** What to fix in the three boxes (empty, some missing, not a real date), else null; the past is checked later. */
export function dobEntryProblem(values: DobValues, locale: Locale = BASE_LOCALE): string | null {
  const messages = dobMessages(locale);
  const missing = DOB_PARTS.filter(({ field }) => !values[field].trim()).map(({ part }) => part);
  if (missing.length === DOB_PARTS.length) return messages.missing;
  if (missing.length) return messages.incomplete(missing);
  return isIsoDate(dobFromParts(values)) ? null : messages.notReal;
}

/** The referral form's file field (multipart, without JavaScript). */
export const REFERRAL_FIELD = "referral";

/**
 * The hidden field of a booking form the server shows again (without
 * JavaScript): the key the first post was made under, so that sending the
 * form again, after any failure, is a replay (decision 041).
 */
export const SUBMISSION_KEY_FIELD = "submissionKey";

/** One uploaded referral form, as the appointment request lists it. */
export interface ReferralForm {
  url: string;
  publicId: string;
  name: string;
}

/**
 * The request as the API takes it. `time` is the submitter's clock (HH:mm);
 * the date as typed (DD/MM/YYYY) becomes YYYY-MM-DD, and so does the date of
 * birth's three boxes.
 */
export function appointmentRequest(
  values: BookingValues,
  time: string,
  referralForms: ReferralForm[] = [],
  language: Locale = BASE_LOCALE,
) {
  const aid = values.paymentMethod !== "cash";
  return {
    name: values.name,
    surname: values.surname,
    dob: dobFromParts(values),
    phoneNumber: values.phoneNumber,
    alternateNumber: values.alternateNumber,
    email: values.email,
    // Optional in the API: without it a mobile number means SMS.
    ...(values.contactPreference ? { contactPreference: values.contactPreference } : {}),
    gender: values.gender,
    service: { name: values.service, paymentMethod: values.paymentMethod },
    ...(aid ? { medicalAidNumber: values.medicalAidNumber.trim() } : {}),
    notes: values.notes,
    appointmentDate: parseDateInput(values.appointmentDate) ?? values.appointmentDate.trim(),
    appointmentTime: time,
    referralForms,
    idPassportNumber: values.idPassportNumber,
    ...referrerRequest(values),
    website: values.website,
    language,
  };
}

/** The typed date's problem when it is not a date at all (its other rules need the calendar), else null. */
export function dateFormatProblem(text: string, locale: Locale = BASE_LOCALE): string | null {
  return text.trim() && !parseDateInput(text) ? dateMessages(locale).format : null;
}

/**
 * The problems of what was typed that the request cannot show (the request
 * carries the dates joined or converted, which the schema would only call
 * wrong): the browser and the plain post put these over the schema's messages,
 * in the language of the page.
 */
export function typedDateProblems(
  values: BookingValues,
  locale: Locale = BASE_LOCALE,
): Partial<Record<"dob" | "appointmentDate", string>> {
  const problems: Partial<Record<"dob" | "appointmentDate", string>> = {};
  const dob = dobEntryProblem(values, locale);
  if (dob) problems.dob = dob;
  const date = dateFormatProblem(values.appointmentDate, locale);
  if (date) problems.appointmentDate = date;
  return problems;
}
