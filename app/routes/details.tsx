import { CalendarCheck, ClipboardList } from "lucide-react";
import { data, Link } from "react-router";
import {
  DETAILS_SIDEBAR_CATEGORIES,
  findServiceRecord,
  SERVICE_PAGES,
  SERVICE_RECORDS,
  servicePath,
  type ServiceRecord,
} from "@domain/catalogue";
import { ARRIVE_EARLY_SENTENCE, WHAT_TO_BRING } from "@domain/visit-words";
import { ConsultationForm } from "~/components/service/consultation-form";
import { DisclosureNav } from "~/components/service/disclosure-nav";
import { PageBanner, SERVICE_NOT_FOUND_META, ServiceNotFound } from "~/components/service/service-page";
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

export function meta(args: Route.MetaArgs) {
  const record = args.loaderData?.record;
  if (!record) {
    // The bare /details page (prerendered, 200) points search engines at the
    // services list; an unknown name (404) is kept out of the index.
    const named = new URLSearchParams(args.location.search).has("name");
    return pageMeta(args, {
      ...SERVICE_NOT_FOUND_META,
      canonicalPath: "/services",
      noindex: named,
    });
  }
  return pageMeta(args, {
    title: `${record.displayname}: service details`,
    description: `${record.displayname} at our diagnostic imaging clinic in Gaborone: what to expect and how to prepare for your visit.`,
    keywords: [record.displayname, record.category_name, "diagnostic imaging", "Gaborone"],
    canonicalPath: record.page,
  });
}

function categoryLabel(name: string): string {
  return name === "Womens Imaging" ? "Women's Imaging" : name;
}

function detailsHref(record: ServiceRecord): string {
  return `/details?name=${encodeURIComponent(record.name)}`;
}

const CATEGORY_GROUPS = DETAILS_SIDEBAR_CATEGORIES.map((category) => ({
  id: category,
  name: categoryLabel(category),
  links: SERVICE_RECORDS.filter((r) => r.category_name === category).map((r) => ({
    name: r.displayname,
    href: detailsHref(r),
  })),
}));

export default function Details({ loaderData }: Route.ComponentProps) {
  const { record } = loaderData;
  if (!record) return <ServiceNotFound />;
  const service = SERVICE_PAGES.find((s) => servicePath(s) === record.page);
  return (
    <main id="main" className="service-page details-page">
      <PageBanner
        title={record.displayname}
        lead={service?.summary}
        eyebrow={categoryLabel(record.category_name)}
        icon={service?.icon}
        trail={[{ name: "Services", href: "/services" }]}
      />
      <div className="container service-layout">
        <div className="service-content">
          <img className="service-content__image" src={record.image} alt="" width={480} height={320} decoding="async" />
          <div className="details-cards">
            <section className="details-card" aria-labelledby="details-expect">
              <h2 id="details-expect">
                <ClipboardList aria-hidden="true" focusable="false" size={22} />
                What to expect
              </h2>
              <p>
                Before the examination starts you can ask any questions you have. Tell staff if anything worries you, or
                if you are, or may be, pregnant.
              </p>
              <p>Afterwards, a radiologist reviews your images and sends a written report to your doctor.</p>
            </section>
            <section className="details-card" aria-labelledby="details-prepare">
              <h2 id="details-prepare">
                <CalendarCheck aria-hidden="true" focusable="false" size={22} />
                Preparing for your visit
              </h2>
              <ul>
                <li>{ARRIVE_EARLY_SENTENCE}</li>
                <li>Bring your referral form, {WHAT_TO_BRING}.</li>
                <li>Check the service page for any preparation, such as not eating beforehand.</li>
              </ul>
            </section>
          </div>
          <p>
            <Link className="button button--outline" to={record.page}>
              Read the full guide to {record.displayname}
            </Link>
          </p>
        </div>
        <div className="service-layout__sidebar details-sidebar" key={record.name}>
          <DisclosureNav
            label="Service categories"
            heading="Categories"
            groups={CATEGORY_GROUPS}
            initialOpenId={record.category_name}
            currentHref={detailsHref(record)}
          />
          <ConsultationForm serviceName={record.displayname} serviceSlug={service?.slug} />
        </div>
      </div>
    </main>
  );
}
