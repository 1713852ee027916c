import { useRouteLoaderData } from "react-router";
import type { ClinicIdentity } from "@domain/clinic";

/** What the root loader (app/root.tsx) gives every page. */
export interface RootData {
  clinic: ClinicIdentity & { publicBaseUrl: string };
  /** The clinic's year when this HTML was rendered (prerendered pages: the build year, stamped at start). */
  renderedYear: number;
}

/** The clinic's public details, from the root loader. */
export function useClinic(): RootData["clinic"] {
  const data = useRouteLoaderData("root") as RootData | undefined;
  if (!data) throw new Error("useClinic needs the root loader's data");
  return data.clinic;
}
