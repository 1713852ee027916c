import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { contactSchema } from "../../domain/validation/contact";
import { formProblemResponses, invalid, send } from "../requests/http";
import { fakeReference } from "../requests/reference";
import { screenSubmission } from "../requests/submission";
import type { RouteDeps } from "../requests/types";
import { ENQUIRY_PATH } from "../../domain/api-paths";
import { ENQUIRY_ACCEPTED, storeEnquiry, validateEnquiry } from "./submit";

export { ENQUIRY_ACCEPTED };

/** The 201 answer: the enquiry's reference. */
const enquiryAccepted = z.object({
  message: z.string(),
  data: z.object({ reference: z.string() }),
});

/** POST /api/contact-enquire/public/create: stores an enquiry and queues the clinic's notification. */
export async function enquiryRoutes(app: FastifyInstance, { config, db, rateLimit }: RouteDeps) {
  app.withTypeProvider<ZodTypeProvider>().post(
    ENQUIRY_PATH,
    {
      schema: { body: contactSchema, response: { 201: enquiryAccepted, ...formProblemResponses } },
      config: rateLimit(config.rateLimit.enquiriesPerMinute),
      preValidation: screenSubmission("enquiry", (_body, year, seed) => ({
        status: 201,
        body: { message: ENQUIRY_ACCEPTED, data: { reference: fakeReference("ENQ", year, seed) } },
      })),
      // Schema errors are answered by validateEnquiry, together with the phone rule's.
      attachValidation: true,
    },
    async (request, reply) => {
      const submission = request.submission!;
      const checked = validateEnquiry(submission.body);
      if (!checked.ok) return send(reply, invalid(checked.errors));
      const answer = await storeEnquiry(db, config, checked.value, submission);
      if (answer.replayed) reply.header("idempotent-replayed", "true");
      return send(reply, answer);
    },
  );
}
