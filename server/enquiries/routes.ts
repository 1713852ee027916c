import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { contactSchema } from "../../domain/validation/contact";
import { enqueueMail } from "../mail/queue";
import { clinicEnquiryMail } from "../mail/templates";
import { formProblemResponses, invalid, send, validationFieldErrors } from "../requests/http";
import { runIdempotent } from "../requests/idempotency";
import { checkPhone } from "../requests/phone";
import { fakeReference } from "../requests/reference";
import { screenSubmission } from "../requests/submission";
import type { RouteDeps } from "../types";
import { enquiryRepository } from "./enquiry-repository";

export const ENQUIRY_PATH = "/api/contact-enquire/public/create";
export const ENQUIRY_ACCEPTED = "Your inquiry has been submitted successfully!";

/** The 201 answer: the enquiry's reference. */
const enquiryAccepted = z.object({
  message: z.string(),
  data: z.object({ reference: z.string() }),
});

/** POST /api/contact-enquire/public/create: stores an enquiry and queues the clinic's notification. */
export async function enquiryRoutes(app: FastifyInstance, { config, db, rateLimit }: RouteDeps) {
  const enquiries = enquiryRepository(db);

  app.withTypeProvider<ZodTypeProvider>().post(
    ENQUIRY_PATH,
    {
      schema: { body: contactSchema, response: { 201: enquiryAccepted, ...formProblemResponses } },
      config: rateLimit(config.rateLimit.enquiriesPerMinute),
      preValidation: screenSubmission("enquiry", (_body, year, seed) => ({
        status: 201,
        body: { message: ENQUIRY_ACCEPTED, data: { reference: fakeReference("ENQ", year, seed) } },
      })),
      // Schema errors are answered here, together with the phone rule's.
      attachValidation: true,
    },
    async (request, reply) => {
      const { body, key, now, year } = request.submission!;
      const errors = request.validationError ? validationFieldErrors(request.validationError.validation) : {};
      const phone = checkPhone(body, "phoneNumber", errors);
      if (request.validationError || !phone || Object.keys(errors).length) return send(reply, invalid(errors));
      const value = request.body;

      const answer = await runIdempotent(db, ENQUIRY_PATH, key, body, async (trx) => {
        const row = await enquiries.create(
          { name: value.name, phone, email: value.email, description: value.description },
          now,
          year,
          trx,
        );
        await enqueueMail(trx, clinicEnquiryMail({ reference: row.reference }, config), now);
        return { status: 201, body: { message: ENQUIRY_ACCEPTED, data: { reference: row.reference } } };
      });
      if (answer.replayed) reply.header("idempotent-replayed", "true");
      return send(reply, answer);
    },
  );
}
