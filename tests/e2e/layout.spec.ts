import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { hydrated } from "./hydrated";
import { clinicYear } from "../../domain/dates";
import { expect, test } from "./fixtures";

// The header loads no script: its menus are <details> whose <summary> toggles them
// (app/components/layout/site-header.tsx), so nothing here waits for hydration.

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;

/** The phone menu's Menu button (a <summary>) and its <details>. */
const menuButton = (page: Page) => page.locator(".site-menu > summary");
const menuDetails = (page: Page) => page.locator("details.site-menu");
/** A submenu's <summary> ("About us", "Services") and its <details>. */
const groupToggle = (page: Page, id: "about" | "services") => page.locator(`.menu__item--${id} summary`);
const groupDetails = (page: Page, id: "about" | "services") => page.locator(`.menu__item--${id} > details`);

/** On phones the main menu sits behind the Menu button. */
async function showMainMenu(page: Page) {
  if (isMobile(page)) {
    await menuButton(page).click();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  }
}

/** The focused element draws a visible focus outline. */
async function expectVisibleFocus(page: Page) {
  const outline = await page.evaluate(() => {
    const s = getComputedStyle(document.activeElement!);
    return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
  });
  expect(outline.style).not.toBe("none");
  expect(outline.width).toBeGreaterThanOrEqual(2);
}

test.describe("active menu item", () => {
  const cases: [path: string, active: string][] = [
    ["/", "Home"],
    ["/about", "Our Story"],
    ["/radiologists", "Radiologists"],
    ["/contact-us", "Contact us"],
    ["/services/x-ray", "X-ray"],
  ];
  for (const [path, label] of cases) {
    test(`${path} marks ${label}`, async ({ page }) => {
      await page.goto(path);
      await showMainMenu(page);
      const nav = page.getByRole("navigation", { name: "Main" });
      const current = nav.locator('a[aria-current="page"]');
      await expect(current.first()).toHaveText(label);
      // Only links pointing at this path's last segment are current.
      for (const href of await current.evaluateAll((els) => els.map((e) => e.getAttribute("href")))) {
        expect(href?.split("/").pop()).toBe(path.split("/").pop());
      }
    });
  }

  test("the active item looks different from the others", async ({ page }) => {
    test.skip(isMobile(page), "desktop menu bar");
    await page.goto("/radiologists");
    const nav = page.getByRole("navigation", { name: "Main" });
    const style = (name: string) =>
      nav.getByRole("link", { name, exact: true }).evaluate((el) => {
        const s = getComputedStyle(el);
        return `${s.color}|${s.boxShadow}`;
      });
    expect(await style("Radiologists")).not.toBe(await style("Contact us"));
  });

  test("a service page also highlights the Services group", async ({ page }) => {
    test.skip(isMobile(page), "desktop menu bar");
    await page.goto("/services/ultrasound");
    await expect(page.locator(".menu__item--services")).toHaveClass(/is-active/);
    await expect(page.locator(".menu__item--about")).not.toHaveClass(/is-active/);
    const shadow = (id: "about" | "services") => groupToggle(page, id).evaluate((el) => getComputedStyle(el).boxShadow);
    expect(await shadow("services")).not.toBe(await shadow("about"));
  });
});

