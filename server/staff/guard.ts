import type { StaffRole } from "../../domain/staff-roles";
import type { Config } from "../config";
import type { StaffIdentity } from "./accounts";
import type { StaffRuntime } from "./runtime";
import { lookupSession, readSessionToken } from "./sessions";

/** Reads one request header (lower-case name). */
export type HeaderReader = (name: string) => string | undefined;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

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

export type GuardResult =
  | { ok: true; staff: StaffIdentity; token: string }
  | { ok: false; status: 401 | 403; reason: "no_session" | "cross_site" | "role" };

/**
 * The one staff guard. Every staff page loader and action and every staff
 * API route calls it: state-changing requests (and, with `strict`, every
 * request) from another site are refused, then the session cookie must name a
 * live session of an enabled account, and, with `role`, that account must
 * have it (a manager's pages and actions answer reception with 403).
 */
export async function checkStaffRequest(
  rt: StaffRuntime,
  method: string,
  header: HeaderReader,
  { strict = false, role }: { strict?: boolean; role?: StaffRole } = {},
): Promise<GuardResult> {
  if ((strict || !SAFE_METHODS.has(method.toUpperCase())) && isCrossSite(rt.config, header)) {
    return { ok: false, status: 403, reason: "cross_site" };
  }
  const token = readSessionToken(rt.config, header("cookie"));
  if (!token) return { ok: false, status: 401, reason: "no_session" };
  const staff = await lookupSession(rt, token);
  if (!staff) return { ok: false, status: 401, reason: "no_session" };
  if (role && staff.role !== role) return { ok: false, status: 403, reason: "role" };
  return { ok: true, staff, token };
}

/** Headers on every staff response: never stored, never indexed, never sniffed, never framed by others. */
export const STAFF_RESPONSE_HEADERS: Record<string, string> = {
  "cache-control": "no-store",
  "x-robots-tag": "noindex, nofollow",
  "x-content-type-options": "nosniff",
  "referrer-policy": "same-origin",
  "x-frame-options": "SAMEORIGIN",
};

/** True for URLs served by the staff console (pages, their .data requests, and the staff API). */
export function isStaffUrl(url: string): boolean {
  const path = url.split("?")[0] ?? "";
  return /^\/staff(\/|\.data$|$)/.test(path) || /^\/api\/staff(\/|$)/.test(path);
}
