import pino, { type LoggerOptions } from "pino";
import { MANAGE_PATH_PREFIX } from "../domain/paths";

/**
 * A request's path as logs may show it: never the query string (it may carry
 * personal data or an invitation token), and a patient link's token replaced.
 */
export function loggedPath(url: string): string {
  const path = url.split("?")[0]!;
  return path.startsWith(MANAGE_PATH_PREFIX) ? `${MANAGE_PATH_PREFIX}[token]` : path;
}

/**
 * Structured JSON logs. Request and response serialisers keep only the
 * method, the path (loggedPath), the status and timings. Bodies and headers
 * are never logged.
 */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: {
      req: (req: { id?: string; method?: string; url?: string }) => ({
        id: req.id,
        method: req.method,
        path: req.url ? loggedPath(req.url) : undefined,
      }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
      err: pino.stdSerializers.err,
    },
    redact: {
      paths: ["req.headers", "req.body", "body", "headers", "*.email", "*.phone", "*.phoneNumber", "*.name"],
      remove: true,
    },
  };
}
