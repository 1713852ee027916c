import { m } from "@domain/paraglide/messages.js";
import { useMessageOptions } from "~/lib/locale";

/**
 * Asking for an earlier time (decision 070), on the private page of a time booked online: one
 * button, "Tell me if an earlier time opens"; once on the list, the page says so and how to leave
 * it. Plain forms to the private page: they work without script, the same with it.
 */
export function EarlierChoice({ earlier, action }: { earlier?: { onList: boolean }; action: string }) {
  const options = useMessageOptions();
  if (!earlier) return null;
  return (
    <section className="form__section earlier" id="earlier" aria-labelledby="earlier-title">
      <h2 id="earlier-title">{m.private_earlier_title({}, options)}</h2>
      {earlier.onList ? (
        <>
          <p className="notice notice--success">
            <strong>{m.private_earlier_on({}, options)}</strong>
          </p>
          <p>{m.private_earlier_leave_lead({}, options)}</p>
          <EarlierForm action={action} wanted={false} />
        </>
      ) : (
        <>
          <p>{m.private_earlier_lead({}, options)}</p>
          <EarlierForm action={action} wanted />
        </>
      )}
    </section>
  );
}

/**
 * The one tap that puts a patient on the list, or takes them off it: a plain form posted to the
 * private page (`action`: its path), which answers with the page saying where they stand.
 */
export function EarlierForm({ action, wanted }: { action: string; wanted: boolean }) {
  const options = useMessageOptions();
  return (
    <form method="post" action={action} className="form-submit">
      <input type="hidden" name="intent" value="earlier" />
      <input type="hidden" name="wanted" value={wanted ? "yes" : "no"} />
      <button type="submit" className={wanted ? "button button--primary" : "button button--outline"}>
        {wanted ? m.private_earlier_ask({}, options) : m.private_earlier_leave({}, options)}
      </button>
    </form>
  );
}
