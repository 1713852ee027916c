import type { Page } from "@playwright/test";

/**
 * The marker the app sets once React has hydrated a page: `<html data-hydrated="true">`, set by an
 * effect in the root layout (app/root.tsx) or the form island. Only pages that load React have it: the two form
 * pages (their islands, app/islands/mount.tsx) and the staff console (HYDRATE, app/lib/hydrate.ts). Content
 * pages load no script, so their specs never wait for it.
 */
export const HYDRATED = 'html[data-hydrated="true"]';

/** Resolves once React has hydrated the page, read from the marker the app sets (no React internals). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForSelector(HYDRATED, { state: "attached" });
}
