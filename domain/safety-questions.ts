import { findStoredService, isBookableSlug, type BookableSlug } from "./catalogue";
import { needsNoRoom } from "./rooms";

/**
 * The pre-exam safety questions (decision 020): what reception
 * would otherwise ask on paper. Patients answer them on their private page
 * (app/routes/appointment.tsx) before the visit; staff read them on the
 * appointment's page, and the list flags an answer that needs attention.
 * Every question is optional. Adding a question is adding one entry to a
 * list below; never reuse an id for another question (answers are stored
 * by id).
 *
 * The answers are health data: they are kept with the appointment, exported
 * and erased with it, and never put in an e-mail.
 */

export type SafetyChoice = "yes" | "no" | "not_sure";

export const CHOICE_WORDS: Record<SafetyChoice, string> = { yes: "Yes", no: "No", not_sure: "Not sure" };
const CHOICES = Object.keys(CHOICE_WORDS) as SafetyChoice[];

export interface ChoiceQuestion {
  kind: "choice";
  /** Stored with the answer: never rename one that has shipped. */
  id: string;
  question: string;
  hint?: string;
  /** The label of an optional free-text field under the question (e.g. "Which medicine?"). */
  detail?: string;
  /** The answers staff should look at before the visit. */
  attention: readonly SafetyChoice[];
}

export interface TextQuestion {
  kind: "text";
  id: string;
  question: string;
  hint?: string;
}

export type SafetyQuestion = ChoiceQuestion | TextQuestion;

/** The longest free-text answer. */
export const SAFETY_TEXT_MAX = 500;

const YES_OR_UNSURE: readonly SafetyChoice[] = ["yes", "not_sure"];

/** Examinations that use X-rays (ionising radiation). */
const IONISING: readonly SafetyQuestion[] = [
  {
    kind: "choice",
    id: "pregnant",
    question: "Could you be pregnant?",
    hint: "Answer “Not sure” if there is any chance. Leave it blank if it does not apply to you.",
    attention: YES_OR_UNSURE,
  },
];

/** Fluoroscopy examinations usually use a contrast medium (barium or an iodine-based dye). */
const CONTRAST: readonly SafetyQuestion[] = [
  {
    kind: "choice",
    id: "contrast-reaction",
    question: "Have you ever had an allergic reaction to a contrast medium (the dye used in some X-ray examinations)?",
    detail: "What happened?",
    attention: YES_OR_UNSURE,
  },
  {
    kind: "choice",
    id: "kidney-disease",
    question: "Do you have kidney disease, or have you been told your kidneys do not work well?",
    attention: YES_OR_UNSURE,
  },
  {
    kind: "choice",
    id: "diabetes-medicine",
    question: "Do you take medicine for diabetes?",
    detail: "Which medicine?",
    attention: YES_OR_UNSURE,
  },
];

const BONE_DENSITY: readonly SafetyQuestion[] = [
  {
    kind: "choice",
    id: "recent-contrast-or-nuclear",
    question:
      "In the last 2 weeks, have you had a barium examination, a scan with a contrast dye, or a nuclear medicine scan?",
    attention: YES_OR_UNSURE,
  },
  {
    kind: "choice",
    id: "calcium-supplements",
    question: "Do you take calcium supplements?",
    attention: ["yes"],
  },
];

const GUIDED_PROCEDURE: readonly SafetyQuestion[] = [
  {
    kind: "choice",
    id: "blood-thinners",
    question: "Do you take medicine that thins the blood, such as warfarin, aspirin or clopidogrel?",
    detail: "Which medicine?",
    attention: YES_OR_UNSURE,
  },
  {
    kind: "choice",
    id: "bleeding-disorder",
    question: "Do you have a bleeding disorder, or do you bleed or bruise easily?",
    attention: YES_OR_UNSURE,
  },
  {
    kind: "choice",
    id: "local-anaesthetic-allergy",
    question: "Are you allergic to local anaesthetic (the injection that numbs the skin)?",
    attention: YES_OR_UNSURE,
  },
  {
    kind: "choice",
    id: "latex-allergy",
    question: "Are you allergic to latex (rubber gloves)?",
    attention: YES_OR_UNSURE,
  },
];

/** For every visit to the clinic. */
const VISIT: readonly SafetyQuestion[] = [
  {
    kind: "choice",
    id: "mobility-help",
    question: "Will you need help moving about, for example a wheelchair or help onto the examination couch?",
    attention: ["yes"],
  },
  {
    kind: "choice",
    id: "interpreter",
    question: "Would you like an interpreter?",
    detail: "Which language?",
    attention: ["yes"],
  },
];

/** For every service, asked last. */
const ANYTHING_ELSE: readonly SafetyQuestion[] = [
  {
    kind: "text",
    id: "anything-else",
    question: "Is there anything else the clinic should know before your appointment?",
  },
];

/**
 * The questions particular to each bookable service, by catalogue slug
 * (domain/catalogue.ts). Every bookable service has an entry, empty when it
 * has no questions of its own, so making a service bookable does not compile
 * until its questions are decided; a misspelt slug does not compile either.
 */
