import type { ServiceCategory } from "@domain/catalogue";
import { m } from "@domain/paraglide/messages.js";
import { ServiceIcon } from "~/components/service-icon";
import { useLocale, usePagePath } from "~/lib/locale";

/**
 * Services by category, without script: a list of links to the categories'
 * sections, styled as tabs. Every section is in the HTML; where the browser
 * supports `:has()`, only the section the address points at (`:target`) shows,
 * the first one until a link is followed (home.css). Elsewhere every section
 * shows, one after another, and the links jump between them. The categories come in
 * the page's language (serviceCategories(locale) in domain/catalogue.ts).
 */
export function ServiceTabs({
  categories,
  idPrefix = "services",
}: {
  categories: ServiceCategory[];
  idPrefix?: string;
}) {
  const locale = useLocale();
  const pagePath = usePagePath();
  const panelId = (c: ServiceCategory) => `${idPrefix}-${c.categoryId}`;
  return (
    <div className="service-tabs">
      <nav aria-label={m.home_service_categories({}, { locale })}>
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
                    <a href={pagePath(s.link)}>{s.name}</a>
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
