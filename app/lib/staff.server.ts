import { redirect, type AppLoadContext } from "react-router";
import { MANAGER_ONLY_MESSAGE, type StaffIdentity, type StaffRole } from "../../domain/staff-roles";
import { CROSS_SITE_MESSAGE } from "../../server/requests/same-origin";
import type { StaffRuntime } from "../../server/db/runtime";
import { checkStaffRequest, isCrossSite } from "../../server/staff/guard";
import { lookupPendingSignIn, type PendingSignIn } from "../../server/staff/second-factor";
import { clearedPendingCookie, readPendingToken } from "../../server/staff/sessions";

/*
 * Who may use a staff page: the guard every staff route's loader and action
 * calls first. What a page then does lives in its capability's door,
 * app/lib/staff/<capability>.server.ts.
 */

interface Args {
  request: Request;
  context: AppLoadContext;
}

const reader = (request: Request) => (name: string) => request.headers.get(name) ?? undefined;

/**
 * The guard for every console page's loader and action: refuses cross-site
 * state changes with 403, sends anyone without a live session to the
 * sign-in page, and, with `role`, refuses an account without that role with
 * 403 before anything is read or changed. Returns the signed-in staff member,
 * the runtime and the session's token.
 */
export async function requireStaff(
  { request, context }: Args,
  { role }: { role?: StaffRole } = {},
): Promise<{ staff: StaffIdentity; rt: StaffRuntime; token: string }> {
  const rt = context.staffRuntime;
  const result = await checkStaffRequest(rt, request.method, reader(request), { role });
  if (!result.ok) {
    if (result.reason === "role") throw new Response(MANAGER_ONLY_MESSAGE, { status: 403 });
    if (result.status === 403) throw new Response(CROSS_SITE_MESSAGE, { status: 403 });
    throw redirect("/staff/login");
  }
  return { staff: result.staff, rt, token: result.token };
}

/** For the sign-in pages' actions, which run without (or before checking) a session: a cross-site post gets 403. */
export function assertSameSite({ request, context }: Args): StaffRuntime {
  const rt = context.staffRuntime;
  if (request.method !== "GET" && request.method !== "HEAD" && isCrossSite(rt.config, reader(request))) {
    throw new Response(CROSS_SITE_MESSAGE, { status: 403 });
  }
  return rt;
}

/** The live session this browser holds, if any (the sign-in page and signing out ask; nothing is refused). */
export async function currentSession({
  request,
  context,
}: Args): Promise<{ staff: StaffIdentity; token: string } | null> {
  const result = await checkStaffRequest(context.staffRuntime, "GET", reader(request));
  return result.ok ? { staff: result.staff, token: result.token } : null;
}

/** The live pending sign-in (password right, minutes ago) the browser's pending cookie names, or null. */
export async function pendingSignIn({
  request,
  context,
}: Args): Promise<{ pending: PendingSignIn; token: string } | null> {
  const rt = context.staffRuntime;
  const token = readPendingToken(rt.config, request.headers.get("cookie"));
  const pending = token ? await lookupPendingSignIn(rt, token) : null;
  return token && pending ? { pending, token } : null;
}

/**
 * The half-signed-in state for the second-factor pages' actions and the
 * code page: without a live pending sign-in the visitor starts again at the
 * password. Grants nothing else.
 */
export async function requirePendingSignIn(
  args: Args,
): Promise<{ rt: StaffRuntime; pending: PendingSignIn; token: string }> {
  const rt = assertSameSite(args);
  const found = await pendingSignIn(args);
  if (!found) throw redirect("/staff/login?expired=1", { headers: { "set-cookie": clearedPendingCookie(rt.config) } });
  return { rt, ...found };
}

/** A positive integer route parameter, or a 404. */
export function idParam(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1 || String(id) !== value) throw new Response("Not found", { status: 404 });
  return id;
}
