import type { FastifyInstance } from "fastify";
import rateLimit from "@fastify/rate-limit";
import { appointmentRoutes, calendarRoutes, slotsRoutes } from "../appointments/booking/index";
import { earlierRoutes } from "../appointments/earlier/index";
import { clientErrorRoutes } from "../client-errors/routes";
import type { Config } from "../base/config";
import type { Db } from "../db/index";
import { enquiryRoutes } from "../enquiries/routes";
import type { RouteDeps } from "../requests/types";
import type { PdfChecks } from "../uploads/pdf-pool";
import { uploadRoutes } from "../uploads/routes";
import { JSON_TYPE } from "../requests/content-type";
import { JSON_ONLY, RATE_LIMIT_MESSAGE } from "../requests/http";
import { databaseRateLimitStore } from "../requests/rate-limit-store";

export interface RequestsPluginOptions {
  config: Config;
  db: Db;
  /** The PDF check's threads and queue (server/uploads/pdf-pool.ts), shared with the booking page. */
  pdfChecks: PdfChecks;
  /** The clock the booking rules read (tests inject one); the real one by default. */
  now?: () => Date;
}

/**
 * The public request endpoints (contact enquiries, appointment requests,
 * referral uploads, the booking calendar and free times, asking for and taking an earlier time,
 * the islands' failure reports) in one encapsulated plugin: its
 * rate limiter and multipart parser apply to these routes only, and each of
 * its routes is marked `publicRequest`, so the app's error handler answers
 * their errors in their style (server/http/error-handler.ts). A route that takes
 * a body takes JSON unless it names its own types (the upload: multipart);
 * others get 415 before their body is read (server/requests/content-type.ts).
 */
export async function requestsPlugin(
  app: FastifyInstance,
  { config, db, pdfChecks, now = () => new Date() }: RequestsPluginOptions,
) {
  app.addHook("onRoute", (route) => {
    const takesBody = [route.method].flat().some((m) => m !== "GET" && m !== "HEAD");
    route.config = {
      ...(takesBody ? { accepts: [JSON_TYPE], unsupportedType: { message: JSON_ONLY } } : {}),
      ...route.config,
      publicRequest: true,
    };
  });
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

  const deps: RouteDeps = { config, db, rateLimit: limit, now };
  await enquiryRoutes(app, deps);
  await appointmentRoutes(app, deps);
  await uploadRoutes(app, { ...deps, pdfChecks });
  await calendarRoutes(app, deps);
  await slotsRoutes(app, deps);
  await earlierRoutes(app, deps);
  await clientErrorRoutes(app, deps);
}
