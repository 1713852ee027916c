import type { FastifyReply, FastifyRequest } from "fastify";
import { canonicalPath } from "../../domain/request-path";

/**
 * One spelling per address (docs/security.md): every request is brought to
 * its canonical path (domain/request-path.ts) before anything routes it, so
 * headers and logs decide on the path the route matched.
 */

/** Splits a request URL into its path and its query string (with its `?`, or empty). */
function splitUrl(url: string): [path: string, query: string] {
  const q = url.indexOf("?");
  return q === -1 ? [url, ""] : [url.slice(0, q), url.slice(q)];
}

/**
 * onRequest, first of all hooks: a request for another spelling of an address
 * is redirected to the canonical one (301 for GET and HEAD; 308, which keeps
 * the method and body, for the rest), and a path that cannot be read gets 400.
 * Neither answer holds anything but the address.
 */
export async function canonicalPathHook(request: FastifyRequest, reply: FastifyReply) {
  const [path, query] = splitUrl(request.url);
  const canonical = canonicalPath(path);
  if (canonical === path) return;
  reply.header("cache-control", "no-store");
  if (canonical === undefined) {
    return reply.code(400).type("text/plain; charset=utf-8").send("Bad request: this address cannot be read.");
  }
  const method = request.method === "GET" || request.method === "HEAD" ? 301 : 308;
  return reply.redirect(`${canonical}${query}`, method);
}
