import type { FastifyInstance } from "fastify";
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from "../requests/unavailable";
import type { Readiness } from "./readiness";

/**
 * The orchestrator's probes (decision 033). Neither is rate-limited (the
 * limits belong to the public forms' plugin), neither carries anything
 * personal, and their request lines are not logged (info), only failures.
 *
 * - GET /livez: 200 while the process can answer at all; it checks nothing
 *   else, so the database being away never gets the process restarted.
 * - GET /readyz: 200 when the database answers and has run every migration,
 *   else 503 with Retry-After; within a second even when the database hangs.
 */
export function healthRoutes(app: FastifyInstance, readiness: () => Promise<Readiness>) {
  app.get("/livez", { logLevel: "warn" }, async (_request, reply) =>
    reply.header("cache-control", "no-store").send({ status: "live" }),
  );
  app.get("/readyz", { logLevel: "warn" }, async (_request, reply) => {
    const state = await readiness();
    reply.header("cache-control", "no-store");
    if (state.ready) return reply.send({ status: "ready" });
    return reply
      .code(503)
      .header("retry-after", String(UNAVAILABLE_RETRY_AFTER_SECONDS))
      .send({ status: "unavailable", reason: state.reason });
  });
}
