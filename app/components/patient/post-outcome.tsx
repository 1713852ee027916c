import { m } from "@domain/paraglide/messages.js";
import type { SummaryItem } from "~/components/forms/error-summary";
import { useMessageOptions } from "~/lib/locale";

/**
 * What a post on the patient's private page did, at the top of <main>
 * (decision 026): a success notice, or "There is a problem" with the reason and
 * a link to each field to fix (the GOV.UK error summary). The page has no
 * script, so focus comes from the `autofocus` attribute: the browser moves
 * it here when the answer loads, and a screen reader reads it first. (The
 * forms' ErrorSummary moves focus with an effect instead: it lives in an
 * island.)
 */
export function PostOutcome({
  success,
  detail,
  failure,
  problems,
}: {
  success?: string;
  detail?: string;
  failure?: string;
  problems: SummaryItem[];
}) {
  const options = useMessageOptions();
  if (success) {
    return (
      <div className="notice notice--success post-outcome" role="status" tabIndex={-1} autoFocus>
        <p className="notice__title">{success}</p>
        {detail && <p>{detail}</p>}
      </div>
    );
  }
  if (!failure && problems.length === 0) return null;
  // The reason is said once: as a link when it is one field's message, as text otherwise.
  const said = problems.some((p) => p.message === failure);
  return (
    <div className="error-summary post-outcome" tabIndex={-1} autoFocus>
      <div role="alert">
        <h2 className="error-summary__title">{m.private_problem_title({}, options)}</h2>
        {failure && !said && <p className="error-summary__body">{failure}</p>}
        {problems.length > 0 && (
          <ul className="error-summary__list">
            {problems.map((p) => (
              <li key={p.target + p.message}>
                <a href={`#${p.target}`}>{p.message}</a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
