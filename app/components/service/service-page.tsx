import { Link } from "react-router";
import {
  categoryName,
  findServiceBySlug,
  servicePath,
  serviceSummary,
  serviceTitle,
  type CategoryId,
  type Service,
} from "@domain/catalogue";
import type { Locale } from "@domain/locale";
import { m } from "@domain/paraglide/messages.js";
import { PhoneLink } from "~/components/layout/phone-link";
import { ServiceIcon } from "~/components/service-icon";
import { useLocale, useMessageOptions, usePagePath } from "~/lib/locale";
import type { PageMetaInput } from "~/lib/meta";
import { useClinic } from "~/lib/use-clinic";
import { ServiceClosing } from "./service-closing";
import { ServiceSidebar } from "./service-sidebar";
import "~/styles/service.css";

export function findServicePage(slug: string): Service | undefined {
  return findServiceBySlug(slug);
}

interface PageBannerProps {
  title: string;
  lead?: string;
  /** Trail between Home and the current page (English paths: the banner puts the page's language before them). */
  trail?: { name: string; href: string }[];
  eyebrow?: string;
  icon?: Service["icon"];
}

/** The page title banner: its top margin is 90 px, and the breadcrumb sits in that space. */
export function PageBanner({ title, lead, trail = [], eyebrow, icon }: PageBannerProps) {
  const options = useMessageOptions();
  const pagePath = usePagePath();
  return (
    <header className="page-banner">
      <div className="container page-banner__inner">
        <nav className="page-banner__breadcrumb" aria-label={m.services_breadcrumb({}, options)}>
          <ol>
            <li>
              <Link to={pagePath("/")}>{m.layout_nav_home({}, options)}</Link>
            </li>
            {trail.map((t) => (
              <li key={t.href}>
                <Link to={pagePath(t.href)}>{t.name}</Link>
              </li>
            ))}
            <li aria-current="page">{title}</li>
          </ol>
        </nav>
        <div className="page-banner__body">
          {icon && (
            <span className="page-banner__icon">
              <ServiceIcon name={icon} size={32} />
            </span>
          )}
          <div>
            {eyebrow && <p className="page-banner__eyebrow">{eyebrow}</p>}
            <h1>{title}</h1>
            {lead && <p className="page-banner__lead">{lead}</p>}
          </div>
        </div>
      </div>
    </header>
  );
}

/** The "Service not found." answer's title, description and keywords, in a language (see ServiceNotFound). */
export function serviceNotFoundMeta(locale: Locale): PageMetaInput {
  const options = { locale };
  return {
    title: m.services_not_found_title({}, options),
    description: m.services_not_found_description({}, options),
    keywords: m.services_not_found_keywords({}, options).split(/,\s*/),
  };
}

/** The trail of every service page: Home, then Services. */
function useServicesTrail(): { name: string; href: string }[] {
  return [{ name: m.layout_nav_services({}, useMessageOptions()), href: "/services" }];
}

export function ServiceNotFound() {
  const options = useMessageOptions();
  const pagePath = usePagePath();
  const trail = useServicesTrail();
  return (
    <main id="main" className="service-page">
      <PageBanner title={m.services_not_found_title({}, options)} trail={trail} />
      <div className="container service-missing">
        <p role="status">{m.services_not_found({}, options)}</p>
        <p>
          <Link to={pagePath("/services")}>{m.services_see_all({}, options)}</Link>
        </p>
      </div>
    </main>
  );
}

/**
 * The page of a service the clinic has not described yet (Advanced Technology): it says so, in
 * place of an empty page, and points to what is written and to the phone. It claims nothing
 * about the service.
 */
export function UnfinishedServicePage({ title }: { title: string }) {
  const clinic = useClinic();
  const options = useMessageOptions();
  const pagePath = usePagePath();
  const trail = useServicesTrail();
  return (
    <main id="main" className="service-page">
      <PageBanner title={title} trail={trail} />
      <div className="container service-missing">
        <p>{m.services_unfinished({}, options)}</p>
        <p>
          <Link to={pagePath("/services")}>{m.services_see_all({}, options)}</Link>
          {`, ${m.services_unfinished_call({}, options)} `}
          <PhoneLink number={clinic.landline} />
          {` ${m.services_unfinished_ask({}, options)}`}
        </p>
      </div>
    </main>
  );
}

interface ServicePageProps {
  /** The page's slug in the catalogue. */
  slug: string;
  /** Sidebar category that starts open; defaults to the service's own category. */
  openCategory?: CategoryId | null;
  /** End with the shared closing section (results, payment, appointment). */
  closing?: boolean;
  children: React.ReactNode;
}

/**
 * The shared service page layout: title banner, content with the service's
 * illustration, the category sidebar (below the content on phones), then the
 * site footer from the root layout.
 */
export function ServicePage({ slug, openCategory, closing = true, children }: ServicePageProps) {
  const locale = useLocale();
  const pagePath = usePagePath();
  const trail = useServicesTrail();
  const service = findServicePage(slug);
  if (!service) return <ServiceNotFound />;
  const open = openCategory === undefined ? service.category : openCategory;
  return (
    <main id="main" className="service-page">
      <PageBanner
        title={serviceTitle(service, locale)}
        lead={serviceSummary(service, locale)}
        eyebrow={service.category ? categoryName(service.category, locale) : undefined}
        icon={service.icon}
        trail={trail}
      />
      <div className="container service-layout">
        <div className="service-content">
          <img
            className="service-content__image"
            src={service.image}
            alt=""
            width={480}
            height={320}
            decoding="async"
          />
          {children}
          {closing && <ServiceClosing slug={service.slug} />}
        </div>
        <div className="service-layout__sidebar">
          <ServiceSidebar openCategory={open} currentPath={pagePath(servicePath(service))} />
        </div>
      </div>
    </main>
  );
}
