import { formatLongDate } from "./dates";

/**
 * What a patient is told once their appointment request or enquiry is stored
 * (decision 025): the same words on the booking page's
 * confirmation, in the e-mail, on the private page and in the JSON API's
 * `message`. A request is not a booked time: staff confirm it later, so
 * nothing here may read as if it were.
 */

/** The headline: what happened. */
export const REQUEST_RECEIVED = "We have received your appointment request";

/**
 * What happens next, and by when: the end of the first open day after the
 * request was made (`answerBy`, from nextOpenDay in opening-days.ts, the same
 * rule the console's overdue list uses); without it, "within one working day".
 */
export function requestNextStep(answerBy?: string): string {
  const when = answerBy ? `by the end of ${formatLongDate(answerBy)}` : "within one working day";
  return (
    `This is a request, not yet a booked time. The clinic will contact you ${when} to confirm the time ` +
    `of your appointment. Please do not come to the clinic until it has confirmed a time with you.`
  );
}

/**
 * What the confirmation shows of a stored request: the booking page's answer
 * to a plain post (server/appointments/page-form.ts) and the island's, made
 * from the JSON API's answer (app/components/forms/booking/submission.ts).
 */
export interface BookingConfirmation {
  reference: string;
  /** The requested date, YYYY-MM-DD. */
  date: string;
  service: string;
  /** The patient's private link to the appointment; none when the answer was a replay of a request already sent. */
  manageUrl?: string;
  /** The day by whose end the clinic contacts the patient (requestAnswerBy), YYYY-MM-DD; without it, "within one working day". */
  answerBy?: string;
  /** Whether a referral form came with the request. */
  referral: boolean;
}

/** The JSON API's `message` for a stored request: the headline and the next step, in sentences. */
export function requestReceivedMessage(answerBy?: string): string {
  return `${REQUEST_RECEIVED}. ${requestNextStep(answerBy)}`;
}

/** Whether a referral form came with the request (decision 025): the confirmation and the e-mail. */
export const REFERRAL_WORDS = {
  received: "We have received your referral form.",
  none: "You did not attach a referral form. If your doctor gave you one, bring it to your appointment.",
} as const;

export function referralWords(received: boolean): string {
  return received ? REFERRAL_WORDS.received : REFERRAL_WORDS.none;
}

/** An enquiry from the contact form: the headline, and what happens next. "Enquiry", never "inquiry". */
export const ENQUIRY_RECEIVED = "We have received your enquiry";
export const ENQUIRY_NEXT_STEP = "The clinic will reply using the phone number or e-mail address you gave.";

/** The contact API's `message` for a stored enquiry. */
export const ENQUIRY_RECEIVED_MESSAGE = `${ENQUIRY_RECEIVED}. ${ENQUIRY_NEXT_STEP}`;