test.describe("menus", () => {
  test("the Services mega-menu works from the keyboard, with visible focus", async ({ page }) => {
    await page.goto("/");
    await showMainMenu(page);
    const toggle = groupToggle(page, "services");
    const panel = page.locator("#submenu-services");

    // Tab from the About us toggle reaches the Services toggle.
    await groupToggle(page, "about").focus();
    await page.keyboard.press("Tab");
    await expect(toggle).toBeFocused();
    await expectVisibleFocus(page);
    await expect(groupDetails(page, "services")).not.toHaveAttribute("open");
    await expect(panel).toBeHidden();

    await page.keyboard.press("Enter");
    await expect(groupDetails(page, "services")).toHaveAttribute("open");
    await expect(panel).toBeVisible();
    // Four columns, one per category.
    await expect(panel.locator(".submenu__column")).toHaveCount(4);
    await expect(panel.getByRole("link", { name: "All services" })).toHaveAttribute("href", "/services");

    await page.keyboard.press("Tab");
    await expect(panel.getByRole("link", { name: "Ultrasound", exact: true })).toBeFocused();
    await expectVisibleFocus(page);
    await page.keyboard.press("Tab");
    await expect(panel.getByRole("link", { name: "X-ray" })).toBeFocused();
    // Every bookable service is in its category's column: mammography with Women's Imaging.
    await expect(panel.locator(".submenu__column", { hasText: "Women's Imaging" }).getByRole("link")).toHaveText([
      "Breast Ultrasound",
      "Mammography",
      "3D Pregnancy Scan",
    ]);

    // Space on the toggle closes it, and opens it again.
    await toggle.focus();
    await page.keyboard.press(" ");
    await expect(panel).toBeHidden();
    await page.keyboard.press(" ");
    await expect(panel).toBeVisible();
    await panel.getByRole("link", { name: "Fluoroscopy" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/services\/fluoroscopy$/);
  });

  test("the About us submenu opens, follows links and one submenu is open at a time", async ({ page }) => {
    await page.goto("/");
    await showMainMenu(page);
    const toggle = groupToggle(page, "about");
    await toggle.click();
    const panel = page.locator("#submenu-about");
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("link")).toHaveText([
      "Our Story",
      "Our Key Staff",
      "Terms & conditions",
      "Privacy Policy",
    ]);

    // Opening another group closes this one (the <details> share a name).
    await groupToggle(page, "services").click();
    await expect(panel).toBeHidden();
    await expect(page.locator("#submenu-services")).toBeVisible();
    await groupToggle(page, "services").click();
    await expect(page.locator("#submenu-services")).toBeHidden();

    await toggle.click();
    await expect(panel).toBeVisible();
    await panel.getByRole("link", { name: "Our Key Staff" }).click();
    await expect(page).toHaveURL(/\/our-staff$/);
    await expect(panel).toBeHidden();
  });

  test("the phone menu opens and closes from its button, and never covers the page", async ({ page }) => {
    test.skip(!isMobile(page), "phone layout");
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav).toBeHidden();
    await expect(menuButton(page)).toHaveText("Menu");

    await menuButton(page).click();
    await expect(menuDetails(page)).toHaveAttribute("open");
    await expect(nav).toBeVisible();
    await nav.getByRole("link", { name: "Radiologists" }).click();
    await expect(page).toHaveURL(/\/radiologists$/);
    await expect(nav).toBeHidden();

    await menuButton(page).click();
    await groupToggle(page, "services").click();
    await nav.getByRole("link", { name: "Breast Ultrasound" }).click();
    await expect(page).toHaveURL(/\/services\/breast-ultrasound$/);

    // Keyboard: Enter opens it, Space closes it, focus stays on the button and shows.
    await menuButton(page).focus();
    await expectVisibleFocus(page);
    await page.keyboard.press("Enter");
    await expect(nav).toBeVisible();
    await page.keyboard.press(" ");
    await expect(nav).toBeHidden();
    await expect(menuButton(page)).toBeFocused();

    // Open, the menu pushes the page down and scrolls away with it (the header stops sticking):
    // the page's heading can be scrolled to and is not covered.
    await page.keyboard.press("Enter");
    await expect(nav).toBeVisible();
    const heading = page.getByRole("heading", { level: 1 });
    await heading.scrollIntoViewIfNeeded();
    await expect(heading).toBeInViewport();
    const uncovered = await heading.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + 8, box.top + box.height / 2);
      return hit !== null && el.contains(hit);
    });
    expect(uncovered).toBe(true);
  });

  test("on wide screens the menu shows without its Menu button", async ({ page }) => {
    test.skip(isMobile(page), "desktop menu bar");
    await page.goto("/about");
    await expect(menuButton(page)).toBeHidden();
    await expect(menuDetails(page)).not.toHaveAttribute("open");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Radiologists" })).toBeVisible();
    await expect(groupToggle(page, "about")).toBeVisible();
  });

  test("without JavaScript every menu destination is a link, and the menus open", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto("/");
    const destinations = [
      "/",
      "/about",
      "/our-staff",
      "/terms-condition",
      "/privacy",
      "/services",
      "/radiologists",
      "/for-referrers",
      "/contact-us",
      "/book-appointment",
      "/services/ultrasound",
      "/services/x-ray",
      "/services/fluoroscopy",
      "/services/bone-densitometry-dexa-scan",
      "/services/breast-ultrasound",
      "/services/mammography",
      "/services/3d-pregnancy-scan",
      "/services/minimally-invasive-procedure",
      "/services/pain-management",
      "/services/remote-reporting",
    ];
    const nav = page.locator("nav.main-nav");
    for (const href of destinations) {
      await expect(
        nav
          .locator(`a[href="${href}"]`)
          .or(page.locator(`.action-bar a[href="${href}"]`))
          .first(),
      ).toBeAttached();
    }
    await expect(nav).toBeHidden();
    await menuButton(page).click();
    await expect(nav).toBeVisible();
    await groupToggle(page, "about").click();
    await nav.getByRole("link", { name: "Our Key Staff" }).click();
    await expect(page).toHaveURL(/\/our-staff$/);
    await context.close();
  });
});

