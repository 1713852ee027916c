import type { StaffIdentity, StaffRole } from "../../domain/staff-roles";
import { isCrossSite, type HeaderReader } from "../requests/same-origin";
import type { StaffRuntime } from "../db/runtime";
import { lookupSession, readSessionToken } from "./sessions";

// The same-origin rule is shared with the public form posts; the console's modules import it from here.
export { isCrossSite, type HeaderReader };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

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

declare module "fastify" {
  interface FastifyContextConfig {
    /** A staff API route only this role may use (checked by the staff guard; others get 403). */
    staffRole?: StaffRole;
  }

  interface FastifyRequest {
    /** The signed-in staff member, on staff API routes (set by the staff guard). */
    staff?: StaffIdentity;
  }
}
