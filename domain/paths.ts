/** Public addresses that more than one part of the site builds on. */

/** The blank referral form (PDF), written into the build by scripts/postbuild.ts. */
export const REFERRAL_FORM_PATH = "/files/referral-form.pdf";

/**
 * Where a patient's private link to their appointment leads: this prefix and
 * the link's token (`/appointment/<token>`). Never logged with the token.
 */
export const MANAGE_PATH_PREFIX = "/appointment/";
