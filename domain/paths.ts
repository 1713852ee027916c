import { BOOKABLE_SERVICES, isBookableSlug, type Service } from "./catalogue";

/** Public addresses that more than one part of the site builds on. */

/** The blank referral form (PDF), written into the build by scripts/postbuild.ts. */
export const REFERRAL_FORM_PATH = "/files/referral-form.pdf";

/**
 * Where a patient's private link to their appointment leads: this prefix and
 * the link's token (`/appointment/<token>`). Never logged with the token.
 */
export const MANAGE_PATH_PREFIX = "/appointment/";

/**
 * Where the referring doctor's e-mailed link to a report leads: this prefix and
 * the link's token (`/report/<token>`; decision 075). Never logged with the token.
 */
export const REPORT_PATH_PREFIX = "/report/";

/**
 * Where an earlier time offered to a patient leads (decision 070): this prefix and the offer's
 * token (`/earlier/<token>`). Never logged with the token (domain/request-path.ts hideTokens).
 */
export const EARLIER_PATH_PREFIX = "/earlier/";

/** The booking page; its form posts to it (multipart, with the referral file) when there is no JavaScript. */
export const BOOKING_PATH = "/book-appointment";

/** The contact page; its form posts to it (urlencoded) when there is no JavaScript. */
export const CONTACT_PATH = "/contact-us";

/** The query parameter that opens the booking page with a service chosen: `?service=<slug>`. */
export const BOOKING_SERVICE_PARAM = "service";

/** The booking page, opened with the service `slug` chosen when a patient can request it. */
export function bookingPath(slug?: string): string {
  if (!slug || !isBookableSlug(slug)) return BOOKING_PATH;
  return `${BOOKING_PATH}?${new URLSearchParams({ [BOOKING_SERVICE_PARAM]: slug })}`;
}

/**
 * The bookable service a booking page's query string names (`?service=<slug>`),
 * or undefined: an unknown slug chooses nothing and is no error.
 */
export function bookingServiceOf(search: string): Service | undefined {
  const slug = new URLSearchParams(search).get(BOOKING_SERVICE_PARAM) ?? "";
  return isBookableSlug(slug) ? BOOKABLE_SERVICES.find((s) => s.slug === slug) : undefined;
}
