import {
  bookingRuleOf,
  screenBooking,
  screeningReasonWords,
  timeProblemWords,
  type ScreeningQuestionId,
  type SelfBookingRule,
} from "../../../domain/booking-rules";
import { findServiceBySlug, isBookableSlug, serviceTitle, type BookableSlug } from "../../../domain/catalogue";
import { BASE_LOCALE, type Locale } from "../../../domain/locale";
import type { SafetyAnswers, SafetyChoice } from "../../../domain/safety-questions";
import { findBookableService } from "../../../domain/validation/appointment";
import type { ValidAppointment } from "./validate";

/**
 * A patient booking a free time online (decision 063), before anything is
 * stored: the service must be self-bookable, and the screening must not send
 * the patient to a request. What needs the database (the time itself: the
 * rule's notice, horizon, grid and closures, and whether a room is free) is
 * checked in the booking's transaction (./submit.ts), after its
 * Idempotency-Key, so a replay gets its first answer.
 */

/** A time to book: the service and its rule, the date and time, and the screening answers to keep. */
export interface TimeBooking {
  slug: BookableSlug;
  rule: SelfBookingRule;
  date: string;
  time: string;
  /** The screening answers as safety answers (domain/safety-questions.ts), kept with the appointment. */
  answers: SafetyAnswers;
  /** The patient's language: what they are told. */
  language: Locale;
}

/** What a booking of a time is refused with: a message telling the patient to send a request instead, and the field at fault. */
export interface TimeRefusal {
  message: string;
  errors: Record<string, string>;
}

export type TimeBookingIntent = { kind: "book"; booking: TimeBooking } | ({ kind: "refused" } & TimeRefusal);

const refused = (message: string, field: string): TimeBookingIntent => ({
  kind: "refused",
  message,
  errors: { [field]: message },
});

/** The screening question's field in the JSON body's errors: `screening.pregnant`. */
const answerKey = (id: ScreeningQuestionId) => `screening.${id}`;

/** Screens a valid appointment that asks for a time (`bookTime`) against its service's booking rule. */
export function screenTimeBooking(a: ValidAppointment): TimeBookingIntent {
  const locale = a.language ?? BASE_LOCALE;
  const slug = findBookableService(a.serviceTitle)?.slug ?? "";
  const rule = isBookableSlug(slug) ? bookingRuleOf(slug) : undefined;
  if (!isBookableSlug(slug) || !rule?.selfBookable) {
    const service = serviceTitle(findServiceBySlug(slug) ?? a.serviceTitle, locale);
    return refused(timeProblemWords({ kind: "not-self-bookable" }, service, locale), "service.name");
  }
  const given: Partial<Record<ScreeningQuestionId, SafetyChoice>> = a.screening ?? {};
  const outcome = screenBooking(rule, {
    answers: given,
    dob: a.dob,
    date: a.appointmentDate,
    hasReferral: a.referralForms.length > 0,
  });
  if (outcome.kind === "unanswered") return refused(screeningReasonWords(outcome, locale), answerKey(outcome.id));
  if (outcome.kind === "request")
    return refused(
      screeningReasonWords(outcome, locale),
      outcome.reason === "pregnant" ? answerKey("pregnant") : "referralForms",
    );
  const answers: SafetyAnswers = {};
  for (const [id, choice] of Object.entries(given)) if (choice) answers[id] = { choice };
  return {
    kind: "book",
    booking: { slug, rule, date: a.appointmentDate, time: a.appointmentTime, answers, language: locale },
  };
}
