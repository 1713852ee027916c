import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { contactSchema, type Contact } from "../../domain/validation/contact";
import { languageOf } from "../../domain/validation/fields";
import { formProblemResponses, invalid, invalidMessage, schemaVerdict, send } from "../requests/http";
import { KEY_REUSED_ANSWER } from "../requests/idempotency";
import { fakeReference } from "../requests/reference";
import { screenSubmission } from "../requests/submission";
import type { ApiAnswer, RouteDeps } from "../requests/types";
import { ENQUIRY_PATH } from "../../domain/api-paths";
import { ENQUIRY_ACCEPTED, enquiryAnswer } from "./api-answer";
import { enquiryRules, storeEnquiry, type EnquiryOutcome } from "./submit";

export { ENQUIRY_ACCEPTED };

/** The 201 answer: the enquiry's reference. */
const enquiryAccepted = z.object({
  message: z.string(),
  data: z.object({ reference: z.string() }),
});

/** The JSON API's answer to an enquiry's outcome (decision 031). */
function enquiryReply(outcome: EnquiryOutcome): ApiAnswer {
  return outcome.kind === "stored" ? enquiryAnswer.answer(outcome.accepted) : KEY_REUSED_ANSWER;
}

/** POST /api/contact-enquire/public/create: stores an enquiry and queues the clinic's notification. */
export async function enquiryRoutes(app: FastifyInstance, { config, db, rateLimit }: RouteDeps) {
  app.withTypeProvider<ZodTypeProvider>().post(
    ENQUIRY_PATH,
    {
      schema: { body: contactSchema, response: { 201: enquiryAccepted, ...formProblemResponses } },
      config: rateLimit(config.rateLimit.enquiriesPerMinute),
      preValidation: screenSubmission("enquiry", (_body, year, seed) =>
        enquiryAnswer.answer({ message: ENQUIRY_ACCEPTED, reference: fakeReference("ENQ", year, seed) }),
      ),
      // The schema's errors are answered together with the phone rule's (enquiryRules).
      attachValidation: true,
    },
    async (request, reply) => {
      const submission = request.submission!;
      const checked = enquiryRules(submission.body, schemaVerdict<Contact>(request));
      if (!checked.ok) return send(reply, invalid(checked.errors, invalidMessage(languageOf(submission.body))));
      const outcome = await storeEnquiry(db, config, checked.value, submission);
      if (outcome.kind === "stored" && outcome.replayed) reply.header("idempotent-replayed", "true");
      return send(reply, enquiryReply(outcome));
    },
  );
}
