import { serviceCategories } from "@domain/catalogue";
import { localeOfPath } from "@domain/locale";
import { m } from "@domain/paraglide/messages.js";
import { ServiceCard } from "~/components/service/service-card";
import { PageBanner } from "~/components/service/service-page";
import { useLocale } from "~/lib/locale";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/services";
import "~/styles/service.css";

export function meta(args: Route.MetaArgs) {
  const options = { locale: localeOfPath(args.location.pathname) };
  return pageMeta(args, {
    title: m.services_title({}, options),
    description: m.services_meta_description({}, options),
    keywords: m.services_meta_keywords({}, options).split(/,\s*/),
  });
}

export default function Services() {
  const locale = useLocale();
  const options = { locale };
  return (
    <main id="main" className="services-page">
      <PageBanner title={m.services_title({}, options)} lead={m.services_lead({}, options)} />
      <div className="container">
        <div className="services-intro">
          <p>{m.services_intro({}, options)}</p>
        </div>
        {serviceCategories(locale).map((category) => (
          <section key={category.id} className="services-category" aria-labelledby={`category-${category.categoryId}`}>
            <h2 id={`category-${category.categoryId}`}>
              {category.category}
              {category.subheading && <span className="services-category__subheading"> {category.subheading}</span>}
            </h2>
            <ul className="service-grid">
              {category.services.map((card) => (
                <ServiceCard key={card.id} card={card} />
              ))}
            </ul>
          </section>
        ))}
      </div>
    </main>
  );
}
