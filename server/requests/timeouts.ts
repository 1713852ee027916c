import type { ServerOptions } from "node:http";
import type { Config } from "../base/config";

/**
 * The server's timeouts, a second line behind the per-route answers (415 for
 * a type a route does not take, 413 past its limit): a client that sends its
 * headers too slowly (HTTP_HEADERS_TIMEOUT_MS) or never finishes its request
 * (HTTP_REQUEST_TIMEOUT_MS) gets 408 and its connection is closed; a
 * connection silent for HTTP_IDLE_TIMEOUT_MS is closed, and a kept-alive one
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
