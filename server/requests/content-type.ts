import type { FastifyReply, FastifyRequest } from "fastify";
import { hasBody } from "./body-limit";

/**
 * The content types each route takes. A route that reads a body names them
 * in its config (`accepts`); a request with another type, or with none, is
 * answered 415 with a message before anything reads its body, so a body no
 * reader expects can never leave a request unanswered (a text/plain post to
 * a page whose action reads a form used to hang until the client gave up).
 */

export const FORM_URLENCODED = "application/x-www-form-urlencoded";
export const MULTIPART_FORM = "multipart/form-data";
export const JSON_TYPE = "application/json";

/** The media type of a Content-Type header, lowercased and without parameters; "" when there is none. */
export function mediaType(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return (value ?? "").split(";")[0]!.trim().toLowerCase();
}

/** The methods whose body a route may read: the content type is checked for these. */
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The 415 message of a route that says nothing of its own. */
export function unsupportedTypeMessage(accepts: readonly string[]): string {
  return `This address takes ${accepts.join(" or ")} only.`;
}

/**
 * onRequest hook: a POST, PUT, PATCH or DELETE whose Content-Type is not one
 * its route takes (`config.accepts`), or that sends a body without one, gets
 * 415 with the route's message (`config.unsupportedType`) before any parser
 * or handler runs. A request with neither a body nor a type passes (there is
 * nothing to read). Routes without `accepts` (those that read no body) are
 * not checked.
 */
export async function refuseUnsupportedType(request: FastifyRequest, reply: FastifyReply) {
  const config = request.routeOptions.config;
  const accepts = config?.accepts;
  if (!accepts || !BODY_METHODS.has(request.method)) return;
  const type = mediaType(request.headers["content-type"]);
  // A post without a body (a sign-out button) declares no type and has nothing to read.
  if (type === "" && !hasBody(request)) return;
  if (accepts.includes(type)) return;
  const body = config.unsupportedType ?? { message: unsupportedTypeMessage(accepts) };
  return reply.code(415).header("cache-control", "no-store").send(body);
}
