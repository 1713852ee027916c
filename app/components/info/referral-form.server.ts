import { loadConfig } from "../../../server/base/config";

/**
 * The size of the referral form PDF, for the For Referrers page. The page is
 * prerendered; the server makes the served file from its own configuration
 * (server/http/static-site.ts), so the size shown is the build's, to the kilobyte.
 * Imported on demand, so the server build loads pdf-lib only when this runs.
 */
export async function referralFormSize(): Promise<{ bytes: number; label: string }> {
  const { buildReferralForm } = await import("../../../server/http/referral-form");
  const bytes = (await buildReferralForm(loadConfig())).length;
  return { bytes, label: `${Math.max(1, Math.round(bytes / 1024))} KB` };
}
