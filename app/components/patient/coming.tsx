import { m } from "@domain/paraglide/messages.js";
import { useMessageOptions } from "~/lib/locale";

/**
 * "Are you coming?" on the private page of a confirmed time, the page the
 * reminder's link opens (decision 069): one button to say yes, and the way to
 * cancel, which frees the time for another patient. Once said, it says so.
 * A plain form: it works without script.
 */
export function ComingChoice({
  coming,
  version,
  action,
}: {
  coming: { canConfirm: boolean; confirmed: boolean };
  version: string;
  action: string;
}) {
  const options = useMessageOptions();
  if (coming.confirmed) {
    return (
      <p className="notice notice--success coming">
        <strong>{m.private_coming_noted({}, options)}</strong>
      </p>
    );
  }
  if (!coming.canConfirm) return null;
  return (
    <section className="form__section coming" id="coming" aria-labelledby="coming-title">
      <h2 id="coming-title">{m.private_coming_title({}, options)}</h2>
      <p>{m.private_coming_lead({}, options)}</p>
      <form method="post" action={action} className="form-submit">
        <input type="hidden" name="intent" value="coming" />
        <input type="hidden" name="version" value={version} />
        <button type="submit" className="button button--primary">
          {m.private_coming_yes({}, options)}
        </button>{" "}
        <a href="?step=cancel#cancel" className="button button--outline">
          {m.private_coming_cancel({}, options)}
        </a>
      </form>
    </section>
  );
}

/** A confirmed time's preparation at clock times ("Do not eat after 03:30."), under its heading. */
export function PreparationClock({ lines }: { lines: readonly string[] }) {
  const options = useMessageOptions();
  if (lines.length === 0) return null;
  return (
    <>
      <p>
        <strong>{m.prep_at_heading({}, options)}</strong>
      </p>
      <ul className="policy-list">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </>
  );
}
