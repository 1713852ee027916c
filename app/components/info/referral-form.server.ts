import { buildReferralForm } from "../../../server/referral-form";
import { loadConfig } from "../../../server/config";

/**
 * The size of the referral form PDF, for the For Referrers page. The page is
 * prerendered in the same build that writes the PDF (scripts/postbuild.ts),
 * from the same configuration, so building it here gives the served file's size.
 */
export async function referralFormSize(): Promise<{ bytes: number; label: string }> {
  const bytes = (await buildReferralForm(loadConfig())).length;
  return { bytes, label: `${Math.max(1, Math.round(bytes / 1024))} KB` };
}
