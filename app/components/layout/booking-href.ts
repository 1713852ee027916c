import { useMatches } from "react-router";
import { bookingPath } from "@domain/paths";
import { serviceSlugOfRoute } from "~/lib/prerender-paths";

/** Where Book Now leads from the current page: on a service's page, the booking page with that service chosen. */
export function useBookingHref(): string {
  return bookingPath(serviceSlugOfRoute(useMatches().at(-1)?.id));
}
