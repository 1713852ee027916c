import { redirect } from "react-router";
import {
  assertSameSite,
  checkStaffRequest,
  clearedSessionCookie,
  recordAudit,
  requireStaff,
  revokeSession,
} from "~/lib/staff.server";
import type { Route } from "./+types/logout";
import { HYDRATE } from "~/lib/hydrate";

/** GET /staff/logout is not a way to sign out (that needs a same-site POST): send the visitor on. */

/** Needs React in the browser (app/lib/hydrate.ts). */
export const handle = HYDRATE;

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  throw redirect("/staff");
}

export async function action({ request, context }: Route.ActionArgs) {
  const rt = assertSameSite({ request, context });
  const result = await checkStaffRequest(rt, request.method, (n) => request.headers.get(n) ?? undefined);
  if (result.ok) {
    await revokeSession(rt, result.token);
    await recordAudit(
      rt.db,
      { staffId: result.staff.id, staffEmail: result.staff.email, action: "sign_out" },
      rt.now(),
    );
  }
  return redirect("/staff/login", { headers: { "set-cookie": clearedSessionCookie(rt.config) } });
}

export default function Logout() {
  return null;
}
