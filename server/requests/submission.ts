import type { FastifyReply, FastifyRequest } from "fastify";
import { clinicYear } from "../../domain/dates";
import type { ApiAnswer } from "./types";
import { isHoneypotFilled } from "./honeypot";
import { invalid, isRecord, requireJson, send } from "./http";
import { idempotencyKey } from "./request-context";

/**
 * preValidation hook of the JSON form endpoints: the checks made on the body
 * as sent, before the route's schema validates it. In order: a JSON content
 * type (415), a JSON object (400), the honeypot (answered like an acceptance,
 * with nothing stored), a well-formed Idempotency-Key (400). What passes is
 * kept as `request.submission`: the schema's parsed value replaces the body,
 * but the idempotency hash and the server-only rules read it as sent.
 */
export function screenSubmission(
  what: string,
  honeypotAnswer: (
    body: Record<string, unknown>,
    year: number,
    seed: string | undefined,
  ) => ApiAnswer | Promise<ApiAnswer>,
  clock: () => Date = () => new Date(),
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const now = clock();
    const year = clinicYear(now);
    const wrongType = requireJson(request.headers["content-type"]);
    if (wrongType) return send(reply, wrongType);
    const body: unknown = request.body;
    if (!isRecord(body)) return send(reply, invalid({ form: `Send the ${what} as a JSON object.` }));
    if (isHoneypotFilled(body)) {
      return send(reply, await honeypotAnswer(body, year, request.headers["idempotency-key"]?.toString()));
    }
    const { key, error } = idempotencyKey(request);
    if (error) return send(reply, error);
    request.submission = { body, key, now, year };
  };
}
