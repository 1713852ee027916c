import type { Page } from "@playwright/test";

/**
 * On a phone or tablet the console's header shows three tabs; the other pages, the password and
 * sign-out sit in its menu (decision 035). Opens the menu when it is shown and closed; on a wide
 * screen, where every page is a tab, does nothing.
 */
export async function openStaffMenu(page: Page): Promise<void> {
  const menu = page.locator("details.staff-menu");
  if (!(await menu.isVisible())) return;
  if ((await menu.getAttribute("open")) === null) await menu.locator("summary").click();
}
