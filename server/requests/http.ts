import type { FastifyReply } from "fastify";

/** The JSON body of every answer from the public request endpoints. */
export interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
}

export const INVALID_MESSAGE = "Some details need attention. Please check the highlighted fields.";
export const RATE_LIMIT_MESSAGE = "Too many requests. Please wait a minute and try again.";

export function invalid(errors: Record<string, string>, message = INVALID_MESSAGE): ApiAnswer {
  return { status: 400, body: { message, errors } };
}

/** Sends an answer with the headers every public request response carries. */
export function send(reply: FastifyReply, answer: ApiAnswer): FastifyReply {
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
