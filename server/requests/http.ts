import type { FastifyReply, FastifyRequest, FastifySchemaValidationError } from "fastify";
import { z } from "zod";
import { BASE_LOCALE, type Locale } from "../../domain/locale";
import { m } from "../../domain/paraglide/messages.js";
import type { Checked } from "../../domain/validation/fields";
import type { ApiAnswer } from "./types";
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from "./unavailable";

/** What a refused form is told above its fields' errors, in `locale`. */
export const invalidMessage = (locale: Locale = BASE_LOCALE) => m.form_invalid({}, { locale });
/** What a rate-limited client is told, in `locale` (the browser forms say it in the page's language too). */
export const rateLimitMessage = (locale: Locale = BASE_LOCALE) => m.form_rate_limited({}, { locale });

export const INVALID_MESSAGE = invalidMessage();
export const RATE_LIMIT_MESSAGE = rateLimitMessage();

/** A 400 answer with the fields at fault (a form's: `invalidMessage(locale)` in the request's language). */
export function invalid(errors: Record<string, string>, message: string = INVALID_MESSAGE): ApiAnswer {
  return { status: 400, body: { message, errors } };
}

/** Sends an answer with the headers every public request response carries. */
export function send(reply: FastifyReply, answer: ApiAnswer): FastifyReply {
  // A 503 (an outage, the PDF check's queue full) says when to try again.
  if (answer.status === 503) reply.header("retry-after", String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  return reply.code(answer.status).header("cache-control", "no-store").send(answer.body);
}

/** True for a plain JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export const JSON_ONLY = "Send the request as application/json.";

/** A 415 answer unless the request declares a JSON body. */
export function requireJson(contentType: string | undefined): ApiAnswer | null {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  return type === "application/json" ? null : { status: 415, body: { message: JSON_ONLY } };
}

/**
 * Fastify's schema validation errors in the API's `{field: message}` shape,
 * as domain/validation/fields.ts's fieldErrors gives them: the first message
 * per field, dotted paths, "form" for the value as a whole.
 */
export function validationFieldErrors(validation: readonly FastifySchemaValidationError[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of validation) {
    const key = issue.instancePath.slice(1).split("/").join(".") || "form";
    out[key] ??= issue.message ?? INVALID_MESSAGE;
  }
  return out;
}

/**
 * The route's body schema's verdict, for a route that attaches its
 * validation (`attachValidation`) to add its own rules: the parsed body, or
 * the schema's errors by field. So the body is validated once, by the route.
 */
export function schemaVerdict<T>(request: FastifyRequest): Checked<T> {
  const failed = request.validationError;
  if (failed) return { ok: false, errors: validationFieldErrors(failed.validation as FastifySchemaValidationError[]) };
  return { ok: true, value: request.body as T };
}

/** A query parameter as Fastify parses it: a string, or an array of them when it is repeated. */
export const queryParam = z.union([z.string(), z.array(z.string())]).optional();

/** A query parameter's one value; "" when it is missing or repeated. */
export function single(value: string | string[] | undefined): string {
  return typeof value === "string" ? value : "";
}

/** Response schemas of the JSON answers. */

/** An answer that only says something: `{message}`. */
export const messageBody = z.object({ message: z.string() });

/** An error answer: its message and, for most, the fields at fault (`{}` when none is). */
export const problemBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

/**
 * The error statuses every public JSON form endpoint can answer: 400 invalid
 * (fields, JSON, Idempotency-Key), 413 too large, 415 not JSON, 422 a key
 * reused with another body, 429 rate limited, 503 database unavailable.
 */
export const formProblemResponses = {
  400: problemBody,
  413: problemBody,
  415: problemBody,
  422: problemBody,
  429: problemBody,
  500: messageBody,
  503: problemBody,
} as const;
