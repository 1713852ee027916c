import { SERVICE_PAGES, SERVICES, servicePath } from "../../domain/catalogue";
import { BASE_LOCALE, LOCALES, localisedPath, type Locale } from "../../domain/locale";
import type { IslandName } from "./hydrate";

/**
 * One service page of each kind, for checks that need not run on every one
 * (Lighthouse's --one-of-each-kind, axe at desktop width): one module renders
 * the described pages, and these two carry every part it has (a table, notes,
 * the closing section, the sidebar); the unfinished page has a module of its own.
 */
export const SERVICE_PAGE_SAMPLE: readonly string[] = [
  SERVICES.ultrasound,
  SERVICES.mammography,
  SERVICES.advancedTechnology,
].map(servicePath);

/** Public pages outside /services/*, in menu order (English paths; each has its Setswana twin under /tn). */
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

/** Every public page's path in every language: the English ones first, then their twins. */
function inEveryLanguage(paths: readonly string[]): string[] {
  return LOCALES.flatMap((locale) => paths.map((path) => localisedPath(path, locale)));
}

/** The public pages that load JavaScript (their forms enhance), in both languages; every other public page ships none. */
const ISLANDS: Readonly<Record<string, IslandName>> = { "/contact-us": "contact", "/book-appointment": "booking" };
export const ISLAND_PAGES: Readonly<Record<string, IslandName>> = Object.fromEntries(
  LOCALES.flatMap((locale) => Object.entries(ISLANDS).map(([path, name]) => [localisedPath(path, locale), name])),
);
export const SCRIPTED_PAGE_PATHS: readonly string[] = Object.keys(ISLAND_PAGES);

/** Every public page in both languages, then the files: rendered to static HTML (or text) at build time. */
export const PRERENDERED_PATHS: readonly string[] = [
  ...inEveryLanguage([...PUBLIC_PAGE_PATHS, ...SERVICE_PAGES.map(servicePath)]),
  "/sitemap.xml",
  "/robots.txt",
];

/** A route's id in `locale`: the English route's own, with the language before it for the others. */
export function localisedRouteId(id: string, locale: Locale): string {
  return locale === BASE_LOCALE ? id : `${locale}/${id}`;
}

const SERVICE_ROUTE_ID = "service-";

/**
 * The route id of a service's page. Every service page is its own static
 * route (no route has a parameter, so an unknown slug is a 404), all rendered by one
 * module, which reads the slug back from its route id.
 */
export function serviceRouteId(slug: string): string {
  return `${SERVICE_ROUTE_ID}${slug}`;
}

/** The slug of the service page with this route id, in either language (see serviceRouteId, localisedRouteId). */
export function serviceSlugOfRoute(routeId: string | undefined): string {
  const own = routeId?.replace(/^[a-z]{2}\//, "");
  return own?.startsWith(SERVICE_ROUTE_ID) ? own.slice(SERVICE_ROUTE_ID.length) : "";
}
