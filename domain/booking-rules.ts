import { findServiceBySlug, isBookableSlug, preparationLeadMinutes, type BookableSlug } from "./catalogue";
import { addDays, formatLongDate } from "./dates";
import { BASE_LOCALE, type Locale } from "./locale";
import { m } from "./paraglide/messages.js";
import { SAFETY_QUESTIONS_BY_SERVICE, type SafetyChoice } from "./safety-questions";
import { SLOT_STEP_MINUTES } from "./schedule";

/**
 * Which services a patient may book a time for online, and the rules of that
 * time (decision 063). One rule per bookable service (domain/catalogue.ts
 * BookableSlug): a service made bookable does not compile until its rule is
 * decided here. Everything else stays a request, as the specification has it.
 *
 * A rule's length is the catalogue's (the service's expected length), its
 * least notice is never under MIN_NOTICE_MINUTES nor under what the service's
 * preparation takes (a fast, a full bladder, stopping calcium: the catalogue's
 * PREPARATION_LEAD_MINUTES, read from the notes the patient is given), and its
 * screening asks the pre-exam safety question on pregnancy wherever the
 * service's safety questions ask it (domain/safety-questions.ts: the
 * examinations that use X-rays). None of those is restated here.
 */

/** No time is offered sooner than this after now, whatever the preparation. */
export const MIN_NOTICE_MINUTES = 2 * 60;

/** How far ahead a time may be booked, unless a rule says otherwise. */
export const DEFAULT_HORIZON_DAYS = 60;

/** Below this age a mammogram needs a doctor's referral to be booked online. */
export const MAMMOGRAM_REFERRAL_AGE = 40;

/** A screening question asked before a time is booked: its id is the safety question's (answers are kept under it). */
export type ScreeningQuestionId = "pregnant";

/** What sends a patient to a request instead of a booked time. */
export type Screening =
  /** A question the patient answers; the answers in `toRequest` send them to a request. */
  | { kind: "question"; id: ScreeningQuestionId; toRequest: readonly SafetyChoice[] }
  /** Younger than `age` on the day, without a referral form attached. */
  | { kind: "referral-below-age"; age: number };

export interface SelfBookingRule {
  selfBookable: true;
  /** How long the examination takes (the catalogue's length), in minutes. */
  lengthMinutes: number;
  /** How long the room stays held after it, in minutes. */
  changeoverMinutes: number;
  /** Starts are every this many minutes from opening time (apart from the length). */
  stepMinutes: number;
  /** The least time between now and the start, in minutes. */
  noticeMinutes: number;
  /** The last day offered is today + horizonDays. */
  horizonDays: number;
  screening: readonly Screening[];
}

/** A service booked only by request: staff agree the time with the patient. */
export interface RequestOnlyRule {
  selfBookable: false;
}

export type BookingRule = SelfBookingRule | RequestOnlyRule;

/** One rule per bookable service: making a service bookable does not compile until it has one. */
export type ServiceBookingRules = Readonly<Record<BookableSlug, BookingRule>>;

const PREGNANCY_QUESTION: Screening = { kind: "question", id: "pregnant", toRequest: ["yes", "not_sure"] };

/**
 * A self-bookable service's rule, from the catalogue and the safety questions:
 * its length, its notice (MIN_NOTICE_MINUTES or its preparation's lead, the
 * longer), the pregnancy question where its safety questions ask it; then the
 * changeover, step, horizon and any further screening given.
 */
function selfBooked(
  slug: BookableSlug,
  own: {
    changeoverMinutes: number;
    stepMinutes?: number;
    horizonDays?: number;
    screening?: readonly Screening[];
  },
): SelfBookingRule {
  const service = findServiceBySlug(slug)!;
  const asksPregnancy = SAFETY_QUESTIONS_BY_SERVICE[slug].some((q) => q.id === "pregnant");
  return {
    selfBookable: true,
    lengthMinutes: service.preparation.durationMinutes,
    changeoverMinutes: own.changeoverMinutes,
    stepMinutes: own.stepMinutes ?? SLOT_STEP_MINUTES,
    noticeMinutes: Math.max(MIN_NOTICE_MINUTES, preparationLeadMinutes(service)),
    horizonDays: own.horizonDays ?? DEFAULT_HORIZON_DAYS,
    screening: [...(asksPregnancy ? [PREGNANCY_QUESTION] : []), ...(own.screening ?? [])],
  };
}

const REQUEST_ONLY: RequestOnlyRule = { selfBookable: false };

/**
 * The rules. Self-bookable: the examinations a radiographer does on the day
 * without a doctor's plan for the patient (X-ray, ultrasound, breast
 * ultrasound, the 3D pregnancy scan, bone densitometry, mammography).
 * Requests only: the procedures through a needle (minimally invasive
 * procedures, pain management), which the radiologist plans with the patient
 * (blood thinners, someone to take them home); fluoroscopy, whose
 * preparation depends on the examination the doctor asks for; and remote
 * reporting, where the patient does not come.
 */
export const BOOKING_RULES: ServiceBookingRules = {
  "x-ray": selfBooked("x-ray", { changeoverMinutes: 5 }),
  ultrasound: selfBooked("ultrasound", { changeoverMinutes: 10 }),
  "breast-ultrasound": selfBooked("breast-ultrasound", { changeoverMinutes: 10 }),
  "3d-pregnancy-scan": selfBooked("3d-pregnancy-scan", { changeoverMinutes: 10 }),
  "bone-densitometry-dexa-scan": selfBooked("bone-densitometry-dexa-scan", { changeoverMinutes: 5 }),
  mammography: selfBooked("mammography", {
    changeoverMinutes: 10,
    screening: [{ kind: "referral-below-age", age: MAMMOGRAM_REFERRAL_AGE }],
  }),
  "minimally-invasive-procedure": REQUEST_ONLY,
  "pain-management": REQUEST_ONLY,
  fluoroscopy: REQUEST_ONLY,
  "remote-reporting": REQUEST_ONLY,
};

