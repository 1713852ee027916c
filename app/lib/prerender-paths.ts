import { SERVICE_PAGES, servicePath } from "../../domain/catalogue";
import type { IslandName } from "./hydrate";

/** Public pages outside /services/*, in menu order. */
export const PUBLIC_PAGE_PATHS = [
  "/",
  "/about",
  "/our-staff",
  "/radiologists",
  "/services",
  "/for-referrers",
  "/contact-us",
  "/book-appointment",
  "/terms-condition",
  "/privacy",
  "/details",
] as const;

/** The public pages that load JavaScript (their forms enhance); every other public page ships none. */
export const ISLAND_PAGES: Readonly<Record<string, IslandName>> = {
  "/contact-us": "contact",
  "/book-appointment": "booking",
};
export const SCRIPTED_PAGE_PATHS: readonly string[] = Object.keys(ISLAND_PAGES);

/** Every public page: rendered to static HTML at build time. */
export const PRERENDERED_PATHS: readonly string[] = [
  ...PUBLIC_PAGE_PATHS,
  ...SERVICE_PAGES.map(servicePath),
  "/sitemap.xml",
  "/robots.txt",
];

const SERVICE_ROUTE_ID = "service-";

/**
 * The route id of a service's page. Every service page is its own static
 * route (no route has a parameter, so an unknown slug is a 404), all rendered by one
 * module, which reads the slug back from its route id.
 */
export function serviceRouteId(slug: string): string {
  return `${SERVICE_ROUTE_ID}${slug}`;
}

/** The slug of the service page with this route id (see serviceRouteId). */
export function serviceSlugOfRoute(routeId: string | undefined): string {
  return routeId?.startsWith(SERVICE_ROUTE_ID) ? routeId.slice(SERVICE_ROUTE_ID.length) : "";
}
