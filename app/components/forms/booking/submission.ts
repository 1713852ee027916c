import { APPOINTMENT_PATH } from "@domain/api-paths";
import { localTime, localToday, parseDateInput } from "@domain/dates";
import { BASE_LOCALE, type Locale } from "@domain/locale";
import { answerByFromCalendar, type BookingCalendar } from "@domain/opening-days";
import { m } from "@domain/paraglide/messages.js";
import type { BookingConfirmation } from "@domain/request-words";
import { bookingDateProblem, dobProblem } from "@domain/validation/appointment-dates";
import { appointmentRequest, timeBookingRequest, typedDateProblems } from "@domain/validation/appointment-form";
import { postJson } from "~/lib/api-client";
import { useLocale } from "~/lib/locale";
import { lazyModule } from "../lazy";
import { useFormSubmission } from "../use-submission";
import type { BookingValues } from "@domain/validation/appointment-form";
import { CLEARS, ERROR_TARGETS, initialValues } from "./values";
import type { ReferralUploadState } from "./upload";

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
  // A screening answer, as the JSON body nests it (screening.pregnant), is shown under its form field.
  if (key.startsWith("screening.")) return `screening-${key.slice("screening.".length)}`;
  return key;
}

/** A free time offered instead of the one taken meanwhile (the API's 409 `alternatives`). */
export interface OfferedTime {
  date: string;
  time: string;
}

/** The time that was taken meanwhile, and the nearest free times offered instead. */
export interface TakenTime extends OfferedTime {
  alternatives: readonly OfferedTime[];
}

/** The 409's alternatives, checked: only well-formed dates and times. */
export function offeredTimes(value: unknown): OfferedTime[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (a): a is OfferedTime =>
      !!a &&
      typeof a === "object" &&
      /^\d{4}-\d{2}-\d{2}$/.test((a as OfferedTime).date) &&
      /^\d{2}:\d{2}$/.test((a as OfferedTime).time),
  );
}

/**
 * A time being booked (decision 064): the day and time chosen, the screening answers (by question id),
 * and what to do when the server says the time was taken meanwhile.
 */
export interface BookingTime {
  date?: string;
  time?: string;
  /** The screening questions' form fields, each with its answer ("" when none). */
  answers: Readonly<Record<string, string>>;
  /** What each unanswered question's field says (self_booking_answer_question, by field). */
  unanswered: Readonly<Record<string, string>>;
  onTaken: (taken: TakenTime) => void;
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
  time?: BookingTime,
) {
  const body = appointmentRequest(
    time?.date ? { ...values, appointmentDate: time.date } : values,
    localTime(),
    [],
    locale,
  );
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
  if (time) {
    // The day came from the free times: a problem with it is the time's (the server checks both again).
    if (errors.appointmentDate) delete errors.appointmentDate;
    if (!time.date || !time.time) errors.appointmentTime = m.book_time_required({}, { locale });
    for (const [field, answer] of Object.entries(time.answers)) {
      if (!answer) errors[field] = time.unanswered[field] ?? "";
    }
  }
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
  time,
}: {
  /** A time being booked instead of a request (decision 064). */
  time?: BookingTime;
  calendar: BookingCalendar | null;
  /** The calendar is the server's (not the Sundays-only fallback): the confirmation can say by when. */
  calendarFromServer: boolean;
  upload: ReferralUploadState;
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
    check: (validation, values) => check(validation, values, calendar, upload.problem(), locale, time),
    send: async (body, idempotencyKey) => {
      const referral = upload.file ? await upload.send(upload.file) : null;
      if (upload.file && !referral) return null;
      return postJson<BookedAnswer>(
        APPOINTMENT_PATH,
        { ...body, referralForms: referral ? [referral] : [], ...(time ? timeFields(time) : {}) },
        idempotencyKey,
      );
    },
    onRefused: (result) => {
      if (!time || result.status !== 409) return false;
      time.onTaken({
        date: time.date ?? "",
        time: time.time ?? "",
        alternatives: offeredTimes(result.details?.alternatives),
      });
      return true;
    },
    onSuccess: (data, body) =>
      onBooked({
        reference: data.reference ?? "",
        ...(time && data.appointmentTime ? { time: data.appointmentTime } : {}),
        date: data.appointmentDate ?? body.appointmentDate,
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

/** What the API answers for a stored request or a booked time. */
interface BookedAnswer {
  reference?: string;
  manageUrl?: string;
  textMessages?: { countries?: string[] };
  /** A booked time's day and time (decision 064). */
  appointmentDate?: string;
  appointmentTime?: string;
}

/** A time's fields in the JSON body, as the plain post makes them from the same fields (timeBookingRequest). */
function timeFields({ time, answers }: Pick<BookingTime, "time" | "answers">) {
  return timeBookingRequest({ ...answers, bookTime: "true", appointmentTime: time ?? "" });
}

/** A plain booking post's answer, as the page's action gives it (server/appointments/booking/page-form.ts). */
export interface BookingPosted {
  values?: Partial<BookingValues>;
  errors?: Record<string, string>;
  failure?: string;
  reattach?: boolean;
  /** The key the post was made under: the form carries it back (SUBMISSION_KEY_FIELD), so a resend is a replay. */
  key?: string;
  /** A time taken meanwhile (409): the nearest free times instead (decision 063). */
  alternatives?: readonly OfferedTime[];
  /** The time that was taken (409), which the values no longer hold. */
  takenTime?: string;
}

export type BookingSubmission = ReturnType<typeof useBookingSubmission>;
