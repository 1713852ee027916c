import { formatClinicMoment } from "@domain/dates";
import {
  answerField,
  answerWords,
  CHOICE_WORDS,
  detailField,
  type SafetyAnswers,
  type SafetyQuestion,
} from "@domain/safety-questions";
import type { ReactNode } from "react";
import { RadioGroup, TextAreaField, TextField } from "~/components/forms/field";

const CHOICE_OPTIONS = Object.entries(CHOICE_WORDS).map(([value, label]) => ({ value, label }));

interface SafetyFormProps {
  questions: readonly SafetyQuestion[];
  answers: SafetyAnswers;
  savedAt: string | null;
  canAnswer: boolean;
  /** Errors by field name, from a refused save. */
  errors: Record<string, string>;
  /** The outcome of a save, shown above the questions. */
  children?: ReactNode;
}

/**
 * The pre-exam safety questions on a patient's private page: a plain form
 * (no script), every question optional, with when the answers were last
 * saved. Once the visit has begun, the answers are shown, not asked.
 */
export function SafetyForm({ questions, answers, savedAt, canAnswer, errors, children }: SafetyFormProps) {
  const saved = savedAt ? (
    <p className="safety__saved">{`Last saved ${formatClinicMoment(savedAt)}.`}</p>
  ) : (
    <p className="safety__saved">Not answered yet.</p>
  );
  return (
    <section className="form__section safety" id="safety" aria-labelledby="safety-title">
      <h2 id="safety-title">Safety questions</h2>
      {children}
      {canAnswer ? (
        <>
          <p>
            These are the questions the clinic would ask at reception. Answering them now saves time on the day. Every
            question is optional, and you can change your answers until your appointment.
          </p>
          {saved}
          <form method="post" action="#safety" className="form" noValidate>
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
