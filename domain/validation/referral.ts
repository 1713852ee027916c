/**
 * The referral form a visitor may attach to a booking: what the browser
 * checks before uploading it. (The server decides the type by the file's
 * content and enforces its configured size limit, default the same 10 MB,
 * with its own answers: server/uploads/routes.ts.)
 *
 * No zod here: the booking page imports this module up front, while the
 * schemas load on demand.
 */

export const REFERRAL_MAX_BYTES = 10 * 1024 * 1024;

/** The file input's `accept`: PDF, JPEG or PNG. */
export const REFERRAL_ACCEPT = ".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png";

export const REFERRAL_MESSAGES = {
  type: "The referral form must be a PDF, JPG or PNG file.",
  empty: "The selected file is empty.",
  size: "The referral form must be smaller than 10 MB.",
} as const;

/** A problem with the chosen file that the browser can see before uploading, or null. */
export function referralFileProblem(file: { name: string; size: number }): string | null {
  if (!/\.(pdf|jpe?g|png)$/i.test(file.name)) return REFERRAL_MESSAGES.type;
  if (file.size === 0) return REFERRAL_MESSAGES.empty;
  if (file.size > REFERRAL_MAX_BYTES) return REFERRAL_MESSAGES.size;
  return null;
}
