import { ChevronDown } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";

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
  /** The group open on first render (and in the HTML sent before JavaScript runs); null for none. */
  initialOpenId: string | null;
  /** The link marked aria-current="page". */
  currentHref?: string;
}

/**
 * An accordion of link groups built from disclosure buttons: one group open at
 * a time, opening another closes the previous, and the open group's links are
 * in the server-rendered HTML so they work before (or without) JavaScript.
 */
export function DisclosureNav({ label, heading, groups, initialOpenId, currentHref }: DisclosureNavProps) {
  const [openId, setOpenId] = useState<string | null>(initialOpenId);
  const baseId = useId();
  return (
    <nav className="disclosure-nav" aria-label={label}>
      <h2 className="disclosure-nav__heading">{heading}</h2>
      <ul className="disclosure-nav__groups">
        {groups.map((group, index) => {
          const open = group.id === openId;
          const panelId = `${baseId}-panel-${index}`;
          return (
            <li key={group.id} className="disclosure-nav__group" data-open={open || undefined}>
              <button
                type="button"
                className="disclosure-nav__toggle"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenId(open ? null : group.id)}
              >
                <span>{group.name}</span>
                <ChevronDown aria-hidden="true" focusable="false" size={20} className="disclosure-nav__chevron" />
              </button>
              <ul id={panelId} className="disclosure-nav__links" hidden={!open}>
                {group.links.map((link) => {
                  const current = link.href === currentHref;
                  return (
                    <li key={link.href}>
                      <Link to={link.href} aria-current={current ? "page" : undefined} className="disclosure-nav__link">
                        {link.name}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