export type ServiceSafetyQuestions = Readonly<Record<BookableSlug, readonly SafetyQuestion[]>>;
export const SAFETY_QUESTIONS_BY_SERVICE: ServiceSafetyQuestions = {
  ultrasound: [],
  "x-ray": IONISING,
  fluoroscopy: [...IONISING, ...CONTRAST],
  "bone-densitometry-dexa-scan": [...IONISING, ...BONE_DENSITY],
  "breast-ultrasound": [],
  "3d-pregnancy-scan": [],
  "minimally-invasive-procedure": GUIDED_PROCEDURE,
  "pain-management": GUIDED_PROCEDURE,
  "remote-reporting": [],
  mammography: IONISING,
};

/**
 * The questions for an appointment's stored service, in the order the page
 * asks them. A room-free service (remote reporting: no visit; the one rule
 * the schedule uses too, domain/rooms.ts) gets only the last.
 */
export function safetyQuestionsFor(storedService: string): readonly SafetyQuestion[] {
  const service = findStoredService(storedService);
  const own = service && isBookableSlug(service.slug) ? SAFETY_QUESTIONS_BY_SERVICE[service.slug] : [];
  const visit = needsNoRoom(storedService) ? [] : VISIT;
  return [...own, ...visit, ...ANYTHING_ELSE];
}

/** One answer: a choice and its optional detail, or a text. */
export interface SafetyAnswer {
  choice?: SafetyChoice;
  text?: string;
}

export type SafetyAnswers = Record<string, SafetyAnswer>;

/** The form field names of a question's answer. */
export const answerField = (q: SafetyQuestion) => `safety-${q.id}`;
export const detailField = (q: SafetyQuestion) => `safety-${q.id}-detail`;

export const SAFETY_MESSAGES = {
  saved: "Your answers are saved. You can change them until your appointment.",
  badChoice: "Choose Yes, No or Not sure.",
  tooLong: `Keep this under ${SAFETY_TEXT_MAX} characters.`,
  closed: "These answers can no longer be changed here. Please tell the clinic on the day.",
  invalid: "Some answers need correcting. Nothing was saved.",
} as const;

/**
 * Reads the posted answers for these questions. Unanswered questions are
 * left out. Any bad value refuses the whole form (errors by field name).
 */
export function parseSafetyForm(
  questions: readonly SafetyQuestion[],
  field: (name: string) => string,
): { answers: SafetyAnswers; errors: Record<string, string> } {
  const answers: SafetyAnswers = {};
  const errors: Record<string, string> = {};
  const text = (name: string) => {
    const value = field(name).trim();
    if (value.length > SAFETY_TEXT_MAX) errors[name] = SAFETY_MESSAGES.tooLong;
    return value;
  };
  for (const q of questions) {
    const answer: SafetyAnswer = {};
    if (q.kind === "choice") {
      const choice = field(answerField(q));
      if (choice && !CHOICES.includes(choice as SafetyChoice)) errors[answerField(q)] = SAFETY_MESSAGES.badChoice;
      else if (choice) answer.choice = choice as SafetyChoice;
      const detail = q.detail ? text(detailField(q)) : "";
      if (detail) answer.text = detail;
    } else {
      const value = text(answerField(q));
      if (value) answer.text = value;
    }
    if (answer.choice || answer.text) answers[q.id] = answer;
  }
  return { answers, errors };
}

/** Whether an answer is one staff should look at before the visit: a flagged choice, or anything written in free text. */
export function needsAttention(q: SafetyQuestion, answer: SafetyAnswer | undefined): boolean {
  if (!answer) return false;
  if (q.kind === "text") return Boolean(answer.text);
  return answer.choice !== undefined && q.attention.includes(answer.choice);
}

/** The questions of a stored service whose stored answers need attention. */
export function attentionQuestions(storedService: string, answers: SafetyAnswers | null): SafetyQuestion[] {
  if (!answers) return [];
  return safetyQuestionsFor(storedService).filter((q) => needsAttention(q, answers[q.id]));
}

/** The answers in a few words, for lists: how many to check, or whether they were given at all. */
export function safetySummary(storedService: string, stored: string | null): string {
  const answers = readSafetyAnswers(stored);
  if (!answers) return "Not answered";
  const checks = attentionQuestions(storedService, answers).length;
  return checks ? `${checks} to check` : "Answered";
}

/** Stored answers from the appointments.safety_answers column (null: none, or unreadable). */
export function readSafetyAnswers(stored: string | null | undefined): SafetyAnswers | null {
  if (!stored) return null;
  try {
    const value: unknown = JSON.parse(stored);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as SafetyAnswers) : null;
  } catch {
    return null;
  }
}

/** An answer in words, for staff and the patient's export. */
export function answerWords(q: SafetyQuestion, answer: SafetyAnswer | undefined): string {
  if (!answer) return "Not answered";
  const choice = answer.choice ? CHOICE_WORDS[answer.choice] : "";
  if (q.kind === "text") return answer.text ?? "Not answered";
  if (choice && answer.text) return `${choice}: ${answer.text}`;
  return choice || (answer.text ? `Not answered (${q.detail ?? "details"}: ${answer.text})` : "Not answered");
}
