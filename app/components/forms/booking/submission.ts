import { APPOINTMENT_PATH } from "@domain/api-paths";
import { localTime, localToday, parseDateInput } from "@domain/dates";
import { BASE_LOCALE, type Locale } from "@domain/locale";
import { answerByFromCalendar, type BookingCalendar } from "@domain/opening-days";
import { m } from "@domain/paraglide/messages.js";
import type { BookingConfirmation } from "@domain/request-words";
import { bookingDateProblem, dobProblem } from "@domain/validation/appointment-dates";
import { appointmentRequest, typedDateProblems } from "@domain/validation/appointment-form";
import { postJson } from "~/lib/api-client";
import { useLocale } from "~/lib/locale";
import { lazyModule } from "../lazy";
import { useFormSubmission } from "../use-submission";
import type { BookingValues } from "@domain/validation/appointment-form";
import { CLEARS, ERROR_TARGETS, initialValues } from "./values";
import type { ReferralUpload } from "./upload";

/** The booking's general failure message (no answer, a 5xx, an answer it cannot show), in `locale`. */
export const appointmentFailure = (locale: Locale) => m.form_failure({}, { locale });
export const APPOINTMENT_FAILURE = appointmentFailure(BASE_LOCALE);

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

/**
 * Everything the browser can check, with the shared rules: the schema and
 * what was typed (the date of birth's boxes, the date's format), then the day
 * rules against the calendar (the same ones the server applies with its own),
 * and the chosen file; every message in the page's language, `locale`, which
 * the request carries so the server answers in it too.
 */
function check(
  [{ appointmentSchemaFor }, { fieldErrors }]: Validation,
  values: BookingValues,
  calendar: BookingCalendar | null,
  fileProblem: string | null,
  locale: Locale,
) {
  const body = appointmentRequest(values, localTime(), [], locale);
  const parsed = appointmentSchemaFor(locale).safeParse(body);
  // What was typed, in the visitor's words (the date of birth's boxes, the date's format), over the schema's.
  const typed = typedDateProblems(values, locale);
  const errors: Record<string, string> = { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...typed };
  const dob = errors.dob ? undefined : dobProblem(body.dob, calendar?.today ?? localToday(), locale);
  if (dob) errors.dob = dob;
  const dateIso = parseDateInput(values.appointmentDate);
  if (!typed.appointmentDate && dateIso && calendar) {
    const problem = bookingDateProblem(dateIso, calendar, {}, locale);
    if (problem) errors.appointmentDate = problem;
  }
  if (fileProblem) errors.referral = fileProblem;
  return { body, errors };
}

/** The booking form's values and submission: checks, the referral upload, then the request. */
export function useBookingSubmission({
  calendar,
  calendarFromServer,
  upload,
  onBooked,
  posted,
  service,
}: {
  calendar: BookingCalendar | null;
  /** The calendar is the server's (not the Sundays-only fallback): the confirmation can say by when. */
  calendarFromServer: boolean;
  upload: ReferralUpload;
  onBooked: (confirmed: BookingConfirmation) => void;
  /** What a plain form post was answered (values kept, errors, failure). */
  posted?: BookingPosted;
  /** The service chosen at first (the address's ?service=), as its title. */
  service?: string;
}) {
  const locale = useLocale();
  return useFormSubmission({
    initial: () => initialValues({ ...(service ? { service } : {}), ...posted?.values }),
    posted,
    clears: CLEARS,
    loadValidation,
    check: (validation, values) => check(validation, values, calendar, upload.problem(), locale),
    send: async (body, idempotencyKey) => {
      const referral = upload.file ? await upload.send(upload.file) : null;
      if (upload.file && !referral) return null;
      return postJson<{ reference?: string; manageUrl?: string; textMessages?: { countries?: string[] } }>(
        APPOINTMENT_PATH,
        { ...body, referralForms: referral ? [referral] : [] },
        idempotencyKey,
      );
    },
    onSuccess: (data, body) =>
      onBooked({
        reference: data.reference ?? "",
        date: body.appointmentDate,
        service: body.service.name,
        manageUrl: data.manageUrl,
        // The server reckons the same day for its e-mail (requestAnswerBy); its calendar has the closures to do so.
        answerBy: calendar && calendarFromServer ? answerByFromCalendar(calendar, new Date()) : undefined,
        // Sent only once its upload succeeded (send() above), so a chosen file was received.
        referral: !!upload.file,
        // No texts go to the number given (not in SMS_COUNTRIES): the confirmation says why.
        ...(data.textMessages?.countries ? { textCountries: data.textMessages.countries } : {}),
      }),
    failure: appointmentFailure(locale),
    targets: ERROR_TARGETS,
    normaliseKey,
    onStart: upload.clearFailed,
    onRejected: (errors) => {
      if (Object.keys(errors).some((k) => k.startsWith("referralForms"))) upload.forget();
    },
    onSettled: upload.done,
  });
}

/** A plain booking post's answer, as the page's action gives it (server/appointments/booking/page-form.ts). */
export interface BookingPosted {
  values?: Partial<BookingValues>;
  errors?: Record<string, string>;
  failure?: string;
  reattach?: boolean;
  /** The key the post was made under: the form carries it back (SUBMISSION_KEY_FIELD), so a resend is a replay. */
  key?: string;
}

export type BookingSubmission = ReturnType<typeof useBookingSubmission>;
