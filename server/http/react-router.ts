import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ServerBuild } from "react-router";
import type { LoadContextFn } from "../composition/load-context";

/**
 * Bridges Fastify to React Router's fetch-style request handler, for pages
 * that are not prerendered (and for every page in development).
 *
 * React Router, React's server renderer and the app's server build load on the
 * first page rendered, not at start: a server that has only sent prerendered
 * pages and answered the API (most of its work) does not hold them in memory.
 *
 * A build that `changes` between requests (Vite's development server) is handed to
 * React Router as the function that loads it, and React Router derives its routes
 * from it again on every request. The built app's never changes: it is loaded once
 * and its routes derived once, not for every page.
 */
export function reactRouterHandler(
  build: () => Promise<ServerBuild>,
  mode: string,
  getLoadContext: LoadContextFn,
  { changes = false }: { changes?: boolean } = {},
) {
  let router: ReturnType<typeof loadRouter> | undefined;
  const loadRouter = async () => {
    const [{ createRequestHandler }, { createReadableStreamFromReadable }] = await Promise.all([
      import("react-router"),
      import("@react-router/node"),
    ]);
    return { handle: createRequestHandler(changes ? build : await build(), mode), createReadableStreamFromReadable };
  };
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // A failed load is not kept: the next request tries again.
    router ??= loadRouter().catch((error: unknown) => {
      router = undefined;
      throw error;
    });
    const { handle, createReadableStreamFromReadable } = await router;
    const controller = new AbortController();
    reply.raw.on("close", () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    const headers = new Headers();
    for (const [key, value] of Object.entries(request.headers)) {
      if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
      else if (value !== undefined) headers.set(key, value);
    }
    // A page sent with Referrer-Policy: no-referrer (a patient's private link) makes the
    // browser post its forms with "Origin: null", which React Router would refuse as
    // cross-site. The browser's own Sec-Fetch-Site says whether it is: same-origin
    // posts go on without the opaque Origin (cross-site ones were refused by
    // server/requests/same-origin.ts before reaching here).
    if (headers.get("origin") === "null" && headers.get("sec-fetch-site") === "same-origin") headers.delete("origin");
    const init: RequestInit & { duplex?: "half" } = {
      method: request.method,
      headers,
      signal: controller.signal,
    };
    if (request.method !== "GET" && request.method !== "HEAD") {
      // The body as its content-type parser gave it: an urlencoded form already read (and
      // size-limited), or the booking's multipart body as the counted stream (countBody in
      // server/requests/body-limit.ts). Never the raw request: a parser may have read it
      // already (it would never end), and only the counted stream keeps to the route's limit.
      const body: unknown = request.body;
      if (Buffer.isBuffer(body)) init.body = new Uint8Array(body);
      else if (body instanceof Readable) init.body = createReadableStreamFromReadable(body);
      else if (!headers.has("content-type")) {
        // A post with no body at all (the only kind that gets here without a parsed one: see
        // server/requests/content-type.ts) is an empty form, so an action reading it answers, not throws.
        headers.set("content-type", "application/x-www-form-urlencoded");
        init.body = new Uint8Array(0);
      }
      init.duplex = "half";
    }
    const url = new URL(request.url, `${request.protocol}://${request.host}`);
    const response = await handle(new Request(url, init), getLoadContext(request));

    reply.status(response.status);
    for (const [key, value] of response.headers) {
      if (key === "set-cookie") continue;
      reply.header(key, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header("set-cookie", cookies);
    if (!response.body) return reply.send();
    return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
  };
}
