import type { FastifyRequest } from "fastify";
import { isValidKey, KEY_INVALID } from "./idempotency";
import type { ApiAnswer } from "./types";
import { invalid } from "./http";

/** The Idempotency-Key header: absent, valid, or an error answer. */
export function idempotencyKey(request: FastifyRequest): { key?: string; error?: ApiAnswer } {
  const header = request.headers["idempotency-key"];
  if (header === undefined) return {};
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !isValidKey(value)) {
    return { error: invalid({ "Idempotency-Key": KEY_INVALID }, KEY_INVALID) };
  }
  return { key: value };
}
