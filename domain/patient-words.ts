import { NOTICE_HOURS } from "./booking-policy";
import { CLOSED_DAYS, closedWeekdays } from "./clinic";
import { CONTACT_PREFERENCES, textChannelFor, type ContactPreference } from "./contact-preference";
import { calendarNames, formatLongDate, type BookingCalendar } from "./dates";
import { BASE_LOCALE, type Locale } from "./locale";
import { m } from "./paraglide/messages.js";
import { SAFETY_MESSAGES, SAFETY_TEXT_MAX, type SafetyAnswer, type SafetyQuestion } from "./safety-questions";
import { visitWords } from "./visit-words";

/**
 * The words a patient's messages and private page share with other parts of
 * the site, in the patient's language (decision 037): the next step of a
 * request, the referral form, the booking policy, the choice of channel,
 * the date rules' messages and the safety questions. Their English lives in
 * their own modules (request-words, booking-policy, contact-preference,
 * validation/appointment-dates, safety-questions), which do not take a
 * language yet. Both languages are in messages/<locale>/patient.json, and
 * tests/unit/patient-words.test.ts holds each English text to its home
 * module's, so the English messages and page read exactly as before.
 * TODO(issue 26): read each from its home module once that takes a language.
 */

type Message = (inputs: Record<string, never>, options: { locale: Locale }) => string;

/** What a patient is told of a stored request (domain/request-words.ts). */
export function requestWords(locale: Locale) {
  const options = { locale };
  return {
    /** "We have received your appointment request". */
    received: m.mail_request_received({}, options),
    /** The same, at the clinic, as a sentence. */
    receivedAt: (clinicName: string) => m.mail_request_received_at({ clinicName }, options),
    /** requestNextStep: contacted by the end of `answerBy`, else within one working day. */
    nextStep: (answerBy?: string) =>
      answerBy
        ? m.mail_next_step_by({ date: formatLongDate(answerBy, locale) }, options)
        : m.mail_next_step_soon({}, options),
    /** referralWords. */
    referral: (received: boolean) =>
      received ? m.mail_referral_received({}, options) : m.mail_referral_none({}, options),
  };
}

/** The booking policy, item by item (domain/booking-policy.ts BOOKING_POLICY), with the visit's words (visitWords). */
export function bookingPolicy(locale: Locale): string[] {
  const options = { locale };
  const visit = visitWords(locale);
  return [
    visit.pleaseArriveEarly,
    m.mail_policy_notice({ hours: NOTICE_HOURS }, options),
    lateCancellationFee(locale),
    visit.bring,
    m.mail_policy_payment({}, options),
    m.mail_policy_medical_aid({}, options),
  ];
}

/** LATE_CANCELLATION_FEE. */
export const lateCancellationFee = (locale: Locale) => m.mail_policy_late_fee({}, { locale });

const CONTACT_LABELS: Record<ContactPreference, Message> = {
  sms: m.private_contact_sms,
  whatsapp: m.private_contact_whatsapp,
  email: m.private_contact_email,
};

/** The choice of channel besides e-mail (domain/contact-preference.ts). */
export function contactPreferenceWords(locale: Locale) {
  const options = { locale };
  return {
    options: CONTACT_PREFERENCES.map((value) => ({ value, label: CONTACT_LABELS[value]({}, options) })),
    hint: m.private_contact_hint({}, options),
    /** CONTACT_PREFERENCE_MESSAGE: the choice posted is not one of them. */
    message: m.private_contact_message({}, options),
    /** contactChoiceWords: the channel that will be used, in words. */
    chosen(choice: ContactPreference | null, mobile: boolean): string {
      const channel = textChannelFor(choice, mobile);
      if (channel === "sms") return m.private_contact_now_sms({}, options);
      if (channel === "whatsapp") return m.private_contact_now_whatsapp({}, options);
      return mobile ? m.private_contact_now_email({}, options) : m.private_contact_now_landline({}, options);
    },
  };
}

/** CLOSED_DAYS (domain/clinic.ts): "Sundays and public holidays". */
export function closedDays(locale: Locale): string {
  if (locale === BASE_LOCALE) return CLOSED_DAYS;
  const names = closedWeekdays().map((day) => calendarNames(locale).weekdays[day - 1]!);
  return m.private_date_closed_days({ days: names.join(", ") }, { locale });
}

