/** Public addresses that more than one part of the site builds on. */

/** The blank referral form (PDF), written into the build by scripts/postbuild.ts. */
export const REFERRAL_FORM_PATH = "/files/referral-form.pdf";
