import { formatClinicMoment } from "@domain/dates";
import {
  answerField,
  answerWords,
  CHOICE_WORDS,
  detailField,
  type SafetyAnswers,
  type SafetyQuestion,
} from "@domain/safety-questions";
import { RadioGroup, radioId, TextAreaField, TextField } from "~/components/forms/field";

const CHOICE_OPTIONS = Object.entries(CHOICE_WORDS).map(([value, label]) => ({ value, label }));

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
    if (q.kind === "choice" && answerField(q) === name) return radioId(name, CHOICE_OPTIONS[0]!.value);
    if (answerField(q) === name || (q.kind === "choice" && q.detail && detailField(q) === name)) return name;
  }
  return undefined;
}

/**
 * The pre-exam safety questions on a patient's private page: a plain form
 * (no script), every question optional, with when the answers were last
 * saved. Once the visit has begun, the answers are shown, not asked. A
 * save's outcome stands at the top of the page (PostOutcome), not here.
 */
export function SafetyForm({ questions, answers, savedAt, canAnswer, errors, action }: SafetyFormProps) {
  const saved = savedAt ? (
    <p className="safety__saved">{`Last saved ${formatClinicMoment(savedAt)}.`}</p>
  ) : (
    <p className="safety__saved">Not answered yet.</p>
  );
  return (
    <section className="form__section safety" id="safety" aria-labelledby="safety-title">
      <h2 id="safety-title">Safety questions</h2>
      {canAnswer ? (
        <>
          <p>
            These are the questions the clinic would ask at reception. Answering them now saves time on the day. Every
            question is optional, and you can change your answers until your appointment.
          </p>
          {saved}
          <form method="post" action={action} className="form" noValidate>
            <input type="hidden" name="intent" value="safety" />
            {questions.map((q) => {
              const answer = answers[q.id];
              if (q.kind === "text") {
                return (
                  <TextAreaField
                    key={q.id}
                    id={answerField(q)}
                    label={q.question}
                    hint={q.hint}
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
                  legend={q.question}
                  hint={q.hint}
                  error={errors[answerField(q)]}
                  options={CHOICE_OPTIONS}
                  defaultValue={answer?.choice}
                  inline
                  conditional={
                    q.detail
                      ? {
                          hiddenFor: "no",
                          content: (
                            <TextField
                              id={detailField(q)}
                              label={q.detail}
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
              Save my answers
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
                  <dt>{q.question}</dt>
                  <dd>{answerWords(q, answers[q.id])}</dd>
                </div>
              ))}
            </dl>
          )}
        </>
      )}
    </section>
  );
}
