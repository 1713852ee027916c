import { useEffect, useRef, type MouseEvent } from "react";
import { m } from "@domain/paraglide/messages.js";
import { useLocale } from "~/lib/locale";

export interface SummaryItem {
  /** The id of the field to jump to. */
  target: string;
  message: string;
}

/**
 * "There is a problem": the errors of the last submit, each linking to its
 * field, or what stopped a form posted without JavaScript (`description`:
 * a rate limit, an outage). Takes focus whenever `focusToken` changes (each
 * failed submit). The page puts it at the top of <main> (./form-page.tsx).
 */
export function ErrorSummary({
  items,
  description,
  focusToken,
}: {
  items: SummaryItem[];
  description?: string;
  focusToken: number;
}) {
  const locale = useLocale();
  const ref = useRef<HTMLDivElement>(null);
  const visible = items.length > 0 || !!description;
  useEffect(() => {
    if (visible && focusToken > 0) ref.current?.focus();
  }, [focusToken, visible]);
  if (!visible) return null;

  function jump(event: MouseEvent<HTMLAnchorElement>, target: string) {
    const field = document.getElementById(target);
    if (!field) return;
    event.preventDefault();
    // Show the field's label or legend too, not just the input.
    const frame = field.closest("fieldset") ?? field.closest(".field") ?? field;
    frame.scrollIntoView({ block: "start" });
    field.focus({ preventScroll: true });
  }

  return (
    <div ref={ref} className="error-summary" tabIndex={-1}>
      <div role="alert">
        <h2 className="error-summary__title">{m.form_problem({}, { locale })}</h2>
        {description && <p className="error-summary__description">{description}</p>}
        {items.length > 0 && (
          <ul className="error-summary__list">
            {items.map((item) => (
              <li key={item.target + item.message}>
                <a href={`#${item.target}`} onClick={(e) => jump(e, item.target)}>
                  {item.message}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
