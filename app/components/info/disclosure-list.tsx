import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";

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
 * Independent disclosures without script: each item is a `<details>` whose
 * `<summary>` holds the title as a heading. Every panel's text is in the HTML
 * (in the prerendered page and found by search engines and find-in-page).
 */
export function DisclosureList({ items, headingLevel = 3, initiallyOpen = 0 }: DisclosureListProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="disclosures">
      {items.map((item, index) => (
        <details className="disclosure" key={item.title} open={index === initiallyOpen}>
          <summary className="disclosure__button">
            <Heading className="disclosure__heading">{item.title}</Heading>
            <ChevronDown className="disclosure__icon" aria-hidden="true" size={22} />
          </summary>
          <div className="disclosure__panel">{item.content}</div>
        </details>
      ))}
    </div>
  );
}