/** The date rules' messages (domain/validation/appointment-dates.ts DATE_MESSAGES). */
export function dateMessages(locale: Locale) {
  const options = { locale };
  return {
    format: m.private_date_format({}, options),
    past: m.private_date_past({}, options),
    tooFar: (days: number) => m.private_date_too_far({ days }, options),
    closed: (date: string, reason?: string) =>
      reason
        ? m.private_date_closed_reason(
            { date: formatLongDate(date, locale), reason: reason.replace(/[.\s]+$/, "") },
            options,
          )
        : m.private_date_closed({ date: formatLongDate(date, locale) }, options),
  };
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** bookingDateProblem (domain/validation/appointment-dates.ts), its messages in `locale`. */
export function bookingDateProblem(
  date: string,
  calendar: BookingCalendar,
  reasons: Readonly<Record<string, string>>,
  locale: Locale,
): string | undefined {
  const words = dateMessages(locale);
  if (date < calendar.firstDate) return words.past;
  if (date > calendar.lastDate) return words.tooFar(daysBetween(calendar.today, calendar.lastDate));
  if (calendar.closedDates.includes(date)) return words.closed(date, reasons[date]);
  return undefined;
}

interface QuestionWords {
  question: Message;
  hint?: Message;
  detail?: Message;
}

/** Each safety question's words, by its id (domain/safety-questions.ts). */
const QUESTIONS: Readonly<Record<string, QuestionWords>> = {
  pregnant: { question: m.private_safety_pregnant_question, hint: m.private_safety_pregnant_hint },
  "contrast-reaction": {
    question: m.private_safety_contrast_reaction_question,
    detail: m.private_safety_contrast_reaction_detail,
  },
  "kidney-disease": { question: m.private_safety_kidney_disease_question },
  "diabetes-medicine": {
    question: m.private_safety_diabetes_medicine_question,
    detail: m.private_safety_diabetes_medicine_detail,
  },
  "recent-contrast-or-nuclear": { question: m.private_safety_recent_contrast_or_nuclear_question },
  "calcium-supplements": { question: m.private_safety_calcium_supplements_question },
  "blood-thinners": {
    question: m.private_safety_blood_thinners_question,
    detail: m.private_safety_blood_thinners_detail,
  },
  "bleeding-disorder": { question: m.private_safety_bleeding_disorder_question },
  "local-anaesthetic-allergy": { question: m.private_safety_local_anaesthetic_allergy_question },
  "latex-allergy": { question: m.private_safety_latex_allergy_question },
  "mobility-help": { question: m.private_safety_mobility_help_question },
  interpreter: { question: m.private_safety_interpreter_question, detail: m.private_safety_interpreter_detail },
  "anything-else": { question: m.private_safety_anything_else_question },
};

/** The ids of the questions that have words here (a unit test holds them to every question asked). */
export const SAFETY_QUESTION_IDS = Object.keys(QUESTIONS);

/** The safety questions' words (domain/safety-questions.ts). */
export function safetyWords(locale: Locale) {
  const options = { locale };
  const messages: Record<keyof typeof SAFETY_MESSAGES, string> = {
    saved: m.private_safety_saved({}, options),
    badChoice: m.private_safety_bad_choice({}, options),
    tooLong: m.private_safety_too_long({ max: SAFETY_TEXT_MAX }, options),
    closed: m.private_safety_closed({}, options),
    invalid: m.private_safety_invalid({}, options),
  };
  const choices = {
    yes: m.private_safety_yes({}, options),
    no: m.private_safety_no({}, options),
    not_sure: m.private_safety_not_sure({}, options),
  };
  const notAnswered = m.private_safety_not_answered({}, options);
  /** A question's words in `locale`; a question without them keeps its own (English). */
  const question = (q: SafetyQuestion) => {
    const words = QUESTIONS[q.id];
    return {
      question: words ? words.question({}, options) : q.question,
      hint: q.hint && (words?.hint ? words.hint({}, options) : q.hint),
      detail: q.kind === "choice" && q.detail ? (words?.detail ? words.detail({}, options) : q.detail) : undefined,
    };
  };
  return {
    messages,
    /** SAFETY_MESSAGES' English `text` in `locale` (parseSafetyForm's errors are English). */
    message: (text: string) => {
      const key = (Object.keys(SAFETY_MESSAGES) as (keyof typeof SAFETY_MESSAGES)[]).find(
        (k) => SAFETY_MESSAGES[k] === text,
      );
      return key ? messages[key] : text;
    },
    /** CHOICE_WORDS, as the radio buttons' options. */
    choices: (Object.keys(choices) as (keyof typeof choices)[]).map((value) => ({ value, label: choices[value] })),
    question,
    /** answerWords: an answer in words, for the page once answers can no longer change. */
    answer(q: SafetyQuestion, answer: SafetyAnswer | undefined): string {
      if (!answer) return notAnswered;
      const choice = answer.choice ? choices[answer.choice] : "";
      if (q.kind === "text") return answer.text ?? notAnswered;
      if (choice && answer.text) return `${choice}: ${answer.text}`;
      if (choice) return choice;
      const detail = question(q).detail ?? m.private_safety_details({}, options);
      return answer.text ? m.private_safety_detail_only({ detail, text: answer.text }, options) : notAnswered;
    },
  };
}
