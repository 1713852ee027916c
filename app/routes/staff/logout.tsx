import { redirect } from "react-router";
import { requireStaff } from "~/lib/staff.server";
import { signOut } from "~/lib/staff/sign-in.server";
import type { Route } from "./+types/logout";
import { HYDRATE } from "~/lib/hydrate";

/** Needs React in the browser (app/lib/hydrate.ts). */
export const handle = HYDRATE;

/** GET /staff/logout is not a way to sign out (that needs a same-site POST): send the visitor on. */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  throw redirect("/staff");
}

/** Signs out: the session ends (audited) and its cookie is cleared; then the sign-in page. */
export async function action(args: Route.ActionArgs) {
  return redirect("/staff/login", { headers: { "set-cookie": await signOut(args) } });
}

export default function Logout() {
  return null;
}
