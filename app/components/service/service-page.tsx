import { Link } from "react-router";
import { findServiceBySlug, SERVICE_CATEGORIES, servicePath, type CategoryId, type Service } from "@domain/catalogue";
import { PhoneLink } from "~/components/layout/phone-link";
import { ServiceIcon } from "~/components/service-icon";
import type { PageMetaInput } from "~/lib/meta";
import { useClinic } from "~/lib/use-clinic";
import { ServiceClosing } from "./service-closing";
import { ServiceSidebar } from "./service-sidebar";
import "~/styles/service.css";

export function findServicePage(slug: string): Service | undefined {
  return findServiceBySlug(slug);
}

function categoryName(id: CategoryId | null): string | undefined {
  return SERVICE_CATEGORIES.find((c) => c.categoryId === id)?.category;
}

interface PageBannerProps {
  title: string;
  lead?: string;
  /** Trail between Home and the current page. */
  trail?: { name: string; href: string }[];
  eyebrow?: string;
  icon?: Service["icon"];
}

/** The page title banner: its top margin is 90 px, and the breadcrumb sits in that space. */
export function PageBanner({ title, lead, trail = [], eyebrow, icon }: PageBannerProps) {
  return (
    <header className="page-banner">
      <div className="container page-banner__inner">
        <nav className="page-banner__breadcrumb" aria-label="Breadcrumb">
          <ol>
            <li>
              <Link to="/">Home</Link>
            </li>
            {trail.map((t) => (
              <li key={t.href}>
                <Link to={t.href}>{t.name}</Link>
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

/** The "Service not found." answer's title, description and keywords (see ServiceNotFound). */
export const SERVICE_NOT_FOUND_META = {
  title: "Service not found",
  description: "Service not found. See the full list of our imaging services.",
  keywords: ["imaging services", "diagnostic imaging", "radiology", "Gaborone"],
} as const satisfies PageMetaInput;

export function ServiceNotFound() {
  return (
    <main id="main" className="service-page">
      <PageBanner title="Service not found" trail={[{ name: "Services", href: "/services" }]} />
      <div className="container service-missing">
        <p role="status">Service not found.</p>
        <p>
          <Link to="/services">See all our services</Link>
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
  return (
    <main id="main" className="service-page">
      <PageBanner title={title} trail={[{ name: "Services", href: "/services" }]} />
      <div className="container service-missing">
        <p>We have not written this page yet.</p>
        <p>
          <Link to="/services">See all our services</Link>, or call us on <PhoneLink number={clinic.landline} /> to ask
          about a scan.
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
  const service = findServicePage(slug);
  if (!service) return <ServiceNotFound />;
  const open = openCategory === undefined ? service.category : openCategory;
  return (
    <main id="main" className="service-page">
      <PageBanner
        title={service.title}
        lead={service.summary}
        eyebrow={categoryName(service.category)}
        icon={service.icon}
        trail={[{ name: "Services", href: "/services" }]}
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
          <ServiceSidebar openCategory={open} currentPath={servicePath(service)} />
        </div>
      </div>
    </main>
  );
}
