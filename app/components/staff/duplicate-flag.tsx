import { Form, Link } from "react-router";
import { DUPLICATE_WORDS, type DuplicateOf } from "@domain/duplicate-requests";

/**
 * Possible duplicate requests (decision 049): the same patient (name, date of
 * birth, phone) asking for the same service on the same day twice. The list
 * and the day view carry the badge; the appointment's page says which request
 * it may duplicate, with the one action that closes this one.
 */

/** The badge, with the other request's reference for a screen reader when it is known. */
export function DuplicateFlag({ of }: { of?: readonly DuplicateOf[] | boolean }) {
  if (!of || (Array.isArray(of) && of.length === 0)) return null;
  const others = Array.isArray(of) ? of.map((d) => d.reference).join(", ") : "";
  return (
    <span className="staff-badge staff-badge--duplicate">
      {DUPLICATE_WORDS.badge}
      {others && <span className="visually-hidden"> of {others}</span>}
    </span>
  );
}

/** On the appointment's page: the other request(s), and closing this one as a duplicate while it is a request. */
export function DuplicateNotice({
  of,
  canClose,
  busy,
}: {
  of: readonly DuplicateOf[];
  canClose: boolean;
  busy: boolean;
}) {
  if (of.length === 0) return null;
  return (
    <section className="staff-alert staff-alert--warning staff-duplicate" aria-labelledby="duplicate-heading">
      <h2 id="duplicate-heading">{DUPLICATE_WORDS.badge}</h2>
      <p>
        The same patient (name, date of birth and phone) asked for the same service on the same day in{" "}
        {of.map((d, i) => (
          <span key={d.id}>
            {i > 0 ? ", " : ""}
            <Link to={`/staff/appointments/${d.id}`} className="staff-mono">
              {d.reference}
            </Link>
          </span>
        ))}
        .
      </p>
      {canClose && (
        <Form method="post" noValidate>
          <p className="staff-muted">
            Closing this one cancels it without e-mailing or texting the patient; their other request stays open.
          </p>
          <button type="submit" name="intent" value="duplicate" className="button button--outline" disabled={busy}>
            Close this request as a duplicate
          </button>
        </Form>
      )}
    </section>
  );
}
