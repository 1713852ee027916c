import { SERVICE_PAGES, servicePath } from "../../domain/catalogue";

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

/** Every public page: rendered to static HTML at build time. */
export const PRERENDERED_PATHS: readonly string[] = [
  ...PUBLIC_PAGE_PATHS,
  ...SERVICE_PAGES.map(servicePath),
  "/sitemap.xml",
  "/robots.txt",
];
