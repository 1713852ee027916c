import { CalendarCheck, ClipboardList } from "lucide-react";
import { data, Link } from "react-router";
import {
  DETAILS_SIDEBAR_CATEGORIES,
  detailsCategoryName,
  findServiceRecord,
  SERVICE_PAGES,
  SERVICE_RECORDS,
  servicePath,
  serviceSummary,
  serviceTitle,
  type Service,
  type ServiceRecord,
} from "@domain/catalogue";
import { BASE_LOCALE, localeOfPath, type Locale } from "@domain/locale";
import { m } from "@domain/paraglide/messages.js";
import { visitWords } from "@domain/visit-words";
import { ConsultationForm } from "~/components/service/consultation-form";
import { DisclosureNav } from "~/components/service/disclosure-nav";
import { PageBanner, serviceNotFoundMeta, ServiceNotFound } from "~/components/service/service-page";
import { useLocale, usePagePath } from "~/lib/locale";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/details";
import "~/styles/service.css";

/** The record named by ?name= (exact match), or null. */
function lookup(request: Request): { name: string | null; record: ServiceRecord | null } {
  const name = new URL(request.url).searchParams.get("name");
  return { name, record: findServiceRecord(name) ?? null };
}

// Prerendered without a query (200, "Service not found."); with a query the
// server renders it per request (QUERY_RENDERED in server/app.ts), and a name
// that matches nothing answers 404.
export function loader({ request }: Route.LoaderArgs) {
  const { name, record } = lookup(request);
  return data({ record }, { status: name !== null && !record ? 404 : 200 });
}

/** The service a record names (its own page). */
function serviceOf(record: ServiceRecord): Service | undefined {
  return SERVICE_PAGES.find((s) => servicePath(s) === record.page);
}

/** A record's service name in a language (the record's own, in English). */
function recordTitle(record: ServiceRecord, locale: Locale): string {
  return serviceTitle(serviceOf(record) ?? record.displayname, locale);
}

export function meta(args: Route.MetaArgs) {
  const locale = localeOfPath(args.location.pathname);
  const record = args.loaderData?.record;
  if (!record) {
    // The bare /details page (prerendered, 200) points search engines at the
    // services list; an unknown name (404) is kept out of the index.
    const named = new URLSearchParams(args.location.search).has("name");
    return pageMeta(args, {
      ...serviceNotFoundMeta(locale),
      canonicalPath: "/services",
      noindex: named,
    });
  }
  const options = { locale };
  const name = recordTitle(record, locale);
  // English keeps the record's own spelling of its category ("Womens Imaging") among the keywords.
  const category = locale === BASE_LOCALE ? record.category_name : detailsCategoryName(record.category_name, locale);
  return pageMeta(args, {
    title: m.details_title({ name }, options),
    description: m.details_description({ name }, options),
    keywords: [name, category, ...m.details_keywords({}, options).split(/,\s*/)],
    canonicalPath: record.page,
  });
}

function detailsHref(record: ServiceRecord): string {
  return `/details?name=${encodeURIComponent(record.name)}`;
}

/** The sidebar's groups in a language, each link in the page's language. */
function categoryGroups(locale: Locale, pagePath: (path: string) => string) {
  return DETAILS_SIDEBAR_CATEGORIES.map((category) => ({
    id: category,
    name: detailsCategoryName(category, locale),
    links: SERVICE_RECORDS.filter((r) => r.category_name === category).map((r) => ({
      name: recordTitle(r, locale),
      href: pagePath(detailsHref(r)),
    })),
  }));
}

export default function Details({ loaderData }: Route.ComponentProps) {
  const locale = useLocale();
  const pagePath = usePagePath();
  const { record } = loaderData;
  if (!record) return <ServiceNotFound />;
  const service = serviceOf(record);
  const name = recordTitle(record, locale);
  const options = { locale };
  const visit = visitWords(locale);
  return (
    <main id="main" className="service-page details-page">
      <PageBanner
        title={name}
        lead={service && serviceSummary(service, locale)}
        eyebrow={detailsCategoryName(record.category_name, locale)}
        icon={service?.icon}
        trail={[{ name: m.layout_nav_services({}, options), href: "/services" }]}
      />
      <div className="container service-layout">
        <div className="service-content">
          <img className="service-content__image" src={record.image} alt="" width={480} height={320} decoding="async" />
          <div className="details-cards">
            <section className="details-card" aria-labelledby="details-expect">
              <h2 id="details-expect">
                <ClipboardList aria-hidden="true" focusable="false" size={22} />
                {m.details_expect_heading({}, options)}
              </h2>
              <p>{m.details_expect_questions({}, options)}</p>
              <p>{m.details_expect_report({}, options)}</p>
            </section>
            <section className="details-card" aria-labelledby="details-prepare">
              <h2 id="details-prepare">
                <CalendarCheck aria-hidden="true" focusable="false" size={22} />
                {m.details_prepare_heading({}, options)}
              </h2>
              <ul>
                <li>{visit.arriveEarlySentence}</li>
                <li>{m.details_prepare_bring({ what: visit.whatToBring }, options)}</li>
                <li>{m.details_prepare_check({}, options)}</li>
              </ul>
            </section>
          </div>
          <p>
            <Link className="button button--outline" to={pagePath(record.page)}>
              {m.details_read_guide({ name }, options)}
            </Link>
          </p>
        </div>
        <div className="service-layout__sidebar details-sidebar" key={record.name}>
          <DisclosureNav
            label={m.details_categories_label({}, options)}
            heading={m.details_categories_heading({}, options)}
            groups={categoryGroups(locale, pagePath)}
            initialOpenId={record.category_name}
            currentHref={pagePath(detailsHref(record))}
          />
          <ConsultationForm serviceName={name} serviceSlug={service?.slug} />
        </div>
      </div>
    </main>
  );
}
