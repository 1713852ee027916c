import { useMatches } from "react-router";
import { findServiceBySlug, serviceTitle } from "@domain/catalogue";
import { findServicePageContent } from "@domain/services/pages";
import { ServiceBody } from "~/components/service/service-body";
import { serviceMeta } from "~/components/service/service-meta";
import { ServiceNotFound, ServicePage, UnfinishedServicePage } from "~/components/service/service-page";
import { useLocale } from "~/lib/locale";
import { serviceSlugOfRoute } from "~/lib/prerender-paths";
import type { Route } from "./+types/service";

// Every /services/<slug> page, in both languages: app/routes.ts gives each service its own
// static route, all rendered here; the route id names the service, the path the language.

export function meta(args: Route.MetaArgs) {
  return serviceMeta(args, serviceSlugOfRoute(args.matches.at(-1)?.id));
}

export default function Service() {
  const locale = useLocale();
  const slug = serviceSlugOfRoute(useMatches().at(-1)?.id);
  const service = findServiceBySlug(slug);
  const content = findServicePageContent(slug, locale);
  if (!service || !content) return <ServiceNotFound />;
  if (content.layout === "unfinished") return <UnfinishedServicePage title={serviceTitle(service, locale)} />;
  return (
    // Keyed by slug so that moving to another service starts its page afresh.
    <ServicePage key={slug} slug={slug} closing={content.closing}>
      <ServiceBody blocks={content.body} />
    </ServicePage>
  );
}
