import type { Page } from "@playwright/test";

/**
 * The marker the app sets once React has hydrated a page: `<html data-hydrated="true">`, set by an
 * effect in the root layout (app/root.tsx), so it is there on every page, public, staff or error.
 */
export const HYDRATED = 'html[data-hydrated="true"]';

/**
 * Until the root marker lands (temporary fallback): the public header's own flag, which its
 * useHydrated() sets once hydration has committed; and, on pages without the public header (the
 * staff console), React Router's router started by the page's scripts and the page idle since.
 */
const HEADER_ENHANCED = ".site-header[data-enhanced]";

/** Resolves once React has hydrated the page, read from markers the app sets (no React internals). */
export async function hydrated(page: Page): Promise<void> {
  const signal = await page.waitForFunction(
    ([root, header]) => {
      if (document.querySelector(root)) return "root";
      if (document.querySelector(header)) return "header";
      const router = (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } })
        .__reactRouterDataRouter;
      if (!document.querySelector(".site-header") && router?.state.initialized) return "router";
      return false;
    },
    [HYDRATED, HEADER_ENHANCED] as const,
  );
  if ((await signal.jsonValue()) === "router") {
    await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2_000 })));
  }
}
