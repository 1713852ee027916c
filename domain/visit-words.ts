import type { ClinicIdentity } from "./clinic";
import { BASE_LOCALE, type Locale } from "./locale";
import { m } from "./paraglide/messages.js";

/**
 * What a patient is told about coming to the clinic, wherever it is said:
 * when to arrive, what to bring, and how to reach the clinic. The booking
 * policy, the preparation notes, the pages and the e-mails build their
 * sentences from these, so a change here reaches them all. The words are
 * messages (messages/<locale>/services.json, `services_visit_*`): visitWords
 * gives them in a language, and the constants below are the English ones.
 */

/** How many minutes before the appointment a patient should arrive. */
export const ARRIVE_EARLY_MINUTES = 15;

export interface VisitWords {
  /** "arrive 15 minutes before your appointment", inside a sentence. */
  arriveEarly: string;
  /** The sentence on its own: "Arrive 15 minutes before your appointment." (the service details page). */
  arriveEarlySentence: string;
  /** The booking policy's and the e-mails' sentence: "Please arrive 15 minutes before your appointment." */
  pleaseArriveEarly: string;
  /** What every patient brings: "a valid ID and your medical aid card". */
  whatToBring: string;
  /** The same, where a sentence is short (the home page's steps): "your ID and medical aid card". */
  whatToBringShort: string;
  /** The booking policy's and the X-ray page's sentence: "Bring a valid ID and your medical aid card." */
  bring: string;
  /** The confirmation e-mail's note for every visit, with the passport and the referral form. */
  bringToEveryVisit: string;
}

/** The visit's words in a language. */
export function visitWords(locale: Locale): VisitWords {
  const options = { locale };
  const minutes = { minutes: String(ARRIVE_EARLY_MINUTES) };
  const whatToBring = m.services_visit_what_to_bring({}, options);
  return {
    arriveEarly: m.services_visit_arrive_early(minutes, options),
    arriveEarlySentence: m.services_visit_arrive_early_sentence(minutes, options),
    pleaseArriveEarly: m.services_visit_please_arrive_early(minutes, options),
    whatToBring,
    whatToBringShort: m.services_visit_what_to_bring_short({}, options),
    bring: m.services_visit_bring({ what: whatToBring }, options),
    bringToEveryVisit: m.services_visit_bring_to_every_visit({}, options),
  };
}

const ENGLISH = visitWords(BASE_LOCALE);

/** "arrive 15 minutes before your appointment", inside a sentence. */
export const ARRIVE_EARLY = ENGLISH.arriveEarly;

/** The sentence on its own: "Arrive 15 minutes before your appointment." (the service details page). */
export const ARRIVE_EARLY_SENTENCE = ENGLISH.arriveEarlySentence;

/** The booking policy's and the e-mails' sentence: "Please arrive 15 minutes before your appointment." */
export const PLEASE_ARRIVE_EARLY = ENGLISH.pleaseArriveEarly;

/** What every patient brings: "a valid ID and your medical aid card". */
export const WHAT_TO_BRING = ENGLISH.whatToBring;

/** The same, where a sentence is short (the home page's steps): "your ID and medical aid card". */
export const WHAT_TO_BRING_SHORT = ENGLISH.whatToBringShort;

/** The booking policy's and the X-ray page's sentence: "Bring a valid ID and your medical aid card." */
export const BRING = ENGLISH.bring;

/** The confirmation e-mail's note for every visit, with the passport and the referral form. */
export const BRING_TO_EVERY_VISIT = ENGLISH.bringToEveryVisit;

/**
 * How the e-mails tell a patient to reach the clinic, after "call":
 * "3163012, WhatsApp 71234567 or write to info@…". `phone` shows each number
 * (as configured, or formatPhone's "(+267) 316 3012"); `locale` is the patient's language.
 */
export function contactWays(
  clinic: Pick<ClinicIdentity, "landline" | "whatsapp" | "email">,
  phone: (number: string) => string = (number) => number,
  locale: Locale = BASE_LOCALE,
): string {
  return m.services_visit_contact_ways(
    { landline: phone(clinic.landline), whatsapp: phone(clinic.whatsapp), email: clinic.email },
    { locale },
  );
}
