import { ChevronDown } from "lucide-react";

export interface DisclosureGroup {
  /** Stable key, also used to decide which group starts open. */
  id: string;
  name: string;
  links: { name: string; href: string }[];
}

interface DisclosureNavProps {
  /** Accessible name of the navigation landmark. */
  label: string;
  /** Visible heading above the groups. */
  heading: string;
  groups: readonly DisclosureGroup[];
  /** The group that starts open; null for none. */
  initialOpenId: string | null;
  /** The link marked aria-current="page". */
  currentHref?: string;
}

/**
 * An accordion of link groups without script: one `<details>` per group, all
 * sharing a `name`, so the browser keeps one open at a time (opening another
 * closes the previous). Every group's links are in the HTML.
 */
export function DisclosureNav({ label, heading, groups, initialOpenId, currentHref }: DisclosureNavProps) {
  const name = `${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-accordion`;
  return (
    <nav className="disclosure-nav" aria-label={label}>
      <h2 className="disclosure-nav__heading">{heading}</h2>
      <ul className="disclosure-nav__groups">
        {groups.map((group) => (
          <li key={group.id} className="disclosure-nav__group">
            <details name={name} open={group.id === initialOpenId}>
              <summary className="disclosure-nav__toggle">
                <span>{group.name}</span>
                <ChevronDown aria-hidden="true" focusable="false" size={20} className="disclosure-nav__chevron" />
              </summary>
              <ul className="disclosure-nav__links">
                {group.links.map((link) => (
                  <li key={link.href}>
                    <a
                      href={link.href}
                      aria-current={link.href === currentHref ? "page" : undefined}
                      className="disclosure-nav__link"
                    >
                      {link.name}
                    </a>
                  </li>
                ))}
              </ul>
            </details>
          </li>
        ))}
      </ul>
    </nav>
  );
}
