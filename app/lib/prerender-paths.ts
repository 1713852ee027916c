/**
 * Public pages rendered to static HTML at build time. Keep in step with
 * app/routes.ts; a test checks that every public route is listed.
 */
export const PRERENDERED_PATHS = ["/", "/about"] as const;
