import { formatClinicDateTime } from "@domain/dates";
import { answerWords, needsAttention, readSafetyAnswers, safetyQuestionsFor } from "@domain/safety-questions";

/** The flag beside an appointment whose safety answers need a look before the visit. */
export function SafetyFlag({ count }: { count: number }) {
  if (count === 0) return null;
  return <span className="staff-badge staff-badge--attention">{`Safety: ${count} to check`}</span>;
}

/**
 * The patient's pre-exam safety answers on the appointment's page: every
 * question of the service with its answer, the ones that need attention
 * marked in words as well as colour.
 */
export function SafetyAnswers({
  service,
  stored,
  savedAt,
}: {
  service: string;
  stored: string | null;
  savedAt: string | null;
}) {
  const answers = readSafetyAnswers(stored);
  const questions = safetyQuestionsFor(service);
  return (
    <section className="card staff-card" aria-labelledby="safety-heading">
      <h2 id="safety-heading">Safety answers</h2>
      {!answers || !savedAt ? (
        <p className="staff-muted">The patient has not answered the safety questions. Ask them at reception.</p>
      ) : (
        <>
          <p className="staff-muted">
            Given by the patient through their link; last saved {formatClinicDateTime(savedAt)}.
          </p>
          <dl className="staff-dl">
            {questions.map((q) => {
              const attention = needsAttention(q, answers[q.id]);
              return (
                <div key={q.id} className={attention ? "staff-dl__row staff-dl__row--attention" : "staff-dl__row"}>
                  <dt>{q.question}</dt>
                  <dd>
                    {attention && <strong>Check: </strong>}
                    <span className="staff-pre">{answerWords(q, answers[q.id])}</span>
                  </dd>
                </div>
              );
            })}
          </dl>
        </>
      )}
    </section>
  );
}
