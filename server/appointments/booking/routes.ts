import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { appointmentSchema, type Appointment } from "../../../domain/validation/appointment";
import { languageOf } from "../../../domain/validation/fields";
import { formProblemResponses, invalid, invalidMessage, isRecord, schemaVerdict, send } from "../../requests/http";
import { KEY_REUSED_ANSWER } from "../../requests/idempotency";
import { fakeReference } from "../../requests/reference";
import { screenSubmission } from "../../requests/submission";
import type { ApiAnswer, RouteDeps } from "../../requests/types";
import { APPOINTMENT_PATH } from "../../../domain/api-paths";
import { appointmentAcceptedMessage, appointmentAnswer, textsNotSent } from "./api-answer";
import { isContactPreference } from "../../../domain/contact-preference";
import { textsAbroad } from "../../texts/index";
import { storeAppointment, type AppointmentOutcome } from "./submit";
import { fakeManageUrl } from "../manage-links";
import { bookingRulesNow, requestAnswerBy } from "../../closures/closed-dates";
import { appointmentRules } from "./validate";
import { screenTimeBooking } from "./book-time";
import { bookedWords } from "../../../domain/booking-rules";

/**
 * The 201 answer: the request's reference, with the date and service it asks
 * for (the specification's fields), and the patient's private link to it.
 */
const appointmentAccepted = z.object({
  message: z.string(),
  data: z.object({
    reference: z.string(),
    /** "confirmed" for a time the patient booked (decision 063); absent for a request. */
    status: z.literal("confirmed").optional(),
    appointmentDate: z.string(),
    /** The booked time, HH:MM in Gaborone, for a time the patient booked. */
    appointmentTime: z.string().optional(),
    service: z.object({ name: z.string() }),
    /** The patient's private link; absent from a replay (server/appointments/booking/submit.ts). */
    manageUrl: z.string().optional(),
    /** Present when no texts go to the patient's number (not in SMS_COUNTRIES), with why in words (decision 042). */
    textMessages: z
      .object({
        sent: z.literal(false),
        reason: z.literal("country"),
        countries: z.array(z.string()),
        message: z.string(),
      })
      .optional(),
  }),
});

/** The 409 answer to a time taken meanwhile: what the patient is told, and up to 6 of the nearest free times. */
const timeTaken = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()),
  alternatives: z.array(z.object({ date: z.string(), time: z.string() })),
});

/**
 * The JSON API's answer to a request's outcome (decision 031): 201 with the
 * stored answer (a first one with the private link added), 400 with the
 * refused fields (a time against its rule: a message that tells the patient
 * to send a request instead), 409 for a time taken meanwhile, with the
 * nearest free times, 422 for a key reused with another body.
 */
function appointmentReply(outcome: AppointmentOutcome): ApiAnswer {
  switch (outcome.kind) {
    case "stored": {
      const answer = appointmentAnswer.answer(outcome.accepted);
      if (!outcome.manageUrl) return answer;
      const data = { ...(answer.body.data as Record<string, unknown>), manageUrl: outcome.manageUrl };
      return { ...answer, body: { ...answer.body, data } };
    }
    case "refused":
      return invalid(outcome.errors);
    case "time-refused":
      return invalid(outcome.errors, outcome.message);
    case "taken":
      return {
        status: 409,
        body: {
          message: outcome.message,
          errors: { appointmentTime: outcome.message },
          alternatives: outcome.alternatives,
        },
      };
    case "key-reused":
      return KEY_REUSED_ANSWER;
  }
}

/**
 * POST /api/appointment/public/appointments: stores a request, attaches its uploads, queues both
 * e-mails; with `"bookTime": true`, books the free time appointmentDate and appointmentTime name
 * instead (decision 063), confirmed in a free room.
 */
export async function appointmentRoutes(app: FastifyInstance, { config, db, rateLimit, now: clock }: RouteDeps) {
  app.withTypeProvider<ZodTypeProvider>().post(
    APPOINTMENT_PATH,
    {
      schema: {
        body: appointmentSchema,
        response: { 201: appointmentAccepted, 409: timeTaken, ...formProblemResponses },
      },
      config: rateLimit(config.rateLimit.bookingsPerMinute),
      preValidation: screenSubmission(
        "appointment",
        async (body, year, seed) => {
          // A time asked for is answered as booked (decision 063), with the words a booked time gets.
          const date = typeof body.appointmentDate === "string" ? body.appointmentDate.slice(0, 10) : "";
          const time = typeof body.appointmentTime === "string" ? body.appointmentTime.slice(0, 5) : "";
          const booked = body.bookTime === true ? { status: "confirmed" as const, appointmentTime: time } : undefined;
          return appointmentReply({
            kind: "stored",
            replayed: false,
            accepted: {
              // The same words and day as a stored request's (or booked time's), so a bot cannot tell the two apart.
              message: booked
                ? bookedWords(date, time, languageOf(body))
                : appointmentAcceptedMessage(await requestAnswerBy(db, config, clock())),
              reference: fakeReference("APT", year, seed),
              appointmentDate: date,
              ...(booked ? { booked } : {}),
              service: {
                name:
                  isRecord(body.service) && typeof body.service.name === "string"
                    ? body.service.name.slice(0, 100)
                    : "",
              },
              // What a stored request with this number would say of texts.
              ...(textsAbroad(
                typeof body.phoneNumber === "string" ? body.phoneNumber : "",
                isContactPreference(body.contactPreference) ? body.contactPreference : null,
                config.texts.countries,
              )
                ? { textMessages: textsNotSent(config.texts.countries, languageOf(body)) }
                : {}),
            },
            // A link of the real shape that leads nowhere, so a bot cannot tell this answer from a stored one.
            manageUrl: fakeManageUrl(config),
          });
        },
        clock,
      ),
      // The schema's errors are answered together with the server-only rules' (appointmentRules).
      attachValidation: true,
    },
    async (request, reply) => {
      const submission = request.submission!;
      const { body, now } = submission;
      const rules = await bookingRulesNow(db, config, now);
      const checked = appointmentRules(body, schemaVerdict<Appointment>(request), now, rules);
      if (!checked.ok) return send(reply, invalid(checked.errors, invalidMessage(languageOf(body))));
      // A free time asked for (decision 063): its service and screening first; the time itself in the transaction.
      const intent = checked.value.bookTime ? screenTimeBooking(checked.value) : undefined;
      if (intent?.kind === "refused") return send(reply, invalid(intent.errors, intent.message));
      const booking = intent?.kind === "book" ? intent.booking : undefined;
      const outcome = await storeAppointment(db, config, checked.value, submission, rules.answerBy, booking);
      if (outcome.kind === "stored" && outcome.replayed) reply.header("idempotent-replayed", "true");
      return send(reply, appointmentReply(outcome));
    },
  );
}
