import { BASE_LOCALE, type Locale } from "../locale";
import { m } from "../paraglide/messages.js";

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

/** The limit in megabytes, as the page says it. */
export const REFERRAL_MAX_MB = REFERRAL_MAX_BYTES / (1024 * 1024);

/** The file input's `accept`: PDF, JPEG or PNG. */
export const REFERRAL_ACCEPT = ".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png";

/** What the browser says of a file it will not send, in `locale`. */
export function referralMessages(locale: Locale) {
  const options = { locale };
  return {
    type: m.upload_type({}, options),
    empty: m.upload_empty({}, options),
    size: m.upload_size({ mb: REFERRAL_MAX_MB }, options),
  };
}

/** The messages in English (referralMessages for another language). */
export const REFERRAL_MESSAGES = referralMessages(BASE_LOCALE);

/** A problem with the chosen file that the browser can see before uploading, or null. */
export function referralFileProblem(file: { name: string; size: number }, locale: Locale = BASE_LOCALE): string | null {
  const messages = referralMessages(locale);
  if (!/\.(pdf|jpe?g|png)$/i.test(file.name)) return messages.type;
  if (file.size === 0) return messages.empty;
  if (file.size > REFERRAL_MAX_BYTES) return messages.size;
  return null;
}
