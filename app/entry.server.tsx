import { PassThrough } from "node:stream";
import { inspect } from "node:util";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
} from "react-router";
import { hideTokens } from "@domain/request-path";
import { NonceContext } from "~/lib/nonce";

export const streamTimeout = 5_000;

/**
 * An error as it goes to the server's standard error, with a private link's token hidden:
 * some of React Router's errors name the request's path ("You made a PUT request to …").
 */
function logError(error: unknown): void {
  console.error(hideTokens(inspect(error)));
}

/**
 * React Router's default error output (a request the client gave up on logs nothing, and the
 * error inside a route error response is what is shown), through logError.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // React Router keeps the error behind its own error responses (a 404, a 405) as `error`.
  const inner = isRouteErrorResponse(error) ? (error as unknown as { error?: unknown }).error : undefined;
  logError(inner ?? error);
};

/**
 * React Router's default Node entry, plus the CSP nonce: the server passes a
 * per-request nonce in the load context; React's own inline scripts, React
 * Router's hydration scripts and the root's <Scripts>/<ScrollRestoration>
 * all carry it. Prerendering renders with an empty load context, so without
 * a nonce; the build hashes those pages' inline scripts instead.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  // Empty when prerendering at build time (server/composition/load-context.ts).
  loadContext: Partial<AppLoadContext>,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce || undefined;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Bots, SPA mode and prerendering wait for all content, so the HTML is complete.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || !nonce ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce ?? ""}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors inside the shell are logged by React Router; log streaming ones here.
          if (shellRendered) logError(error);
        },
      },
    );
  });
}
