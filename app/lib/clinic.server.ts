import type { ClinicIdentity } from "@domain/clinic";
import { loadConfig } from "../../server/base/config";

/**
 * The clinic's public identity for pages. Read at build time for prerendered
 * pages and at request time for server-rendered ones; both go through the one
 * validated configuration.
 */
export function getClinic(): ClinicIdentity & { publicBaseUrl: string } {
  const config = loadConfig();
  return { ...config.clinic, publicBaseUrl: config.publicBaseUrl };
}
