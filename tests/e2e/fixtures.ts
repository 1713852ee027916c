import { test as base } from "@playwright/test";
import { e2eDb } from "../helpers/staff-e2e";

export { expect } from "@playwright/test";

/** The end-to-end server's database and configuration, as e2eDb() opens them. */
export type E2eDb = ReturnType<typeof e2eDb>;

/**
 * Playwright's test with `e2e`: the end-to-end server's database, opened for the test and closed
 * after it (one handle per test: with fullyParallel, a worker runs tests of one file in any order).
 */
export const test = base.extend<{ e2e: E2eDb }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's own needs from this pattern
  e2e: async ({}, provide) => {
    const handle = e2eDb();
    try {
      await provide(handle);
    } finally {
      await handle.db.destroy().catch(() => undefined);
    }
  },
});
