import { formatLongDate } from "./dates";
import { BASE_LOCALE, type Locale } from "./locale";
import { m } from "./paraglide/messages.js";

/**
 * What a patient is told once their appointment request or enquiry is stored
 * (decision 025): the same words on the booking page's
 * confirmation, in the e-mail, on the private page and in the JSON API's
 * `message`. A request is not a booked time: staff confirm it later, so
 * nothing here may read as if it were. Each takes the patient's language
 * (English unless told; the API's `message` stays English).
 */

/** The headline: what happened. */
export const requestReceived = (locale: Locale = BASE_LOCALE) => m.booking_received({}, { locale });
export const REQUEST_RECEIVED = requestReceived();

/**
 * What happens next, and by when: the end of the first open day after the
 * request was made (`answerBy`, from nextOpenDay in opening-days.ts, the same
 * rule the console's overdue list uses); without it, "within one working day".
 */
export function requestNextStep(answerBy?: string, locale: Locale = BASE_LOCALE): string {
  return answerBy
    ? m.booking_next_step_by({ date: formatLongDate(answerBy, locale) }, { locale })
    : m.booking_next_step_within({}, { locale });
}

/**
 * What the confirmation shows of a stored request: the booking page's answer
 * to a plain post (server/appointments/booking/page-form.ts) and the island's, made
 * from the JSON API's answer (app/components/forms/booking/submission.ts).
 */
export interface BookingConfirmation {
  reference: string;
  /** The requested date, YYYY-MM-DD (a booked time's date, with `time`). */
  date: string;
  /** The time the patient booked (decision 063), HH:MM in Gaborone; absent for a request. */
  time?: string;
  service: string;
  /** The patient's private link to the appointment; none when the answer was a replay of a request already sent. */
  manageUrl?: string;
  /** The day by whose end the clinic contacts the patient (requestAnswerBy), YYYY-MM-DD; without it, "within one working day". */
  answerBy?: string;
  /** Whether a referral form came with the request. */
  referral: boolean;
  /**
   * The countries texts go to (SMS_COUNTRIES), when the patient's number is
   * in none of them: they hear by e-mail only, and the confirmation says why
   * (textsAbroadWords, decision 042).
   */
  textCountries?: readonly string[];
}

/** The JSON API's `message` for a stored request: the headline and the next step, in sentences. */
export function requestReceivedMessage(answerBy?: string): string {
  return `${REQUEST_RECEIVED}. ${requestNextStep(answerBy)}`;
}

/** Whether a referral form came with the request (decision 025): the confirmation and the e-mail. */
export function referralWords(received: boolean, locale: Locale = BASE_LOCALE): string {
  return received ? m.booking_referral_received({}, { locale }) : m.booking_referral_none({}, { locale });
}

export const REFERRAL_WORDS = { received: referralWords(true), none: referralWords(false) } as const;

/** An enquiry from the contact form: the headline, and what happens next. "Enquiry", never "inquiry". */
export const enquiryReceived = (locale: Locale = BASE_LOCALE) => m.contact_received({}, { locale });
export const enquiryNextStep = (locale: Locale = BASE_LOCALE) => m.contact_next_step({}, { locale });
export const ENQUIRY_RECEIVED = enquiryReceived();
export const ENQUIRY_NEXT_STEP = enquiryNextStep();

/** The contact API's `message` for a stored enquiry. */
export const ENQUIRY_RECEIVED_MESSAGE = `${ENQUIRY_RECEIVED}. ${ENQUIRY_NEXT_STEP}`;
