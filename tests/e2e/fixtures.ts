import { test as base, type Page } from "@playwright/test";
import { e2eDb } from "../helpers/staff-e2e";
import { watchCsp } from "./csp";

export { expect } from "@playwright/test";

/** The end-to-end server's database and configuration, as e2eDb() opens them. */
export type E2eDb = ReturnType<typeof e2eDb>;

/**
 * Playwright's test, the one every spec imports:
 * - `e2e`: the end-to-end server's database, opened for the test and closed after it (one handle per
 *   test: with fullyParallel, a worker runs tests of one file in any order);
 * - `scripted` and `plain`: one page with JavaScript (with its CSP watch) and one without, kept for the
 *   worker's life, for checks that load page after page (public-routes.spec.ts). A browser context per
 *   page load costs a renderer process of its own, the dearest thing a test does on the 2-core machine
 *   (decision 079). Each navigation is a new document, with a fresh CSP watch in the page; a test empties
 *   the console's complaints it reads. A failed test ends its worker, and so its pages.
 *
 * Worker fixtures are declared here, once, for every spec: Playwright gives a file whose worker fixtures
 * differ workers of its own, each with its own browser to start (decision 087).
 */
export const test = base.extend<{ e2e: E2eDb }, { scripted: { page: Page; cspMessages: string[] }; plain: Page }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's own needs from this pattern
  e2e: async ({}, provide) => {
    const handle = e2eDb();
    try {
      await provide(handle);
    } finally {
      await handle.db.destroy().catch(() => undefined);
    }
  },
  scripted: [
    async ({ browser }, provide, { project }) => {
      const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = project.use;
      const context = await browser.newContext({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });
      const page = await context.newPage();
      await provide({ page, cspMessages: await watchCsp(page) });
      await context.close();
    },
    { scope: "worker" },
  ],
  plain: [
    async ({ browser }, provide, { project }) => {
      const context = await browser.newContext({ baseURL: project.use.baseURL, javaScriptEnabled: false });
      await provide(await context.newPage());
      await context.close();
    },
    { scope: "worker" },
  ],
});
