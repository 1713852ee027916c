/**
 * Tests checked in the browser, or at the HTTP edge, before anything reaches
 * the database: the PostgreSQL run leaves them out (playwright.config.ts),
 * since they would check the same thing again.
 */
export const NO_DATABASE_TAG = "@no-db";

/** A test's details that tag it NO_DATABASE_TAG: `test("…", NO_DATABASE, async …)`. */
export const NO_DATABASE = { tag: NO_DATABASE_TAG };