/** The rule of a service by its slug; undefined for a slug that is not a bookable service. */
export function bookingRuleOf(slug: string): BookingRule | undefined {
  return isBookableSlug(slug) ? BOOKING_RULES[slug] : undefined;
}

/** The self-booking rule of a service, if patients may book it online. */
export function selfBookingRuleOf(slug: string): SelfBookingRule | undefined {
  const rule = bookingRuleOf(slug);
  return rule?.selfBookable ? rule : undefined;
}

/** The form field of a screening question's answer, in the plain form and the JSON body's `screening` object. */
export const screeningField = (id: ScreeningQuestionId) => `screening-${id}`;

/** The screening questions a rule asks the patient, in order. */
export function screeningQuestions(rule: SelfBookingRule): ScreeningQuestionId[] {
  return rule.screening.flatMap((s) => (s.kind === "question" ? [s.id] : []));
}

/** What screening found: nothing, an unanswered question, or a reason to send a request instead. */
export type ScreeningOutcome =
  | { kind: "clear" }
  | { kind: "unanswered"; id: ScreeningQuestionId }
  | { kind: "request"; reason: "pregnant" | "referral-below-age"; age?: number };

/** A person's age in whole years on a date (both YYYY-MM-DD). */
export function ageOn(dob: string, date: string): number {
  const years = Number(date.slice(0, 4)) - Number(dob.slice(0, 4));
  return date.slice(5) < dob.slice(5) ? years - 1 : years;
}

/**
 * Screens a booking against its rule: every question answered (with yes, no
 * or not sure), no answer that sends the patient to a request, and no other
 * screening that does (a mammogram under 40 without a referral form).
 */
export function screenBooking(
  rule: SelfBookingRule,
  facts: {
    answers: Partial<Record<ScreeningQuestionId, SafetyChoice>>;
    dob: string;
    date: string;
    hasReferral: boolean;
  },
): ScreeningOutcome {
  for (const s of rule.screening) {
    if (s.kind === "question") {
      const answer = facts.answers[s.id];
      if (!answer) return { kind: "unanswered", id: s.id };
      if (s.toRequest.includes(answer)) return { kind: "request", reason: "pregnant" };
    } else if (!facts.hasReferral && ageOn(facts.dob, facts.date) < s.age) {
      return { kind: "request", reason: "referral-below-age", age: s.age };
    }
  }
  return { kind: "clear" };
}

/** A screening question in words, in a language. */
export function screeningQuestionWords(id: ScreeningQuestionId, locale: Locale = BASE_LOCALE): string {
  switch (id) {
    case "pregnant":
      return m.private_safety_pregnant_question({}, { locale });
  }
}

/** Why a patient is asked to send a request instead of booking a time, in plain words. */
export function screeningReasonWords(
  outcome: Exclude<ScreeningOutcome, { kind: "clear" }>,
  locale: Locale = BASE_LOCALE,
): string {
  if (outcome.kind === "unanswered")
    return m.self_booking_answer_question({ question: screeningQuestionWords(outcome.id, locale) }, { locale });
  if (outcome.reason === "pregnant") return m.self_booking_reason_pregnant({}, { locale });
  return m.self_booking_reason_mammogram_age({ age: outcome.age ?? MAMMOGRAM_REFERRAL_AGE }, { locale });
}

/** Why a time cannot be booked online: each refusal tells the patient to send a request instead. */
export type TimeProblem =
  | { kind: "not-self-bookable" }
  | { kind: "too-soon"; hours: number }
  | { kind: "too-far"; days: number }
  | { kind: "closed" }
  /** The clinic is open, but every room of the examination is out of service that day. */
  | { kind: "room-out" }
  | { kind: "off-grid" };

/** A time problem in plain words, in a language. */
export function timeProblemWords(problem: TimeProblem, service: string, locale: Locale = BASE_LOCALE): string {
  const options = { locale };
  switch (problem.kind) {
    case "not-self-bookable":
      return m.self_booking_not_bookable({ service }, options);
    case "too-soon":
      return m.self_booking_too_soon({ hours: problem.hours }, options);
    case "too-far":
      return m.self_booking_too_far({ days: problem.days }, options);
    case "closed":
      return m.self_booking_closed({}, options);
    case "room-out":
      return m.self_booking_room_out({}, options);
    case "off-grid":
      return m.self_booking_off_grid({}, options);
  }
}

/** The last day a rule offers, from today. */
export function lastBookableDay(rule: Pick<SelfBookingRule, "horizonDays">, today: string): string {
  return addDays(today, rule.horizonDays);
}

/** How the staff console marks an appointment the patient booked online (the console is in English). */
export const BOOKED_ONLINE_LABEL = "Booked online";

/** What a patient whose time was taken meanwhile is told (the nearest free times go with it). */
export function takenWords(locale: Locale = BASE_LOCALE): string {
  return m.self_booking_taken({}, { locale });
}

/** "Tuesday 8 December 2026 at 09:30", in a language: a booked time as every notice says it. */
export function bookedTimeWords(date: string, time: string, locale: Locale = BASE_LOCALE): string {
  return m.mail_when({ date: formatLongDate(date, locale), time }, { locale });
}

/** "Your appointment is booked: Tuesday 8 December 2026 at 09:30", in a language. */
export function bookedWords(date: string, time: string, locale: Locale = BASE_LOCALE): string {
  return m.self_booking_booked({ when: bookedTimeWords(date, time, locale) }, { locale });
}
