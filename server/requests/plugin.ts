import type { FastifyError, FastifyInstance } from "fastify";
import rateLimit from "@fastify/rate-limit";
import { appointmentRoutes } from "../appointments/routes";
import { calendarRoutes } from "../calendar/routes";
import type { Config } from "../config";
import type { Db } from "../db/index";
import { enquiryRoutes } from "../enquiries/routes";
import { uploadRoutes } from "../uploads/routes";
import { TOO_LARGE_MESSAGE } from "./body-limit";
import { RATE_LIMIT_MESSAGE } from "./http";
import { isDatabaseUnavailable, UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER_SECONDS } from "./unavailable";
import { databaseRateLimitStore } from "./rate-limit-store";

export interface RequestsPluginOptions {
  config: Config;
  db: Db;
}

/**
 * The public request endpoints (contact enquiries, appointment requests,
 * referral uploads, the booking calendar) in one encapsulated plugin: its
 * rate limiter, multipart parser and error handler apply to these routes only.
 */
export async function requestsPlugin(app: FastifyInstance, { config, db }: RequestsPluginOptions) {
  await app.register(rateLimit, {
    global: false,
    // Counters live in the database so that every instance enforces one shared limit.
    store: databaseRateLimitStore(db, (error) =>
      app.log.error({ err: { message: (error as Error).message } }, "rate-limit prune failed"),
    ),
    // The key is the client address; X-Forwarded-For counts only for the proxies TRUST_PROXY names (Fastify's trustProxy).
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: RATE_LIMIT_MESSAGE,
    }),
  });
  const limit = (perMinute: number) =>
    config.rateLimit.enabled ? { rateLimit: { max: perMinute, timeWindow: 60_000 } } : {};

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    reply.header("cache-control", "no-store");
    if (status === 429) return reply.code(429).send({ message: RATE_LIMIT_MESSAGE });
    if (isDatabaseUnavailable(error)) {
      // The database is down or unreachable (even the rate-limit count needs it): say so, never 500.
      request.log.error({ err: { message: error.message, code: error.code } }, "database unavailable");
      return reply
        .code(503)
        .header("retry-after", String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send({ message: UNAVAILABLE_MESSAGE, errors: {} });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: clientMessage(error, status), errors: {} });
    }
    request.log.error({ err: { message: error.message, code: error.code, stack: error.stack } }, "request failed");
    return reply.code(500).send({ message: "Something went wrong on our side. Please try again later." });
  });

  const deps = { config, db, rateLimit: limit };
  await enquiryRoutes(app, deps);
  await appointmentRoutes(app, deps);
  await uploadRoutes(app, deps);
  await calendarRoutes(app, deps);
}

function clientMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "Send the request as application/json.";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
    case "FST_REQ_FILE_TOO_LARGE":
      return TOO_LARGE_MESSAGE;
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "The request body is not valid JSON.";
    default:
      if (status === 413) return TOO_LARGE_MESSAGE;
      if (status === 415) return "This content type is not accepted.";
      return "The request could not be processed.";
  }
}
