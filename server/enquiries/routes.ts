import type { FastifyInstance } from "fastify";
import { contactSchema } from "../../domain/validation/contact";
import { fieldErrors } from "../../domain/validation/fields";
import { clinicToday } from "../../domain/dates";
import type { Config } from "../config";
import type { Db } from "../db/index";
import { enqueueMail } from "../mail/queue";
import { clinicEnquiryMail } from "../mail/templates";
import { isHoneypotFilled } from "../requests/honeypot";
import { invalid, isRecord, requireJson, send } from "../requests/http";
import { runIdempotent } from "../requests/idempotency";
import { PHONE_INVALID, toE164 } from "../requests/phone";
import { fakeReference } from "../requests/reference";
import { idempotencyKey } from "../requests/request-context";
import { enquiryRepository } from "./enquiry-repository";

export const ENQUIRY_PATH = "/api/contact-enquire/public/create";
export const ENQUIRY_ACCEPTED = "Your inquiry has been submitted successfully!";

export interface RouteDeps {
  config: Config;
  db: Db;
  rateLimit: (perMinute: number) => Record<string, unknown>;
}

/** POST /api/contact-enquire/public/create: stores an enquiry and queues the clinic's notification. */
export async function enquiryRoutes(app: FastifyInstance, { config, db, rateLimit }: RouteDeps) {
  const enquiries = enquiryRepository(db);

  app.post(ENQUIRY_PATH, { config: rateLimit(config.rateLimit.enquiriesPerMinute) }, async (request, reply) => {
    const now = new Date();
    const year = Number(clinicToday(now).slice(0, 4));
    const wrongType = requireJson(request.headers["content-type"]);
    if (wrongType) return send(reply, wrongType);
    const body: unknown = request.body;
    const honeypotSeed = request.headers["idempotency-key"]?.toString();
    if (!isRecord(body)) return send(reply, invalid({ form: "Send the enquiry as a JSON object." }));
    if (isHoneypotFilled(body)) {
      return send(reply, {
        status: 201,
        body: { message: ENQUIRY_ACCEPTED, data: { reference: fakeReference("ENQ", year, honeypotSeed) } },
      });
    }
    const { key, error } = idempotencyKey(request);
    if (error) return send(reply, error);

    const parsed = contactSchema.safeParse(body);
    const errors = parsed.success ? {} : fieldErrors(parsed.error);
    const phone = typeof body.phoneNumber === "string" && body.phoneNumber.trim() ? toE164(body.phoneNumber) : null;
    if (!errors.phoneNumber && !phone) errors.phoneNumber = PHONE_INVALID;
    if (!parsed.success || !phone || Object.keys(errors).length) return send(reply, invalid(errors));
    const value = parsed.data;

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
  });
}
