/**
 * Tests checked in the browser, or at the HTTP edge, before anything reaches
 * the database: the PostgreSQL run leaves them out (playwright.config.ts),
 * since they would check the same thing again.
 */
export const NO_DATABASE_TAG = "@no-db";

/** A test's details that tag it NO_DATABASE_TAG: `test("…", NO_DATABASE, async …)`. */
export const NO_DATABASE = { tag: NO_DATABASE_TAG };

/**
 * Tests of what the browser shows of data any database returns alike (accessibility, date formats in
 * the browser's locale): the PostgreSQL run leaves them out too (decision 061).
 */
export const MARKUP_TAG = "@markup";

/** A test's details that tag it MARKUP_TAG. */
export const MARKUP = { tag: MARKUP_TAG };
