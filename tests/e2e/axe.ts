import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** axe's violations on the page as it is now, one readable line each (rule, impact, help, the first nodes). */
export async function axeViolations(page: Page, { exclude }: { exclude?: string } = {}): Promise<string[]> {
  // Only the violations are read: axe then details no passing or incomplete node (about a tenth less work).
  // Legacy mode runs axe.run() in the page itself. The default runs axe.runPartial() in each frame and
  // then axe.finishRun() in a new blank page, for cross-origin frames: our pages have none (the CSP says
  // frame-src 'none'), and that blank page took two thirds of each check's time (decision 068).
  const builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).setLegacyMode(true);
  if (exclude) builder.exclude(exclude);
  const results = await builder.analyze();
  return results.violations.map(
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
