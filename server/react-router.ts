import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { FastifyReply, FastifyRequest } from "fastify";
import { createReadableStreamFromReadable } from "@react-router/node";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";

/**
 * Bridges Fastify to React Router's fetch-style request handler, for pages
 * that are not prerendered (and for every page in development).
 */
export function reactRouterHandler(
  build: () => Promise<ServerBuild>,
  mode: string,
  getLoadContext?: (request: FastifyRequest) => AppLoadContext,
) {
  const handle = createRequestHandler(build, mode);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const controller = new AbortController();
    reply.raw.on("close", () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    const headers = new Headers();
    for (const [key, value] of Object.entries(request.headers)) {
      if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
      else if (value !== undefined) headers.set(key, value);
    }
    const init: RequestInit & { duplex?: "half" } = {
      method: request.method,
      headers,
      signal: controller.signal,
    };
    if (request.method !== "GET" && request.method !== "HEAD") {
      // A form post was already read (and size-limited) by its content-type parser.
      init.body = Buffer.isBuffer(request.body)
        ? new Uint8Array(request.body)
        : createReadableStreamFromReadable(request.raw);
      init.duplex = "half";
    }
    const url = new URL(request.url, `${request.protocol}://${request.host}`);
    // The load context carries the per-request CSP nonce (for app/entry.server.tsx)
    // and whatever the caller adds (the staff console's database access).
    const context: AppLoadContext = { ...getLoadContext?.(request), cspNonce: request.cspNonce };
    const response = await handle(new Request(url, init), context);

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
