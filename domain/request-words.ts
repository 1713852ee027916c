import { formatLongDate } from "./dates";

/**
 * What a patient is told once their appointment request is stored (issue 21,
 * decision 025): the same words on the booking page's confirmation, in the
 * e-mail and on the private page. A request is not a booked time: staff
 * confirm it later, so nothing here may read as if it were.
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
