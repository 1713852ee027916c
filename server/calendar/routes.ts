import type { FastifyInstance } from "fastify";
import type { RouteDeps } from "../enquiries/routes";
import { bookingCalendar } from "../../domain/opening-days";

export const CALENDAR_PATH = "/api/appointment/public/calendar";

/** GET /api/appointment/public/calendar: the booking window and its closed dates (Africa/Gaborone). */
export async function calendarRoutes(app: FastifyInstance, { config }: Pick<RouteDeps, "config">) {
  app.get(CALENDAR_PATH, async (_request, reply) => {
    return reply
      .header("cache-control", "no-store")
      .send(bookingCalendar(new Date(), config.bookingHorizonDays, config.closedDates));
  });
}
