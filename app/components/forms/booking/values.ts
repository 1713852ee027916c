import { screeningField } from "@domain/booking-rules";
import { CONTACT_PREFERENCES } from "@domain/contact-preference";
import { GENDERS } from "@domain/patient";
import { PAYMENT_METHOD_VALUES } from "@domain/payments";
import { DOB_PARTS, type BookingValues } from "@domain/validation/appointment-form";
import { REFERRER_FIELDS } from "@domain/validation/referrer-form";
import { radioId } from "../field";
import type { SummaryItem } from "../error-summary";
import type { ErrorTargets } from "../use-submission";

/** The booking form's state: its first values, and where each error shows and what clears it. */

/** Empty, with cash chosen; or the values a plain form post sent back (server/appointments/booking/page-form.ts). */
export function initialValues(posted: Partial<BookingValues> = {}): BookingValues {
  return {
    name: "",
    surname: "",
    dobDay: "",
    dobMonth: "",
    dobYear: "",
    gender: "",
    idPassportNumber: "",
    phoneNumber: "",
    alternateNumber: "",
    email: "",
    contactPreference: "sms",
    service: "",
    appointmentDate: "",
    paymentMethod: "cash",
    medicalAidNumber: "",
    notes: "",
    referrerName: "",
    referrerPracticeNumber: "",
    referrerEmail: "",
    referrerPhone: "",
    website: "",
    ...posted,
  };
}

/** Where each error key (dotted, as the API sends them) is shown and where its summary link jumps. */
export const ERROR_TARGETS: ErrorTargets = [
  ["name", "name"],
  ["surname", "surname"],
  ["dob", DOB_PARTS[0].field],
  ["gender", radioId("gender", GENDERS[0])],
  ["idPassportNumber", "idPassportNumber"],
  ["phoneNumber", "phoneNumber"],
  ["alternateNumber", "alternateNumber"],
  ["email", "email"],
  ["contactPreference", radioId("contactPreference", CONTACT_PREFERENCES[0])],
  ["service.name", "service"],
  ["appointmentDate", "appointmentDate"],
  // A time being booked (decision 064): the time's first radio button, then each screening question's first choice.
  ["appointmentTime", "appointmentTime"],
  [screeningField("pregnant"), radioId(screeningField("pregnant"), "yes")],
  ["service.paymentMethod", radioId("paymentMethod", PAYMENT_METHOD_VALUES[0]!)],
  ["medicalAidNumber", "medicalAidNumber"],
  ["referral", "referral"],
  ["notes", "notes"],
  // The referring doctor (decision 071): the API's dotted keys, on the form's fields.
  ...(Object.entries(REFERRER_FIELDS).map(([part, field]) => [`referrer.${part}`, field]) as [string, string][]),
];

/** Summary lines in the page's order of their fields (ERROR_TARGETS'). */
export function inPageOrder(items: readonly SummaryItem[]): SummaryItem[] {
  const at = (item: SummaryItem) => ERROR_TARGETS.findIndex(([, target]) => target === item.target);
  return [...items].sort((a, b) => at(a) - at(b));
}

/** The error keys a field's edit clears besides its own. */
export const CLEARS: Partial<Record<keyof BookingValues, readonly string[]>> = {
  service: ["service.name"],
  paymentMethod: ["service.paymentMethod", "medicalAidNumber"],
  // The date of birth's one error (under the API's key) clears when any of its boxes changes.
  ...Object.fromEntries(DOB_PARTS.map(({ field }) => [field, ["dob"]])),
  // The doctor's name is asked for because of the other parts: any of them clears it.
  ...Object.fromEntries(
    Object.entries(REFERRER_FIELDS).map(([part, field]) => [field, [`referrer.${part}`, "referrer.name"]]),
  ),
};
