import pino, { type LoggerOptions } from "pino";

/**
 * Structured JSON logs. Request and response serialisers keep only the
 * method, the path (never the query string, which may carry personal data),
 * the status and timings. Bodies and headers are never logged.
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
        path: req.url ? req.url.split("?")[0] : undefined,
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