test.describe("calls to action", () => {
  test("Book Now and Call Us Now are one tap away (Whatsapp Us once a real number is set)", async ({ page }) => {
    await page.goto("/about");
    const scope = isMobile(page)
      ? page.getByRole("navigation", { name: "Quick actions" })
      : page.locator(".site-header");
    await expect(scope.getByRole("link", { name: "Book Now" })).toBeVisible();
    await expect(scope.getByRole("link", { name: "Book Now" })).toHaveAttribute("href", "/book-appointment");
    const call = scope.getByRole("link", { name: /Call Us Now/ });
    await expect(call).toBeVisible();
    await expect(call).toHaveAttribute("href", "tel:+2673163012");
    // Whatsapp Us appears once CLINIC_WHATSAPP is a real number; the default is a placeholder, never linked.
    await expect(scope.getByRole("link", { name: /Whatsapp Us/ })).toHaveCount(0);
  });

  test("the sticky bar stays on screen while scrolling on phones", async ({ page }) => {
    test.skip(!isMobile(page), "phone layout");
    await page.goto("/");
    await page.mouse.wheel(0, 3000);
    const bar = page.getByRole("navigation", { name: "Quick actions" });
    await expect(bar).toBeInViewport();
    // Each action is a comfortable touch target.
    for (const link of await bar.getByRole("link").all()) {
      const box = await link.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
    }
  });
});

/**
 * What hides the focused element: for points across each of its boxes, the fixed or sticky
 * element drawn there instead (the phone's action bar, the floating buttons, the sticky header),
 * or "off screen" for a point outside the viewport. Also the fixed elements (the action bar and
 * the floating buttons) drawn over the visible part of the field around it: its label, hint,
 * error and calendar, which may run off screen or under the sticky header when the field is
 * taller than the screen. Empty when nothing hides it (WCAG 2.2, 2.4.11).
 */
