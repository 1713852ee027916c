import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { appointmentSchema } from "../../domain/validation/appointment";
import { formProblemResponses, invalid, isRecord, send } from "../requests/http";
import { fakeReference } from "../requests/reference";
import { screenSubmission } from "../requests/submission";
import type { RouteDeps } from "../requests/types";
import { APPOINTMENT_PATH } from "../../domain/api-paths";
import { appointmentAcceptedMessage, REFERRAL_MISSING, storeAppointment } from "./submit";
import { fakeManageUrl } from "./manage-links";
import { bookingRulesNow, requestAnswerBy } from "../closures/closed-dates";
import { validateAppointment } from "./validate";

export { appointmentAcceptedMessage, REFERRAL_MISSING };

/**
 * The 201 answer: the request's reference, with the date and service it asks
 * for (the specification's fields), and the patient's private link to it.
 */
const appointmentAccepted = z.object({
  message: z.string(),
  data: z.object({
    reference: z.string(),
    appointmentDate: z.string(),
    service: z.object({ name: z.string() }),
    /** The patient's private link; absent from a replay (server/appointments/submit.ts). */
    manageUrl: z.string().optional(),
  }),
});

/** POST /api/appointment/public/appointments: stores a request, attaches its uploads, queues both e-mails. */
export async function appointmentRoutes(app: FastifyInstance, { config, db, rateLimit }: RouteDeps) {
  app.withTypeProvider<ZodTypeProvider>().post(
    APPOINTMENT_PATH,
    {
      schema: { body: appointmentSchema, response: { 201: appointmentAccepted, ...formProblemResponses } },
      config: rateLimit(config.rateLimit.bookingsPerMinute),
      preValidation: screenSubmission("appointment", async (body, year, seed) => ({
        status: 201,
        body: {
          // The same words and day as a stored request's, so a bot cannot tell the two apart.
          message: appointmentAcceptedMessage(await requestAnswerBy(db, config, new Date())),
          data: {
            reference: fakeReference("APT", year, seed),
            appointmentDate: typeof body.appointmentDate === "string" ? body.appointmentDate.slice(0, 10) : "",
            service: {
              name:
                isRecord(body.service) && typeof body.service.name === "string" ? body.service.name.slice(0, 100) : "",
            },
            // A link of the real shape that leads nowhere, so a bot cannot tell this answer from a stored one.
            manageUrl: fakeManageUrl(config),
          },
        },
      })),
      // The schema's errors come back from validateAppointment, together with the server-only rules'.
      attachValidation: true,
    },
    async (request, reply) => {
      const { body, now } = request.submission!;
      const checked = validateAppointment(body, now, await bookingRulesNow(db, config, now));
      if (!checked.ok) return send(reply, invalid(checked.errors));
      const answer = await storeAppointment(db, config, checked.value, request.submission!);
      if (answer.replayed) reply.header("idempotent-replayed", "true");
      return send(reply, answer);
    },
  );
}
