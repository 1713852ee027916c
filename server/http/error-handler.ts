import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaValidationError } from "fastify";
import { answerTooLarge, TOO_LARGE_MESSAGE } from "../requests/body-limit";
import { INVALID_MESSAGE, JSON_ONLY, RATE_LIMIT_MESSAGE, validationFieldErrors } from "../requests/http";
import { isDatabaseUnavailable, UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER_SECONDS } from "../requests/unavailable";

export const SERVER_ERROR_MESSAGE = "Something went wrong on our side. Please try again.";
export const REQUEST_FAILED_MESSAGE = "Something went wrong on our side. Please try again later.";

/**
 * The app's error handler. Client errors keep their message; server errors
 * are logged with their stack and answered with a fixed text, so no internals
 * reach a client. A schema validation error is answered like the routes'
 * own: 400 with the fields at fault. The public request endpoints
 * (`config.publicRequest`) answer in their own style: see publicRequestError.
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (request.routeOptions.config?.publicRequest) return publicRequestError(error, request, reply);
  if (error.validation) return invalidRequest(error.validation, reply);
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
  if (status >= 500) {
    request.log.error({ err: error }, "request failed");
    return reply.code(status).send({ message: SERVER_ERROR_MESSAGE });
  }
  if (status === 413) return answerTooLarge(request, reply);
  return reply.code(status).send({ message: error.message });
}

/**
 * Errors of the public request endpoints (contact enquiries, appointment
 * requests, referral uploads, the booking calendar): never cached; 429 for a
 * rate limit; 503 with Retry-After when the database is down or unreachable
 * (even the rate-limit count needs it), never 500; other client errors as
 * `{message, errors}` with a message of our own.
 */
function publicRequestError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  reply.header("cache-control", "no-store");
  if (status === 429) return reply.code(429).send({ message: RATE_LIMIT_MESSAGE });
  if (isDatabaseUnavailable(error)) {
    request.log.error({ err: { message: error.message, code: error.code } }, "database unavailable");
    return reply
      .code(503)
      .header("retry-after", String(UNAVAILABLE_RETRY_AFTER_SECONDS))
      .send({ message: UNAVAILABLE_MESSAGE, errors: {} });
  }
  if (error.validation) return invalidRequest(error.validation, reply);
  if (status >= 400 && status < 500) {
    return reply.code(status).send({ message: clientMessage(error, status), errors: {} });
  }
  request.log.error({ err: { message: error.message, code: error.code, stack: error.stack } }, "request failed");
  return reply.code(500).send({ message: REQUEST_FAILED_MESSAGE });
}

/** A schema validation error (params, querystring, body) as the routes answer invalid input. */
function invalidRequest(validation: FastifySchemaValidationError[], reply: FastifyReply) {
  return reply.code(400).send({ message: INVALID_MESSAGE, errors: validationFieldErrors(validation) });
}

function clientMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return JSON_ONLY;
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
