import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { CALENDAR_PATH } from "../../../domain/api-paths";
import type { BookingCalendar, BookingFormFacts } from "../../../domain/opening-days";
import { bookingCalendarNow } from "../../closures/closed-dates";
import { whatsappSetUp } from "../../texts/index";
import { messageBody } from "../../requests/http";
import type { RouteDeps } from "../../requests/types";

/**
 * The booking window (first and last bookable date) and the closed dates in
 * it, as YYYY-MM-DD. Checked against BookingCalendar: a field added there must
 * be added here too, or the serializer would leave it out.
 */
const bookingCalendarBody = z.object({
  today: z.string(),
  firstDate: z.string(),
  lastDate: z.string(),
  closedDates: z.array(z.string()),
}) satisfies z.ZodType<BookingCalendar>;

/** The answer: the calendar, and whether the form offers WhatsApp (only while the clinic has it set up). */
const calendarBody = bookingCalendarBody.extend({ whatsapp: z.boolean() }) satisfies z.ZodType<BookingFormFacts>;

/**
 * GET /api/appointment/public/calendar: what the booking form asks the server
 * for when it loads: the booking window and its closed dates (Africa/Gaborone),
 * and whether WhatsApp is offered.
 */
export async function calendarRoutes(
  app: FastifyInstance,
  { config, db, now }: Pick<RouteDeps, "config" | "db" | "now">,
) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(CALENDAR_PATH, { schema: { response: { 200: calendarBody, 500: messageBody } } }, async (_request, reply) => {
      const calendar = await bookingCalendarNow(db, config, now());
      return reply.header("cache-control", "no-store").send({ ...calendar, whatsapp: whatsappSetUp(config) });
    });
}
