import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { SLOTS_PATH } from "../../../domain/api-paths";
import { bookingRuleOf } from "../../../domain/booking-rules";
import { BOOKABLE_SERVICES, isBookableSlug } from "../../../domain/catalogue";
import { addDays, isIsoDate } from "../../../domain/dates";
import { invalid, INVALID_MESSAGE, problemBody, queryParam, send, single } from "../../requests/http";
import type { RouteDeps } from "../../requests/types";
import { serviceFreeTimes, SLOTS_MAX_DAYS } from "./free-slots";

/** The time zone every date and time of the answer is in (the clinic's wall clock). */
export const CLINIC_TIME_ZONE = "Africa/Gaborone";

/** How long a client or a proxy may keep the answer: a few seconds, so a time booked meanwhile soon disappears. */
export const SLOTS_MAX_AGE_SECONDS = 5;

export const SLOTS_MESSAGES = {
  service: `Choose a service by its slug: one of ${BOOKABLE_SERVICES.map((s) => s.slug).join(", ")}.`,
  from: "Give the first day as YYYY-MM-DD.",
  to: "Give the last day as YYYY-MM-DD, on or after the first day.",
  tooLong: `Ask for at most ${SLOTS_MAX_DAYS} days at a time.`,
} as const;

const slotsBody = z.object({
  data: z.object({
    service: z.string(),
    selfBookable: z.boolean(),
    timeZone: z.literal(CLINIC_TIME_ZONE),
    days: z.array(z.object({ date: z.string(), times: z.array(z.string()) })),
  }),
});

/**
 * GET /api/appointment/public/slots?service=<slug>&from=YYYY-MM-DD&to=YYYY-MM-DD
 * (decision 063): a service's free times to book online, by day, in Gaborone
 * time, for at most SLOTS_MAX_DAYS days; a service booked by request only
 * answers `selfBookable: false` and no days. An unknown service, or a bad or
 * too long range, is a 400 naming the field.
 */
export async function slotsRoutes(app: FastifyInstance, { config, db, now }: Pick<RouteDeps, "config" | "db" | "now">) {
  app.withTypeProvider<ZodTypeProvider>().get(
    SLOTS_PATH,
    {
      schema: {
        querystring: z.object({ service: queryParam, from: queryParam, to: queryParam }),
        response: { 200: slotsBody, 400: problemBody },
      },
    },
    async (request, reply) => {
      const service = single(request.query.service);
      const from = single(request.query.from);
      const to = single(request.query.to);
      const errors: Record<string, string> = {};
      if (!isBookableSlug(service)) errors.service = SLOTS_MESSAGES.service;
      if (!isIsoDate(from)) errors.from = SLOTS_MESSAGES.from;
      if (!isIsoDate(to) || (isIsoDate(from) && to < from)) errors.to = SLOTS_MESSAGES.to;
      else if (isIsoDate(from) && to > addDays(from, SLOTS_MAX_DAYS - 1)) errors.to = SLOTS_MESSAGES.tooLong;
      if (Object.keys(errors).length > 0 || !isBookableSlug(service))
        return send(reply, invalid(errors, INVALID_MESSAGE));
      const rule = bookingRuleOf(service);
      const days = rule?.selfBookable ? await serviceFreeTimes(db, config, service, rule, { from, to }, now()) : [];
      return (
        reply
          .header("cache-control", `public, max-age=${SLOTS_MAX_AGE_SECONDS}`)
          // Built here to slotsBody's shape (the type checks it): a 60-day answer holds thousands
          // of times, and checking each again on the way out would double the route's cost.
          .serializer((payload) => JSON.stringify(payload))
          .send({
            data: {
              service,
              selfBookable: rule?.selfBookable ?? false,
              timeZone: CLINIC_TIME_ZONE,
              days: days.map((d) => ({ date: d.date, times: d.starts.map((s) => s.time) })),
            },
          })
      );
    },
  );
}
