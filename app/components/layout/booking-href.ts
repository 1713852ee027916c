import { useMatches } from "react-router";
import { bookingPath } from "@domain/paths";
import { usePagePath } from "~/lib/locale";
import { serviceSlugOfRoute } from "~/lib/prerender-paths";

/**
 * Where Book Now leads from the current page, in its language: on a service's page, the booking page
 * with that service chosen.
 */
export function useBookingHref(): string {
  const pagePath = usePagePath();
  return pagePath(bookingPath(serviceSlugOfRoute(useMatches().at(-1)?.id)));
}
