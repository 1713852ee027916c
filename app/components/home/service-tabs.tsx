import { useRef, useState, type KeyboardEvent } from "react";
import { Link } from "react-router";
import type { ServiceCategory } from "@domain/catalogue";
import { ServiceIcon } from "~/components/service-icon";
import { useHydrated } from "~/components/layout/use-hydrated";

/**
 * Services by category, following the WAI-ARIA tabs pattern (automatic
 * activation, roving tabindex, arrow keys, Home and End). Every panel is in
 * the HTML; inactive panels are hidden only once JavaScript runs, so the
 * whole list stays readable without it.
 */
export function ServiceTabs({
  categories,
  idPrefix = "services",
}: {
  categories: ServiceCategory[];
  idPrefix?: string;
}) {
  const enhanced = useHydrated();
  const [selected, setSelected] = useState(0);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  function select(index: number) {
    const next = (index + categories.length) % categories.length;
    setSelected(next);
    tabRefs.current[next]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: categories.length - 1,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      select(target);
    }
  }

  return (
    <div className="service-tabs" data-enhanced={enhanced || undefined}>
      <div role="tablist" aria-label="Service categories" className="service-tabs__list">
        {categories.map((c, i) => (
          <button
            key={c.categoryId}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${c.categoryId}`}
            aria-selected={i === selected}
            aria-controls={`${idPrefix}-panel-${c.categoryId}`}
            tabIndex={i === selected ? 0 : -1}
            className="service-tabs__tab"
            onClick={() => setSelected(i)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {c.category}
          </button>
        ))}
      </div>
      {categories.map((c, i) => (
        <div
          key={c.categoryId}
          role="tabpanel"
          id={`${idPrefix}-panel-${c.categoryId}`}
          aria-labelledby={`${idPrefix}-tab-${c.categoryId}`}
          tabIndex={0}
          hidden={enhanced && i !== selected}
          className="service-tabs__panel"
        >
          <h3 className={enhanced ? "visually-hidden" : "service-tabs__heading"}>
            {c.category}
            {c.subheading && <span className="service-tabs__sub"> {c.subheading}</span>}
          </h3>
          {enhanced && c.subheading && <p className="service-tabs__note">{c.subheading}</p>}
          <ul role="list" className="service-grid">
            {c.services.map((s) => {
              return (
                <li key={s.id} className="service-card">
                  <span className="service-card__icon">
                    <ServiceIcon name={s.icon} size={28} />
                  </span>
                  <h4 className="service-card__title">
                    <Link to={s.link}>{s.name}</Link>
                  </h4>
                  <p>{s.desp}</p>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}
