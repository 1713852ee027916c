import crypto from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../base/config";

export interface SecurityHeadersOptions {
  config: Pick<Config, "publicBaseUrl" | "env">;
  /**
   * The CSP sources ('sha256-…', quoted) of the inline scripts of the
   * prerendered page at a URL path (server/http/static-site.ts hashes the pages it
   * serves). None = no prerendered pages (API-only tests, development).
   */
  scriptHashes?: (path: string) => readonly string[];
}

export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  "encrypted-media=()",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "idle-detection=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "publickey-credentials-get=()",
  "screen-wake-lock=()",
  "serial=()",
  "usb=()",
  "xr-spatial-tracking=()",
].join(", ");

/** Text types that must name their charset; binary types (fonts, images, PDF) must not. */
const TEXTUAL =
  /^(text\/|application\/(json|javascript|ecmascript|xml|manifest\+json|ld\+json|[\w.+-]+\+(xml|json))\b)|^image\/svg\+xml\b/i;

/**
 * The CSP sources ('sha256-…', quoted) of a page's inline scripts. Data blocks
 * (application/ld+json) are not executed, so they need no hash; everything
 * else inline (classic, module, importmap) does.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = match[1] ?? "";
    const body = match[2] ?? "";
    if (/\bsrc\s*=/i.test(attrs) || body.length === 0) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type?.endsWith("json")) continue;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** HSTS for an https base URL: a year, subdomains included. */
export const HSTS = "max-age=31536000; includeSubDomains";

/**
 * The Content-Security-Policy of an HTML document.
 *
 * Styles come from our stylesheets only, plus `<style nonce>` elements of a
 * rendered page; style="…" attributes are blocked (the pages have none:
 * scripts/postbuild.ts fails the build if a prerendered page gains one).
 * `development` alone keeps 'unsafe-inline' for styles, because Vite's dev
 * client injects each imported stylesheet as a `<style>` element, and lets
 * that client open its hot-reload WebSocket (another port, so not 'self').
 */
export function documentPolicy({
  nonce,
  hashes,
  development = false,
}: {
  /** This response's nonce; none for a document nothing drew one for (a prerendered page), which then carries none. */
  nonce?: string;
  hashes: readonly string[];
  development?: boolean;
}): string {
  const nonced = nonce ? [`'nonce-${nonce}'`] : [];
  return [
    "default-src 'self'",
    ["script-src 'self'", ...nonced, ...hashes].join(" "),
    development ? "style-src 'self' 'unsafe-inline'" : ["style-src 'self'", ...nonced].join(" "),
    "img-src 'self' data:",
    "font-src 'self'",
    development ? "connect-src 'self' ws:" : "connect-src 'self'",
    // No page frames anything: the map is a link that opens Google Maps on request.
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Non-documents (JSON, scripts, data files, fonts, SVG) load nothing themselves:
 * deny everything, so a file opened directly (an SVG, a JSON error) cannot run
 * scripts or be framed. PDFs keep no fetch directives, since Chromium's viewer
 * embeds the file under the response's own policy.
 */
function resourcePolicy(contentType: string): string {
  if (/^application\/pdf\b/i.test(contentType)) return "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
  return "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
}

/** A fresh 128-bit nonce (base64), drawn for this response alone (decision 053). */
const NONCE_BYTES = 16;
export function nextNonce(): string {
  return crypto.randomBytes(NONCE_BYTES).toString("base64");
}

function setIfAbsent(reply: FastifyReply, name: string, value: string) {
  if (!reply.hasHeader(name)) reply.header(name, value);
}

function pathOf(request: FastifyRequest): string {
  const q = request.url.indexOf("?");
  const p = q === -1 ? request.url : request.url.slice(0, q);
  return p.length > 1 ? p.replace(/\/+$/, "") : p;
}

/**
 * Security headers on every response (pages, static files, API, 404s, errors,
 * downloads), set in one onSend hook; a header a route already set wins.
 * Shared through fastify-plugin, so the hooks cover the whole app.
 */
async function securityHeaders(app: FastifyInstance, { config, scriptHashes }: SecurityHeadersOptions) {
  const hsts = config.publicBaseUrl.startsWith("https://");
  const development = config.env === "development";

  // Drawn the first time a response asks for it (React Router's render, through the load context), not
  // for every request: a static file, a prerendered page or an API answer has no element to carry one,
  // and its policy then names none (decision 053 amended: the draw was about a tenth of a static page's CPU).
  const nonces = new WeakMap<FastifyRequest, string>();
  app.decorateRequest("cspNonce", {
    getter(this: FastifyRequest) {
      let nonce = nonces.get(this);
      if (!nonce) nonces.set(this, (nonce = nextNonce()));
      return nonce;
    },
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const path = pathOf(request);
    let contentType = String(reply.getHeader("content-type") ?? "");
    // React Router's single-fetch data files have no registered extension.
    if (path.endsWith(".data") && (!contentType || contentType.startsWith("application/octet-stream"))) {
      contentType = "text/x-script";
      reply.header("content-type", contentType);
    }
    if (contentType && TEXTUAL.test(contentType) && !/;\s*charset=/i.test(contentType)) {
      contentType = `${contentType}; charset=utf-8`;
      reply.header("content-type", contentType);
    }

    const isDocument = /^text\/html\b/i.test(contentType);
    setIfAbsent(
      reply,
      "content-security-policy",
      isDocument
        ? documentPolicy({ nonce: nonces.get(request), hashes: scriptHashes?.(path) ?? [], development })
        : resourcePolicy(contentType),
    );
    if (hsts) setIfAbsent(reply, "strict-transport-security", HSTS);
    setIfAbsent(reply, "x-content-type-options", "nosniff");
    setIfAbsent(reply, "x-frame-options", "DENY");
    setIfAbsent(reply, "referrer-policy", "strict-origin-when-cross-origin");
    setIfAbsent(reply, "permissions-policy", PERMISSIONS_POLICY);
    setIfAbsent(reply, "cross-origin-opener-policy", "same-origin");
    setIfAbsent(reply, "cross-origin-resource-policy", "same-origin");
    return payload;
  });
}

export default fp(securityHeaders, { name: "security-headers", fastify: "5.x" });
