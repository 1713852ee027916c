import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../base/config";
import type { Db } from "../db/index";
import { healthRoutes } from "./health";
import { registerMetrics, type MetricsOptions } from "./metrics";
import { readinessCheck } from "./readiness";

export interface OperationsOptions {
  config: Config;
  db: Db;
  /** The referral PDF checks' use now, for GET /metrics. */
  pdfChecks: MetricsOptions["pdfChecks"];
}

/**
 * Health and metrics for the operator (decision 033): /livez, /readyz and
 * /metrics. Not encapsulated (fastify-plugin), so the request-duration
 * histogram times every route of the app; registered before the app's own
 * hooks, so it times them too.
 */
export const operationsPlugin = fp(
  async (app: FastifyInstance, { config, db, pdfChecks }: OperationsOptions) => {
    const readiness = readinessCheck(db);
    healthRoutes(app, readiness);
    await registerMetrics(app, { config, db, readiness, pdfChecks });
  },
  { name: "operations", fastify: "5.x" },
);
