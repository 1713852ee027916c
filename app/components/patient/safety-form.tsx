import { clinicDate, clinicTime, formatLongDate } from "@domain/dates";
import { m } from "@domain/paraglide/messages.js";
import { safetyWords } from "@domain/patient-words";
import {
  answerField,
  CHOICE_WORDS,
  detailField,
  type SafetyAnswers,
  type SafetyQuestion,
} from "@domain/safety-questions";
import { RadioGroup, radioId, TextAreaField, TextField } from "~/components/forms/field";
import { useLocale } from "~/lib/locale";

/** The first choice's value: the radio the error summary links to. */
const FIRST_CHOICE = Object.keys(CHOICE_WORDS)[0]!;

interface SafetyFormProps {
  questions: readonly SafetyQuestion[];
  answers: SafetyAnswers;
  savedAt: string | null;
  canAnswer: boolean;
  /** Errors by field name, from a refused save. */
  errors: Record<string, string>;
  /** Where the form posts: the page's address, without a fragment, so the answer opens at its top. */
  action: string;
}

/**
 * Where the error summary's link for a safety field leads: a choice's first
 * radio, or the text field itself (undefined when `name` is not one of these
 * questions' fields).
 */
export function safetyErrorTarget(questions: readonly SafetyQuestion[], name: string): string | undefined {
  for (const q of questions) {
    if (q.kind === "choice" && answerField(q) === name) return radioId(name, FIRST_CHOICE);
    if (answerField(q) === name || (q.kind === "choice" && q.detail && detailField(q) === name)) return name;
  }
  return undefined;
}

/**
 * The pre-exam safety questions on a patient's private page: a plain form
 * (no script), every question optional, with when the answers were last
 * saved. Once the visit has begun, the answers are shown, not asked. A
 * save's outcome stands at the top of the page (PostOutcome), not here. In
 * the page's language.
 */
export function SafetyForm({ questions, answers, savedAt, canAnswer, errors, action }: SafetyFormProps) {
  const locale = useLocale();
  const options = { locale };
  const words = safetyWords(locale);
  const moment = (instant: string) => {
    const at = new Date(instant);
    return m.mail_when({ date: formatLongDate(clinicDate(at), locale), time: clinicTime(at) }, options);
  };
  const saved = savedAt ? (
    <p className="safety__saved">{m.private_safety_last_saved({ moment: moment(savedAt) }, options)}</p>
  ) : (
    <p className="safety__saved">{m.private_safety_not_answered_yet({}, options)}</p>
  );
  return (
    <section className="form__section safety" id="safety" aria-labelledby="safety-title">
      <h2 id="safety-title">{m.private_safety_title({}, options)}</h2>
      {canAnswer ? (
        <>
          <p>{m.private_safety_intro({}, options)}</p>
          {saved}
          <form method="post" action={action} className="form" noValidate>
            <input type="hidden" name="intent" value="safety" />
            {questions.map((q) => {
              const answer = answers[q.id];
              const asked = words.question(q);
              if (q.kind === "text") {
                return (
                  <TextAreaField
                    key={q.id}
                    id={answerField(q)}
                    label={asked.question}
                    hint={asked.hint}
                    optional
                    rows={3}
                    defaultValue={answer?.text}
                    error={errors[answerField(q)]}
                  />
                );
              }
              return (
                <RadioGroup
                  key={q.id}
                  name={answerField(q)}
                  legend={asked.question}
                  hint={asked.hint}
                  error={errors[answerField(q)]}
                  options={words.choices}
                  defaultValue={answer?.choice}
                  inline
                  conditional={
                    asked.detail
                      ? {
                          hiddenFor: "no",
                          content: (
                            <TextField
                              id={detailField(q)}
                              label={asked.detail}
                              optional
                              defaultValue={answer?.text}
                              error={errors[detailField(q)]}
                            />
                          ),
                        }
                      : undefined
                  }
                />
              );
            })}
            <button type="submit" className="button button--primary">
              {m.private_safety_submit({}, options)}
            </button>
          </form>
        </>
      ) : (
        <>
          {saved}
          {savedAt && (
            <dl className="confirmation__summary">
              {questions.map((q) => (
                <div key={q.id}>
                  <dt>{words.question(q).question}</dt>
                  <dd>{words.answer(q, answers[q.id])}</dd>
                </div>
              ))}
            </dl>
          )}
        </>
      )}
    </section>
  );
}
