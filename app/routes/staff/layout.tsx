import { isRouteErrorResponse, Link, Outlet } from "react-router";
import { StaffHeader } from "~/components/staff/staff-header";
import { requireStaff } from "~/lib/staff.server";
import "~/styles/staff.css";
import type { Route } from "./+types/layout";
import { HYDRATE } from "~/lib/hydrate";

/** Needs React in the browser (app/lib/hydrate.ts). */
export const handle = HYDRATE;

export async function loader(args: Route.LoaderArgs) {
  const { staff } = await requireStaff(args);
  return { staff: { name: staff.name, role: staff.role } };
}

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="staff">
      <a className="skip-link" href="#staff-main">
        Skip to content
      </a>
      <StaffHeader name={loaderData.staff.name} role={loaderData.staff.role} />
      <main id="staff-main" className="staff-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A 403 says why: another site's request, or a manager's page (the guard's message).
  const refusal = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : "";
  return (
    <div className="staff">
      <main id="staff-main" className="staff-main">
        <h1>{status === 404 ? "Not found" : status === 403 ? "Request refused" : "Something went wrong"}</h1>
        <p>
          {status === 404
            ? "This record does not exist, or it was deleted."
            : status === 403
              ? refusal || "The request came from another site, so it was refused."
              : "The console could not load this page. Try again in a moment."}
        </p>
        <p>
          <Link to="/staff">Back to the overview</Link>
        </p>
      </main>
    </div>
  );
}
