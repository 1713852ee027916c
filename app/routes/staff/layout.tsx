import { isRouteErrorResponse, Link, Outlet, useRouteLoaderData } from "react-router";
import { StaffHeader } from "~/components/staff/staff-header";
import { staffMeta } from "~/components/staff/staff-format";
import { requireStaff } from "~/lib/staff.server";
import type { ReactNode } from "react";
import "~/styles/staff.css";
import type { Route } from "./+types/layout";
import { HYDRATE } from "~/lib/hydrate";

/** Needs React in the browser (app/lib/hydrate.ts). */
export const handle = HYDRATE;

/** The refusal or failure's own title (each page's is its own `meta`). */
export const meta = ({ error }: Route.MetaArgs) => (error ? staffMeta(errorTitle(error)) : []);

function errorTitle(error: unknown): string {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return status === 404 ? "Not found" : status === 403 ? "Request refused" : "Something went wrong";
}

export async function loader(args: Route.LoaderArgs) {
  const { staff, rt } = await requireStaff(args);
  // Whether the site follows Orthanc (ORTHANC_URL): the studies to link are offered only then.
  return { staff: { name: staff.name, role: staff.role, orthanc: rt.config.orthanc !== undefined } };
}

/** The console's frame: the skip link, the header with its navigation (when the signed-in member is known), the page. */
function StaffFrame({ staff, children }: { staff?: Route.ComponentProps["loaderData"]["staff"]; children: ReactNode }) {
  return (
    <div className="staff">
      <a className="skip-link" href="#staff-main">
        Skip to content
      </a>
      {staff && <StaffHeader name={staff.name} role={staff.role} orthanc={staff.orthanc} />}
      <main id="staff-main" className="staff-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  return (
    <StaffFrame staff={loaderData.staff}>
      <Outlet />
    </StaffFrame>
  );
}

/**
 * A page that failed or was refused (a manager's page for reception: 403)
 * keeps the console's header and navigation whenever the layout's own
 * loader answered (decision 035), so the way on is one tap away.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof loader>("routes/staff/layout");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A 403 says why: another site's request, or a manager's page (the guard's message); a 404 may say why
  // (a page the site's settings leave out), where it gives more than "Not found".
  const refusal = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : "";
  const why = refusal && !/^not found$/i.test(refusal) ? refusal : "";
  return (
    <StaffFrame staff={layout?.staff}>
      <h1>{errorTitle(error)}</h1>
      <p>
        {status === 404
          ? why || "This record does not exist, or it was deleted."
          : status === 403
            ? refusal || "The request came from another site, so it was refused."
            : "The console could not load this page. Try again in a moment."}
      </p>
      <p>
        <Link to="/staff">Back to the overview</Link>
      </p>
    </StaffFrame>
  );
}
