import type { ServerOptions } from "node:http";
import type { Socket } from "node:net";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../base/config";

/**
 * The server's timeouts, a second line behind the per-route answers (415 for
 * a type a route does not take, 413 past its limit): a client that sends its
 * headers too slowly (HTTP_HEADERS_TIMEOUT_MS) or never finishes its request
 * (HTTP_REQUEST_TIMEOUT_MS) gets 408 and its connection is closed; a
 * connection whose client is silent for HTTP_IDLE_TIMEOUT_MS is closed (not
 * while the server works out an answer: idleIsTheClients), and a kept-alive one
 * that brings no next request within HTTP_KEEP_ALIVE_TIMEOUT_MS, or within the
 * idle time if that is shorter: the server never tells a client (Keep-Alive:
 * timeout=…) it keeps a connection longer than it will, or the client would
 * send its next request on a connection being closed. (Requests
 * still in flight when the server stops have SHUTDOWN_GRACE_MS: server/index.ts.)
 * Node checks the first two on a timer (30 s by default); it runs here at a
 * quarter of the headers' timeout, at most every 5 s, so they hold to within that.
 */
export function serverTimeouts({ httpTimeouts }: Config): {
  requestTimeout: number;
  connectionTimeout: number;
  keepAliveTimeout: number;
  http: ServerOptions;
} {
  return {
    requestTimeout: httpTimeouts.requestMs,
    connectionTimeout: httpTimeouts.idleMs,
    keepAliveTimeout: Math.min(httpTimeouts.keepAliveMs, httpTimeouts.idleMs),
    http: {
      headersTimeout: httpTimeouts.headersMs,
      requestTimeout: httpTimeouts.requestMs,
      connectionsCheckingInterval: Math.min(5000, Math.max(25, Math.floor(httpTimeouts.headersMs / 4))),
    },
  };
}

/**
 * An onRequest hook: the idle time (HTTP_IDLE_TIMEOUT_MS) is a silent client's, never the server's.
 * Node closes a connection silent that long, even one whose request came whole and whose answer the
 * server is still working out (a sign-in's password check, a slow read), so that client got no
 * answer at all (a form post under load in tests/integration/http-edges.test.ts). Such a connection
 * is kept until its answer; one whose request stopped coming in, or whose answer stopped being read,
 * is closed as before.
 */
export function idleIsTheClients(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  reply.raw.on("timeout", (socket: Socket) => {
    if (!request.raw.complete || reply.raw.headersSent) socket.destroy();
  });
  done();
}
