/**
 * What the server stamps into the prerendered pages when it starts, so one
 * build serves any deployment and any year (server/http/static-site.ts).
 */

/**
 * The base URL the pages are built with (`npm run build` sets PUBLIC_BASE_URL
 * to it); the server replaces it with the running PUBLIC_BASE_URL. A loopback
 * address, so the build passes the production checks, with a path no real
 * base URL has.
 */
export const BUILD_BASE_URL = "http://127.0.0.1:9/__public-base-url__";

/** The attribute of the element holding the footer's copyright year, which the server keeps current. */
export const YEAR_STAMP_ATTRIBUTE = "data-year-stamp";
