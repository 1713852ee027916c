import type { Config } from "../base/config";

/** Reads one request header (lower-case name). */
/** The answer to a state-changing request from another site (403). */
export const CROSS_SITE_MESSAGE = "Cross-site requests are refused.";

export type HeaderReader = (name: string) => string | undefined;

/**
 * True when a request comes from another site. Browsers send Sec-Fetch-Site;
 * only same-origin and none (typed address, bookmark) pass. Without it, the
 * Origin must be the public base URL or the Host the request was sent to.
 */
export function isCrossSite(config: Pick<Config, "publicBaseUrl">, header: HeaderReader): boolean {
  const site = header("sec-fetch-site");
  if (site) return site !== "same-origin" && site !== "none";
  const origin = header("origin");
  if (!origin) return false; // not a browser request that could carry the cookie cross-site
  if (origin === "null") return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return true;
  }
  if (parsed.origin === new URL(config.publicBaseUrl).origin) return false;
  const host = header("host");
  return !host || parsed.host !== host;
}
