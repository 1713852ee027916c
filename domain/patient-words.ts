import {
  contactChoiceWords,
  contactPreferenceHint,
  contactPreferenceMessage,
  contactPreferenceOptions,
  type ContactChoice,
  type OfferedChannels,
} from "./contact-preference";
import type { Locale, Message } from "./locale";
import { m } from "./paraglide/messages.js";
import { requestNextStep, referralWords, requestReceived } from "./request-words";
import { SAFETY_MESSAGES, SAFETY_TEXT_MAX, type SafetyAnswer, type SafetyQuestion } from "./safety-questions";

/**
 * The words a patient's messages and private page need, in the patient's language (decision 037).
 * Most live in their own modules, which take a language (request-words, booking-policy,
 * contact-preference, validation/appointment-dates, clinic): the helpers below gather them as the
 * e-mails and the private page use them, so each fact keeps one home. Only the safety questions'
 * Setswana lives here (messages/<locale>/patient.json), beside domain/safety-questions.ts's English.
 */

/** What a patient is told of a stored request (domain/request-words.ts). */
export function requestWords(locale: Locale) {
  return {
    /** "We have received your appointment request". */
    received: requestReceived(locale),
    /** The same, at the clinic, as a sentence. */
    receivedAt: (clinicName: string) => m.mail_request_received_at({ clinicName }, { locale }),
    /** requestNextStep: contacted by the end of `answerBy`, else within one working day. */
    nextStep: (answerBy?: string) => requestNextStep(answerBy, locale),
    referral: (received: boolean) => referralWords(received, locale),
  };
}

/** The choice of channel besides e-mail (domain/contact-preference.ts), as the private page shows it. */
export function contactPreferenceWords(locale: Locale) {
  return {
    /** The choices the page offers: WhatsApp only while it is set up. */
    options: (offered: OfferedChannels) => contactPreferenceOptions(locale, offered),
    /** What a text holds; WhatsApp named only while it is set up. */
    hint: (offered: OfferedChannels) => contactPreferenceHint(locale, offered),
    /** CONTACT_PREFERENCE_MESSAGE: the choice posted is not one of them. */
    message: contactPreferenceMessage(locale),
    /** The channel that will be used, in words. */
    chosen: (contact: ContactChoice) => contactChoiceWords(contact, locale),
  };
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
