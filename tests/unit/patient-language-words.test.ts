import { describe, expect, it } from "vitest";
import { BOOKABLE_SERVICES } from "../../domain/catalogue";
import {
  CONTACT_PREFERENCE_HINT,
  CONTACT_PREFERENCE_MESSAGE,
  CONTACT_PREFERENCE_OPTIONS,
  CONTACT_PREFERENCES,
  contactChoiceWords,
} from "../../domain/contact-preference";
import { PATIENT_MESSAGES } from "../../domain/patient-link";
import { contactPreferenceWords, requestWords, safetyWords, SAFETY_QUESTION_IDS } from "../../domain/patient-words";
import { REFERRAL_WORDS, REQUEST_RECEIVED, requestNextStep } from "../../domain/request-words";
import {
  answerWords,
  CHOICE_WORDS,
  SAFETY_MESSAGES,
  safetyQuestionsFor,
  type SafetyQuestion,
} from "../../domain/safety-questions";
import { CANCEL_REASON_TOO_LONG } from "../../domain/statuses";
import { RATE_LIMIT_MESSAGE } from "../../server/requests/http";
import { CROSS_SITE_MESSAGE } from "../../server/requests/same-origin";
import { m } from "../../domain/paraglide/messages.js";

/*
 * The patient's messages and private page gather their words in domain/patient-words.ts
 * (decision 037): in English they read exactly as the modules they come from, so English patients
 * see no change; and every safety question has its words in every language.
 */

const en = { locale: "en" } as const;

describe("the English twins of other modules' words", () => {
  it("the request's headline, next step and referral words", () => {
    const words = requestWords("en");
    expect(words.received).toBe(REQUEST_RECEIVED);
    expect(words.receivedAt("Example Imaging")).toBe(`${REQUEST_RECEIVED} at Example Imaging.`);
    expect(words.nextStep("2026-11-30")).toBe(requestNextStep("2026-11-30"));
    expect(words.nextStep()).toBe(requestNextStep());
    expect(words.referral(true)).toBe(REFERRAL_WORDS.received);
    expect(words.referral(false)).toBe(REFERRAL_WORDS.none);
  });

  it("the choice of channel", () => {
    const words = contactPreferenceWords("en");
    expect(words.options({ whatsapp: true })).toEqual(CONTACT_PREFERENCE_OPTIONS);
    expect(words.options({ whatsapp: false }).map((o) => o.value)).toEqual(["sms", "email"]);
    expect(words.hint({ whatsapp: true })).toBe(CONTACT_PREFERENCE_HINT);
    expect(words.hint({ whatsapp: false })).not.toContain("WhatsApp");
    expect(words.message).toBe(CONTACT_PREFERENCE_MESSAGE);
    for (const choice of [...CONTACT_PREFERENCES, null])
      for (const mobile of [true, false]) {
        for (const whatsapp of [true, false]) {
          const contact = { choice, mobile, whatsapp };
          expect(words.chosen(contact)).toBe(contactChoiceWords(contact));
        }
      }
  });

  it("the private page's messages from elsewhere", () => {
    expect(PATIENT_MESSAGES.reasonTooLong).toBe(CANCEL_REASON_TOO_LONG);
    expect(PATIENT_MESSAGES.saved).toBe(SAFETY_MESSAGES.saved);
    expect(m.private_rate_limited({}, en)).toBe(RATE_LIMIT_MESSAGE);
    expect(m.private_cross_site({}, en)).toBe(CROSS_SITE_MESSAGE);
  });

  const questions = new Map<string, SafetyQuestion>();
  for (const service of BOOKABLE_SERVICES) for (const q of safetyQuestionsFor(service.slug)) questions.set(q.id, q);

  it("the safety questions, their choices and messages, and an answer in words", () => {
    const words = safetyWords("en");
    expect(words.messages).toEqual(SAFETY_MESSAGES);
    expect(words.choices).toEqual(Object.entries(CHOICE_WORDS).map(([value, label]) => ({ value, label })));
    for (const text of Object.values(SAFETY_MESSAGES)) expect(words.message(text)).toBe(text);
    for (const q of questions.values()) {
      expect(words.question(q)).toEqual({
        question: q.question,
        hint: q.hint,
        detail: q.kind === "choice" ? q.detail : undefined,
      });
      for (const answer of [undefined, { choice: "yes" as const }, { choice: "no" as const, text: "x" }, { text: "y" }])
        expect(words.answer(q, answer), q.id).toBe(answerWords(q, answer));
    }
  });

  it("every safety question asked has its words, and no words are left without a question", () => {
    expect([...questions.keys()].sort()).toEqual([...SAFETY_QUESTION_IDS].sort());
    const tn = safetyWords("tn");
    for (const q of questions.values()) {
      const asked = tn.question(q);
      expect(asked.question, q.id).not.toBe(q.question);
      expect(Boolean(asked.hint), q.id).toBe(Boolean(q.hint));
      expect(Boolean(asked.detail), q.id).toBe(q.kind === "choice" && Boolean(q.detail));
    }
    expect(tn.message(SAFETY_MESSAGES.badChoice)).toBe("Tlhopha Ee, Nnyaa kgotsa Ga ke na bonnete.");
  });
});
