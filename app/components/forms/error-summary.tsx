import { useEffect, useRef, type MouseEvent } from "react";

export interface SummaryItem {
  /** The id of the field to jump to. */
  target: string;
  message: string;
}

/**
 * "There is a problem": the errors of the last submit, each linking to its
 * field. Takes focus whenever `focusToken` changes (each failed submit).
 */
export function ErrorSummary({ items, focusToken }: { items: SummaryItem[]; focusToken: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const visible = items.length > 0;
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
        <h2 className="error-summary__title">There is a problem</h2>
        <ul className="error-summary__list">
          {items.map((item) => (
            <li key={item.target + item.message}>
              <a href={`#${item.target}`} onClick={(e) => jump(e, item.target)}>
                {item.message}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
