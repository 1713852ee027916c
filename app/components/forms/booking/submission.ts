import { localTime, localToday, parseDateInput, type BookingCalendar } from "@domain/dates";
import { bookingDateProblem, DATE_MESSAGES, dobProblem } from "@domain/validation/appointment-dates";
import { postJson } from "~/lib/api-client";
import { lazyModule } from "../lazy";
import { useFormSubmission } from "../use-submission";
import type { Confirmed } from "./confirmation";
import { CLEARS, ERROR_TARGETS, initialValues, type BookingValues } from "./fields";
import type { ReferralForm, ReferralUpload } from "./upload";

const APPOINTMENT_PATH = "/api/appointment/public/appointments";
export const APPOINTMENT_FAILURE = "An error occurred. Please try again.";

const loadValidation = lazyModule(() =>
  Promise.all([import("@domain/validation/appointment"), import("@domain/validation/fields")]),
);
type Validation = Awaited<ReturnType<typeof loadValidation>>;

/** API error keys onto the form's keys (referral uploads report under referralForms…). */
function normaliseKey(key: string): string {
  if (key.startsWith("referralForms")) return "referral";
  if (key === "service") return "service.name";
  return key;
}

/** The request as the API takes it (referral forms are added once uploaded). */
function requestBody(values: BookingValues) {
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
    appointmentTime: localTime(),
    referralForms: [] as ReferralForm[],
    idPassportNumber: values.idPassportNumber,
    website: values.website,
  };
}

/**
 * Everything the browser can check, with the shared rules: the schema, then
 * the day rules against the calendar (the same ones the server applies with
 * its own), the typed date's format, and the chosen file.
 */
function check(
  [{ appointmentSchema }, { fieldErrors }]: Validation,
  values: BookingValues,
  calendar: BookingCalendar | null,
  fileProblem: string | null,
) {
  const body = requestBody(values);
  const parsed = appointmentSchema.safeParse(body);
  const errors: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error);
  const dob = errors.dob ? undefined : dobProblem(values.dob, calendar?.today ?? localToday());
  if (dob) errors.dob = dob;
  const dateIso = parseDateInput(values.appointmentDate);
  if (values.appointmentDate.trim() && !dateIso) {
    errors.appointmentDate = DATE_MESSAGES.format;
  } else if (dateIso && calendar) {
    const problem = bookingDateProblem(dateIso, calendar);
    if (problem) errors.appointmentDate = problem;
  }
  if (fileProblem) errors.referral = fileProblem;
  return { body, errors };
}

/** The booking form's values and submission: checks, the referral upload, then the request. */
export function useBookingSubmission({
  calendar,
  upload,
  onBooked,
}: {
  calendar: BookingCalendar | null;
  upload: ReferralUpload;
  onBooked: (confirmed: Confirmed) => void;
}) {
  return useFormSubmission({
    initial: initialValues,
    clears: CLEARS,
    loadValidation,
    check: (validation, values) => check(validation, values, calendar, upload.problem()),
    send: async (body, idempotencyKey) => {
      const referral = upload.file ? await upload.send(upload.file) : null;
      if (upload.file && !referral) return null;
      return postJson<{ reference?: string }>(
        APPOINTMENT_PATH,
        { ...body, referralForms: referral ? [referral] : [] },
        idempotencyKey,
      );
    },
    onSuccess: (data, body) =>
      onBooked({ reference: data.reference ?? "", date: body.appointmentDate, service: body.service.name }),
    failure: APPOINTMENT_FAILURE,
    targets: ERROR_TARGETS,
    normaliseKey,
    onStart: upload.clearFailed,
    onRejected: (errors) => {
      if (Object.keys(errors).some((k) => k.startsWith("referralForms"))) upload.forget();
    },
    onSettled: upload.done,
  });
}

export type BookingSubmission = ReturnType<typeof useBookingSubmission>;