async function whatHidesFocus(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement) || focused === document.body) return [];
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.classList[0] ? `.${el.classList[0]}` : ""}`;
    const floating = (el: Element | null, kinds: string[]): Element | null => {
      for (let at = el; at; at = at.parentElement) if (kinds.includes(getComputedStyle(at).position)) return at;
      return null;
    };
    const found = new Set<string>();
    const check = (target: Element, { mustShow, kinds }: { mustShow: boolean; kinds: string[] }) => {
      for (const box of target.getClientRects()) {
        for (const fx of [0.02, 0.25, 0.5, 0.75, 0.98]) {
          for (const fy of [0.05, 0.5, 0.95]) {
            const x = box.left + box.width * fx;
            const y = box.top + box.height * fy;
            if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) {
              if (mustShow) found.add(`off screen: ${name(target)}`);
              continue;
            }
            const hit = document.elementFromPoint(x, y);
            if (!hit || target.contains(hit) || hit.contains(target)) continue;
            const cover = floating(hit, kinds);
            if (cover && !cover.contains(target)) found.add(`${name(cover)} over ${name(target)}`);
          }
        }
      }
    };
    check(focused, { mustShow: true, kinds: ["fixed", "sticky"] });
    const field = focused.closest(".field, fieldset");
    if (field) check(field, { mustShow: false, kinds: ["fixed"] });
    return [...found];
  });
}

/**
 * Tabs from the top of `main` for as long as focus stays within `within` (a selector), calling
 * `each` at every stop; returns how many stops it made.
 */
async function tabThrough(page: Page, within: string, each: (description: string) => Promise<void>): Promise<number> {
  await page.locator("main").evaluate((main) => {
    main.setAttribute("tabindex", "-1");
    main.focus();
    main.removeAttribute("tabindex");
  });
  let stops = 0;
  for (;;) {
    await page.keyboard.press("Tab");
    const where = await page.evaluate((within) => {
      const el = document.activeElement;
      if (!el || !el.closest(within)) return null;
      return `${el.tagName.toLowerCase()} ${el.getAttribute("name") ?? el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 40)}`;
    }, within);
    if (where === null) return stops;
    stops += 1;
    await each(where);
  }
}

/**
 * Tabs through `main` (and what else `within` names) and expects nothing fixed or sticky to hide
 * any focused control or the field around it.
 */
async function expectFocusNeverHidden(page: Page, minimumStops: number, within = "main") {
  const hidden: string[] = [];
  const stops = await tabThrough(page, within, async (where) => {
    for (const problem of await whatHidesFocus(page)) hidden.push(`${where}: ${problem}`);
  });
  expect(stops).toBeGreaterThanOrEqual(minimumStops);
  expect(hidden).toEqual([]);
}

// WCAG 2.2, 2.4.11 (Focus Not Obscured): the phone's action bar, the floating buttons and the
// sticky header never hide the control being typed in or tabbed to, nor its hint, error or calendar.
test.describe("nothing fixed or sticky hides the focused control", () => {
  test.describe.configure({ timeout: 120_000 });
  // Scrolling to a focused control is smooth unless motion is reduced: reduced, it is instant,
  // so each measurement sees where the browser puts the control, not a frame of the way there.
  test.use({ reducedMotion: "reduce" });

  test("the booking form, tabbed through with its calendar", async ({ page }) => {
    await page.goto("/book-appointment");
    await hydrated(page);
    await expect(page.getByRole("grid")).toBeVisible();
    await expectFocusNeverHidden(page, 20);

    // The calendar's days: the arrow keys move focus from day to day, week to week and month to month.
    await page.locator(".calendar__day[tabindex='0']").focus();
    const hidden: string[] = [];
    for (const key of [
      "ArrowDown",
      "ArrowDown",
      "ArrowDown",
      "ArrowDown",
      "ArrowRight",
      "End",
      "PageDown",
      "ArrowUp",
    ]) {
      await page.keyboard.press(key);
      for (const problem of await whatHidesFocus(page)) hidden.push(`${key}: ${problem}`);
    }
    expect(hidden).toEqual([]);
  });

  test("the booking and contact forms without JavaScript", async ({ browser, viewport }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport, reducedMotion: "reduce" });
    const page = await context.newPage();
    for (const path of ["/book-appointment", "/contact-us"]) {
      await page.goto(path);
      await expectFocusNeverHidden(page, path === "/contact-us" ? 5 : 15);
    }
    await context.close();
  });

  test("the contact form", async ({ page }) => {
    await page.goto("/contact-us");
    await hydrated(page);
    await expectFocusNeverHidden(page, 5);
  });

  test("typing in a field: the phone's action bar and floating buttons step aside", async ({ page }) => {
    test.skip(!isMobile(page), "phone layout");
    await page.goto("/contact-us");
    await page.getByLabel("Your enquiry").focus();
    await expect(page.getByRole("navigation", { name: "Quick actions" })).toBeHidden();
    await expect(page.getByRole("complementary", { name: "Shortcuts" })).toBeHidden();
    await page.getByLabel("Your enquiry").blur();
    await expect(page.getByRole("navigation", { name: "Quick actions" })).toBeVisible();
  });

  test("a content page and the footer, tabbed through", async ({ page }) => {
    await page.goto("/services");
    await expectFocusNeverHidden(page, 20, "main, footer");
  });
});

test.describe("footer", () => {
  test("shows the current year, the links and the credit", async ({ page }) => {
    await page.goto("/about");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByTestId("copyright-year")).toHaveText(String(clinicYear()));
    await expect(footer).toContainText(/©/);

    const quick = footer.getByRole("navigation", { name: "Quick Links" });
    await expect(quick.getByRole("link")).toHaveText(["Home", "About us", "Services", "For Referrers", "Contact us"]);
    const popular = footer.getByRole("navigation", { name: "Popular Services" });
    await expect(popular.getByRole("link")).toHaveText([
      "Ultrasound Imaging",
      "X-ray Imaging",
      "Pain Management",
      "Breast Ultrasound",
      "Bone Densitometry (DEXA Scan)",
    ]);
    await expect(popular.getByRole("link", { name: "Pain Management" })).toHaveAttribute(
      "href",
      "/services/pain-management",
    );
    await expect(footer.getByRole("link", { name: "Terms & conditions" })).toHaveAttribute("href", "/terms-condition");
    await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    await expect(footer.getByRole("link", { name: /home$/ })).toHaveAttribute("href", "/");
    await expect(footer).toContainText("Website by");
    await expect(footer.getByRole("link", { name: "(+267) 316 3012" })).toHaveAttribute("href", "tel:+2673163012");
    await expect(footer).toContainText("Monday to Friday");
    await expect(footer).toContainText("08:00 to 20:00");
    await expect(footer).toContainText("09:00 to 13:00");

    await popular.getByRole("link", { name: "X-ray Imaging" }).click();
    await expect(page).toHaveURL(/\/services\/x-ray$/);
  });

  // The year is the server's stamp, with no script: tests/integration/static-site.test.ts turns it with an injected clock.
});

test("every page carries MedicalClinic structured data", async ({ page }) => {
  await page.goto("/privacy");
  const json = await page.locator('script[type="application/ld+json"]').first().textContent();
  const data = JSON.parse(json ?? "{}");
  expect(data["@type"]).toBe("MedicalClinic");
  expect(data.telephone).toBe("+2673163012");
  expect(data.email).toMatch(/@/);
  expect(data.address.addressLocality).toBe("Gaborone");
  expect(typeof data.geo.latitude).toBe("number");
  expect(data.openingHoursSpecification).toEqual([
    expect.objectContaining({
      opens: "08:00",
      closes: "20:00",
      dayOfWeek: expect.arrayContaining(["https://schema.org/Monday", "https://schema.org/Friday"]),
    }),
    expect.objectContaining({ opens: "09:00", closes: "13:00", dayOfWeek: ["https://schema.org/Saturday"] }),
  ]);
});

test("the skip link moves to the main content", async ({ page }) => {
  await page.goto("/about");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await expect(page.locator("main#main")).toHaveCount(1);
});

// Every public page, /about among them, is also checked by public-routes.spec.ts.
test.describe("accessibility", () => {
  // axe takes several seconds a run on this shared machine.
  test.describe.configure({ timeout: 120_000 });
  test("no axe violations on / with menus closed and open", async ({ page }) => {
    await page.goto("/");
    await expectNoAxeViolations(page);

    await showMainMenu(page);
    await groupToggle(page, "services").click();
    await expect(page.locator("#submenu-services")).toBeVisible();
    await expectNoAxeViolations(page);

    await groupToggle(page, "about").click();
    await expect(page.locator("#submenu-about")).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
