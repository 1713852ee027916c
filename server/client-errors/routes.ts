import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CLIENT_ERROR_BODY_MAX_BYTES,
  CLIENT_ERROR_KINDS,
  CLIENT_ERROR_MESSAGE_MAX,
  CLIENT_ERRORS_PATH,
  CLIENT_ERRORS_PER_MINUTE,
  clientErrorMessage,
  ISLANDS,
  REPORTED_SCRIPT,
} from "../../domain/islands";
import { messageBody, problemBody } from "../requests/http";
import { CROSS_SITE_MESSAGE, isCrossSite } from "../requests/same-origin";
import type { RouteDeps } from "../requests/types";

/**
 * What a page reports when its form island failed in the browser
 * (docs/decisions/027-island-failures.md): the island, the kind of failure,
 * a message (a fixed phrase, or from a page sent before decision 038 words
 * the browser has cleaned) and the script it names. Nothing else is accepted.
 */
export const clientErrorReport = z.strictObject({
  island: z.enum(ISLANDS),
  kind: z.enum(CLIENT_ERROR_KINDS),
  // The browser cuts at CLIENT_ERROR_MESSAGE_MAX; the ellipsis may add one character.
  message: z
    .string()
    .max(CLIENT_ERROR_MESSAGE_MAX + 1)
    .optional(),
  script: z.string().regex(REPORTED_SCRIPT).optional(),
});

/**
 * POST /api/client-errors: logs one line at warn with the island, the kind,
 * the script and, for the message, only a phrase of CLIENT_ERROR_MESSAGES
 * chosen again here (the server does not trust the browser: decision 038), so
 * no free text reaches the log; answers 204. Same-origin only, JSON only (the requests plugin's rule), rate-limited
 * per address, at most 1 KiB.
 */
export async function clientErrorRoutes(app: FastifyInstance, { config, rateLimit }: RouteDeps) {
  app.withTypeProvider<ZodTypeProvider>().post(
    CLIENT_ERRORS_PATH,
    {
      bodyLimit: CLIENT_ERROR_BODY_MAX_BYTES,
      schema: {
        body: clientErrorReport,
        response: {
          204: z.null(),
          400: problemBody,
          403: messageBody,
          413: problemBody,
          415: problemBody,
          429: problemBody,
        },
      },
      config: rateLimit(CLIENT_ERRORS_PER_MINUTE),
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      if (isCrossSite(config, (name) => request.headers[name] as string | undefined)) {
        return reply.code(403).send({ message: CROSS_SITE_MESSAGE });
      }
      const { island, kind, message, script } = request.body;
      request.log.warn(
        {
          clientError: {
            island,
            kind,
            ...(message ? { message: clientErrorMessage(message) } : {}),
            ...(script ? { script } : {}),
          },
        },
        "a form island failed in the browser",
      );
      return reply.code(204).send(null);
    },
  );
}
