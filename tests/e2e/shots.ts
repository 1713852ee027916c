import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";

/**
 * SHOTS_DIR=<folder>: a spec's steps are saved there as `<name>.png`, to be looked at as its users
 * would see them: the whole page, or the screen around `at`. Without SHOTS_DIR nothing is taken.
 */
export async function shot(page: Page, name: string, at?: Locator) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  if (at) await at.evaluate((el) => el.scrollIntoView({ block: "center" })).catch(() => at.scrollIntoViewIfNeeded());
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: !at });
}
