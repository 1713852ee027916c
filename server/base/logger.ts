import pino, { type LoggerOptions } from "pino";
import { hideTokens, loggedPath } from "../../domain/request-path";

/**
 * Structured JSON logs. Request and response serialisers keep only the
 * method, the path (loggedPath: canonical, no query, a private link's token
 * hidden), the status and timings. Bodies and headers are never logged. Every
 * line, whoever wrote it (Fastify's own messages, an error's message or
 * stack, a job), passes through hideTokens on its way out, so a private
 * link's token that reached a message is hidden too.
 */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    hooks: { streamWrite: hideTokens },
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
