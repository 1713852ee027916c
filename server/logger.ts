import pino, { type LoggerOptions } from "pino";
import { MANAGE_PATH_PREFIX } from "../domain/paths";
import { canonicalPath } from "./requests/canonical-path";

/**
 * A request's path as logs may show it: its canonical spelling (a request in
 * another spelling is redirected there, server/requests/canonical-path.ts),
 * never the query string (it may carry personal data or an invitation token),
 * a patient link's token replaced however the request spelled the path, and
 * a path that cannot be read not at all.
 */
export function loggedPath(url: string): string {
  const path = canonicalPath(url.split("?")[0]!);
  if (path === undefined) return "[unreadable path]";
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
