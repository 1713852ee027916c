import type { ServiceCategory } from "@domain/catalogue";
import { ServiceIcon } from "~/components/service-icon";

/**
 * Services by category, without script: a list of links to the categories'
 * sections, styled as tabs. Every section is in the HTML; where the browser
 * supports `:has()`, only the section the address points at (`:target`) shows,
 * the first one until a link is followed (home.css). Elsewhere every section
 * shows, one after another, and the links jump between them.
 */
export function ServiceTabs({
  categories,
  idPrefix = "services",
}: {
  categories: ServiceCategory[];
  idPrefix?: string;
}) {
  const panelId = (c: ServiceCategory) => `${idPrefix}-${c.categoryId}`;
  return (
    <div className="service-tabs">
      <nav aria-label="Service categories">
        <ul role="list" className="service-tabs__list">
          {categories.map((c) => (
            <li key={c.categoryId}>
              <a href={`#${panelId(c)}`} className="service-tabs__tab">
                {c.category}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="service-tabs__panels">
        {categories.map((c) => (
          <section
            key={c.categoryId}
            id={panelId(c)}
            aria-labelledby={`${panelId(c)}-heading`}
            tabIndex={-1}
            className="service-tabs__panel"
          >
            <h3 id={`${panelId(c)}-heading`} className="service-tabs__heading">
              {c.category}
              {c.subheading && <span className="service-tabs__sub"> {c.subheading}</span>}
            </h3>
            <ul role="list" className="service-grid">
              {c.services.map((s) => (
                <li key={s.id} className="service-card">
                  <span className="service-card__icon">
                    <ServiceIcon name={s.icon} size={28} />
                  </span>
                  <h4 className="service-card__title">
                    <a href={s.link}>{s.name}</a>
                  </h4>
                  <p>{s.desp}</p>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
