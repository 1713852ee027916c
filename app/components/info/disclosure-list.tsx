import { ChevronDown } from "lucide-react";
import { useId, useState, type ReactNode } from "react";

export interface DisclosureItem {
  title: string;
  content: ReactNode;
}

interface DisclosureListProps {
  items: readonly DisclosureItem[];
  /** Heading level of each item's title. */
  headingLevel?: 2 | 3;
  /** Index of the item open at first; the others start closed. */
  initiallyOpen?: number;
}

/**
 * An accordion of independent disclosures (WAI-ARIA disclosure pattern): each
 * title is a button inside a heading with aria-expanded and aria-controls. Every
 * panel's text is rendered into the HTML, so it is in the prerendered page and
 * found by search engines; closed panels carry the hidden attribute.
 */
export function DisclosureList({ items, headingLevel = 3, initiallyOpen = 0 }: DisclosureListProps) {
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set([initiallyOpen]));
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const toggle = (index: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });

  return (
    <div className="disclosures">
      {items.map((item, index) => {
        const expanded = open.has(index);
        const buttonId = `${baseId}-button-${index}`;
        const panelId = `${baseId}-panel-${index}`;
        return (
          <div className="disclosure" key={item.title}>
            <Heading className="disclosure__heading">
              <button
                type="button"
                id={buttonId}
                className="disclosure__button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(index)}
              >
                <span>{item.title}</span>
                <ChevronDown className="disclosure__icon" aria-hidden="true" size={22} />
              </button>
            </Heading>
            <div id={panelId} className="disclosure__panel" role="region" aria-labelledby={buttonId} hidden={!expanded}>
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
