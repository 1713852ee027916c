import { BRING, PLEASE_ARRIVE_EARLY } from "./visit-words";

/**
 * The clinic's booking policy, the same on the booking page, its
 * confirmation, the terms page and the patient's e-mails. It is the clinic's
 * own rule, kept here rather than in the environment: pages are prerendered,
 * so a setting read at run time could not reach them.
 */
/** How many hours ahead a change must be asked for; within them a cancellation is late. */
export const NOTICE_HOURS = 24;

/** The policy's word on late cancellations, which a patient cancelling within NOTICE_HOURS also reads. */
export const LATE_CANCELLATION_FEE = "A late cancellation may incur a fee.";

export const BOOKING_POLICY = [
  PLEASE_ARRIVE_EARLY,
  `To change an appointment, let us know at least ${NOTICE_HOURS} hours ahead.`,
  LATE_CANCELLATION_FEE,
  BRING,
  "Payment is due at the time of service.",
  "We accept BPOMAS and PULA medical aid.",
];
