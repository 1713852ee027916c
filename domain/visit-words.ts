import type { ClinicIdentity } from "./clinic";

/**
 * What a patient is told about coming to the clinic, wherever it is said:
 * when to arrive, what to bring, and how to reach the clinic. The booking
 * policy, the preparation notes, the pages and the e-mails build their
 * sentences from these, so a change here reaches them all.
 */

/** How many minutes before the appointment a patient should arrive. */
export const ARRIVE_EARLY_MINUTES = 15;

const arrive = (verb: string) => `${verb} ${ARRIVE_EARLY_MINUTES} minutes before your appointment`;

/** "arrive 15 minutes before your appointment", inside a sentence. */
export const ARRIVE_EARLY = arrive("arrive");

/** The sentence on its own: "Arrive 15 minutes before your appointment." (the service details page). */
export const ARRIVE_EARLY_SENTENCE = `${arrive("Arrive")}.`;

/** The booking policy's and the e-mails' sentence: "Please arrive 15 minutes before your appointment." */
export const PLEASE_ARRIVE_EARLY = `Please ${ARRIVE_EARLY}.`;

/** What every patient brings: "a valid ID and your medical aid card". */
export const WHAT_TO_BRING = "a valid ID and your medical aid card";

/** The same, where a sentence is short (the home page's steps): "your ID and medical aid card". */
export const WHAT_TO_BRING_SHORT = "your ID and medical aid card";

/** The booking policy's and the X-ray page's sentence: "Bring a valid ID and your medical aid card." */
export const BRING = `Bring ${WHAT_TO_BRING}.`;

/** The confirmation e-mail's note for every visit, with the passport and the referral form. */
export const BRING_TO_EVERY_VISIT =
  "Bring a valid ID or passport, your medical aid card and your referral form if you have one.";

/**
 * How the e-mails tell a patient to reach the clinic, after "call":
 * "3163012, WhatsApp 71234567 or write to info@…". `phone` shows each number
 * (as configured, or formatPhone's "(+267) 316 3012").
 */
export function contactWays(
  clinic: Pick<ClinicIdentity, "landline" | "whatsapp" | "email">,
  phone: (number: string) => string = (number) => number,
): string {
  return `${phone(clinic.landline)}, WhatsApp ${phone(clinic.whatsapp)} or write to ${clinic.email}`;
}
