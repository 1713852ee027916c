import { BASE_LOCALE, type Locale } from "./locale";
import { m } from "./paraglide/messages.js";
import { visitWords } from "./visit-words";

/**
 * The clinic's booking policy, the same on the booking page, its
 * confirmation, the terms page and the patient's e-mails. It is the clinic's
 * own rule, kept here rather than in the environment: pages are prerendered,
 * so a setting read at run time could not reach them.
 */
/** How many hours ahead a change must be asked for; within them a cancellation is late. */
export const NOTICE_HOURS = 24;

/** The policy's word on late cancellations, which a patient cancelling within NOTICE_HOURS also reads. */
export const lateCancellationFee = (locale: Locale = BASE_LOCALE) => m.booking_policy_late_fee({}, { locale });
export const LATE_CANCELLATION_FEE = lateCancellationFee();

/** The policy in `locale`, rule by rule; when to arrive and what to bring are the visit's words (domain/visit-words.ts). */
export function bookingPolicy(locale: Locale = BASE_LOCALE): readonly string[] {
  const options = { locale };
  const visit = visitWords(locale);
  return [
    visit.pleaseArriveEarly,
    m.booking_policy_notice({ hours: NOTICE_HOURS }, options),
    lateCancellationFee(locale),
    visit.bring,
    m.booking_policy_payment({}, options),
    m.booking_policy_medical_aid({}, options),
  ];
}

/** The policy in English (bookingPolicy for another language). */
export const BOOKING_POLICY = bookingPolicy();
