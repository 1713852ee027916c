import type { Page } from "@playwright/test";

/**
 * The marker the app sets once React has hydrated a page: `<html data-hydrated="true">`, set by an
 * effect in the root layout (app/root.tsx) or the form island. Only pages that load React have it: the two form
 * pages (their islands, app/islands/mount.tsx) and the staff console (HYDRATE, app/lib/hydrate.ts). Content
 * pages load no script, so their specs never wait for it.
 */
export const HYDRATED = 'html[data-hydrated="true"]';

/**
 * Resolves once React has hydrated the page, read from the marker the app sets (no React internals). A form island
 * that failed marks the page `data-hydrated="failed"` (docs/decisions/027-island-failures.md): that fails at once,
 * instead of waiting out the test's time.
 */
export async function hydrated(page: Page): Promise<void> {
  const marker = await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  const state = await marker.getAttribute("data-hydrated");
  if (state !== "true")
    throw new Error(`the page's script failed (html[data-hydrated="${state}"]): see the server's log`);
}
