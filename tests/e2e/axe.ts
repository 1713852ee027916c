import fs from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";
import type { ContextObject, Result, RunOptions } from "axe-core";

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe's violations on the page as it is now, one readable line each (rule, impact, help, the first nodes).
 *
 * axe-core runs in the page itself (`axe.run`), its source evaluated once, in the same call that runs it
 * and answers only the violations. @axe-core/playwright evaluated the 550 KB source twice per check, with
 * four more round trips to the browser: a check took 583 ms instead of 831 (decision 088). Our pages have
 * no frames (the CSP says frame-src 'none'), so only the page's own document is checked, as that
 * package's legacy mode did (decision 068).
 */
export async function axeViolations(page: Page, { exclude }: { exclude?: string } = {}): Promise<string[]> {
  const context: ContextObject | null = exclude ? { exclude: [exclude] } : null;
  // Only the violations are read: axe then details no passing or incomplete node (about a tenth less work).
  const options: RunOptions = { resultTypes: ["violations"] };
  const violations = (await page.evaluate(
    `${AXE_SOURCE}\n;axe.run(${JSON.stringify(context)} ?? document, ${JSON.stringify(options)}).then((r) => r.violations)`,
  )) as Result[];
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} at ${v.nodes.length} node(s): ${v.nodes
        .slice(0, 5)
        .map((n) => n.target.join(" "))
        .join(", ")}`,
  );
}

/** Fails unless axe finds no violation on the page as it is now. */
export async function expectNoAxeViolations(page: Page, options: { exclude?: string } = {}): Promise<void> {
  expect(await axeViolations(page, options)).toEqual([]);
}
