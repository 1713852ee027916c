import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

// The home page loads no script (tests/integration/content-pages-no-script.test.ts): every
// behaviour below is HTML and CSS, so nothing here waits for hydration.

/** The id of the element the address points at (`:target`), or null. */
function targetId(page: Page): Promise<string | null> {
  return page.evaluate(() => document.querySelector(":target")?.id ?? null);
}

/** The computed background colour of an element. */
function background(page: Page, selector: string): Promise<string> {
  return page.locator(selector).evaluate((el) => getComputedStyle(el).backgroundColor);
}

test("the page has its title, meta and a single main landmark, and requests no script", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.goto("/");
  await expect(page).toHaveTitle(/Diagnostic imaging and radiology in Gaborone \| /);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Ultrasound/);
  await expect(page.locator('meta[name="keywords"]')).toHaveAttribute("content", /radiology Gaborone/);
  await expect(page.locator("main#main")).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await page.waitForLoadState("load");
  expect(scripts).toEqual([]);
});

test.describe("hero slides", () => {
  test("both slides are in the page; the pager's links bring each into view and mark it", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    const slides = page.getByRole("region", { name: "Welcome" });
    await expect(slides.getByRole("heading", { name: /Calm, careful imaging/ })).toBeInViewport();
    // Both in the HTML; on a phone only the slide shown is in the page's layout (no empty band under a shorter one).
    await expect(page.locator("#hero-centre")).toContainText(/Ultrasound, X-ray, DEXA/);
    await expect(slides.getByRole("link", { name: "Explore services" })).not.toBeInViewport();
    const pager = slides.getByRole("navigation", { name: "Welcome slides" });
    const first = ".hero-slides__pager li:nth-child(1) a";
    const second = ".hero-slides__pager li:nth-child(2) a";
    const marked = await background(page, first);
    await expect(page.locator(second)).not.toHaveCSS("background-color", marked);

    await pager.getByRole("link", { name: "Slide 2 of 2: Medical imaging and radiology centre" }).click();
    await expect(page).toHaveURL(/#hero-centre$/);
    await expect(slides.getByRole("link", { name: "Explore services" })).toBeInViewport();
    await expect(page.locator("#hero-care")).not.toBeInViewport();
    await expect(page.locator(second)).toHaveCSS("background-color", marked);
    await expect(page.locator(first)).not.toHaveCSS("background-color", marked);
    // The page stays at its top: only the track moved.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // From the keyboard too.
    await pager.getByRole("link", { name: "Slide 1 of 2: Compassionate care" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#hero-care$/);
    await expect(slides.getByRole("heading", { name: /Calm, careful imaging/ })).toBeInViewport();
    await expect(page.locator(first)).toHaveCSS("background-color", marked);
  });

  test("on a phone no empty band lies between the first slide and the pager, in both languages", async ({ page }) => {
    test.skip(page.viewportSize()!.width > 700, "phones only: on a wide screen the art sits beside the slides");
    for (const path of ["/", "/tn"]) {
      await page.goto(path);
      const gap = await page.evaluate(() => {
        const actions = document.querySelector("#hero-care .hero-slide__actions")!.getBoundingClientRect();
        const pager = document.querySelector(".hero-slides__pager")!.getBoundingClientRect();
        return pager.top - actions.bottom;
      });
      expect(gap, path).toBeLessThan(40);
    }
  });

  test("the track scrolls smoothly only when motion is not reduced", async ({ page }) => {
    const behaviour = () => page.locator(".hero-slides__track").evaluate((el) => getComputedStyle(el).scrollBehavior);
    await page.goto("/");
    expect(await behaviour()).toBe("smooth");
    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await behaviour()).toBe("auto");
  });
});

test("the info boxes reach the clinic by map, phone, WhatsApp, e-mail and the referrers page", async ({ page }) => {
  await page.goto("/");
  const boxes = page.locator(".info-grid");
  await expect(boxes.getByRole("link", { name: /Locate us on Google Maps/ })).toHaveAttribute(
    "href",
    /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=-?\d+(\.\d+)?,-?\d+(\.\d+)?$/,
  );
  await expect(boxes.getByRole("link", { name: "(+267) 316 3012" })).toHaveAttribute("href", "tel:+2673163012");
  // The default WhatsApp number is a placeholder: shown as a pattern, never a link.
  await expect(boxes).toContainText("Cell and WhatsApp: (+267) 7X XXX XXX");
  await expect(boxes.getByRole("link", { name: /WhatsApp chat/ })).toHaveCount(0);
  await expect(boxes.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:.+@.+/);
  await boxes.getByRole("link", { name: "Go to For Referrers" }).click();
  await expect(page).toHaveURL(/\/for-referrers$/);
});

test("working hours follow the specification", async ({ page }) => {
  await page.goto("/");
  const hours = page.getByRole("complementary", { name: "Working hours" });
  await expect(hours).toContainText("Monday to Friday");
  await expect(hours).toContainText("08:00 to 20:00");
  await expect(hours).toContainText("Saturday");
  await expect(hours).toContainText("09:00 to 13:00");
  await expect(hours).toContainText(/Sunday and public holidays\s*Closed/);
});

test("the three-step guide leads to booking and contact", async ({ page }) => {
  await page.goto("/");
  const guide = page.locator(".guide");
  await expect(guide.getByRole("heading", { level: 3 })).toHaveText([
    "Step 1: Schedule an appointment",
    "Step 2: Upload your referral",
    "Step 3: Prepare and attend",
  ]);
  await expect(guide.getByRole("link", { name: "Book an appointment" })).toHaveAttribute("href", "/book-appointment");
  await guide.getByRole("link", { name: "Contact us" }).click();
  await expect(page).toHaveURL(/\/contact-us$/);
});

test.describe("service tabs", () => {
  test("a list of category links shows one category at a time, by mouse and keyboard", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    const tabsBox = page.locator(".service-tabs");
    const tabs = page.getByRole("navigation", { name: "Service categories" }).getByRole("link");
    await expect(tabs).toHaveText([
      "Diagnostic Imaging",
      "Women's Imaging",
      "Imaging Guided Procedures",
      "Telemedicine and Teleradiology",
    ]);
    const panels = page.locator(".service-tabs__panel");
    // Each link points at its category's section, which is labelled by its heading.
    for (const [i, tab] of (await tabs.all()).entries()) {
      const id = (await tab.getAttribute("href"))!.slice(1);
      await expect(panels.nth(i)).toHaveAttribute("id", id);
      const heading = page.locator(`#${await panels.nth(i).getAttribute("aria-labelledby")}`);
      await expect(heading).toContainText((await tab.textContent())!);
    }

    // Before any link is followed, the first category shows and its link is marked.
    await expect(panels.locator("visible=true")).toHaveCount(1);
    await expect(tabsBox.getByRole("region", { name: "Diagnostic Imaging" })).toContainText("Ultrasound Imaging");
    const marked = await background(page, ".service-tabs__list li:nth-child(1) a");
    await expect(page.locator(".service-tabs__list li:nth-child(2) a")).not.toHaveCSS("background-color", marked);

    // Keyboard: Enter on a link shows its category; Tab then continues into it.
    await tabs.nth(1).focus();
    await page.keyboard.press("Enter");
    await expect(tabsBox.getByRole("region", { name: "Women's Imaging" })).toBeVisible();
    await expect(tabsBox.getByRole("region", { name: "Women's Imaging" }).getByRole("link")).toHaveText([
      "Breast Ultrasound",
      "Mammography",
      "3D Pregnancy Scan",
    ]);
    await expect(tabsBox.getByRole("region", { name: "Diagnostic Imaging" })).toBeHidden();
    await expect(panels.locator("visible=true")).toHaveCount(1);
    await expect(page.locator(".service-tabs__list li:nth-child(2) a")).toHaveCSS("background-color", marked);
    await expect(page.locator(".service-tabs__list li:nth-child(1) a")).not.toHaveCSS("background-color", marked);
    // The links stay in view above the category they show.
    await expect(tabs.nth(1)).toBeInViewport();
    await page.keyboard.press("Tab");
    await expect(tabsBox.getByRole("region", { name: "Women's Imaging" }).getByRole("link").first()).toBeFocused();

    // Mouse and touch too, and the cards lead to their pages.
    await tabs.nth(2).click();
    expect(await targetId(page)).toBe(await panels.nth(2).getAttribute("id"));
    await expect(tabsBox.getByRole("region", { name: "Imaging Guided Procedures" })).toContainText("Pain Management");
    await expect(panels.locator("visible=true")).toHaveCount(1);
    await page
      .getByRole("region", { name: "Imaging Guided Procedures" })
      .getByRole("link", { name: "Pain Management" })
      .click();
    await expect(page).toHaveURL(/\/services\/pain-management$/);
  });

  test("every category is in the HTML", async ({ request }) => {
    const html = await (await request.get("/")).text();
    for (const name of [
      "Bone Densitometry (DEXA Scan)",
      "Breast Ultrasound",
      "Minimally Invasive Procedures",
      "Remote Reporting",
    ]) {
      expect(html).toContain(`>${name}</a>`);
    }
  });
});

test.describe("map", () => {
  test("makes no request to Google until the visitor asks, then opens the map in a new page", async ({ page }) => {
    const googleRequests: string[] = [];
    page.context().on("request", (request) => {
      if (/google/i.test(new URL(request.url()).hostname)) googleRequests.push(request.url());
    });
    // The machine is offline: answer Google locally.
    await page
      .context()
      .route(/^https:\/\/www\.google\.com\//, (route) =>
        route.fulfill({ contentType: "text/html", body: "<!doctype html><title>map</title><p>map</p>" }),
      );
    await page.goto("/");
    const section = page.getByRole("region", { name: "Find us" });
    await section.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await page.waitForLoadState("networkidle");
    expect(googleRequests).toEqual([]);
    await expect(page.locator("iframe")).toHaveCount(0);

    const link = section.getByRole("link", { name: /Open the map/ });
    await expect(link).toHaveAttribute(
      "href",
      /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=-?[\d.]+,-?[\d.]+$/,
    );
    await expect(link).toHaveAttribute("target", "_blank");
    const [popup] = await Promise.all([page.waitForEvent("popup"), link.click()]);
    await expect(popup).toHaveURL(/google\.com\/maps/);
    expect(googleRequests.length).toBeGreaterThan(0);
  });
});

test("the back-to-top link appears after scrolling and returns to the top", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  // Hidden (not only transparent) at the top, so it is out of the tab order there.
  await expect(page.locator('a[href="#top"]')).toBeHidden();
  await expect(page.getByRole("link", { name: "Back to top" })).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 2000));
  const link = page.getByRole("link", { name: "Back to top" });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("href", "#top");
  // It stays clear of the phone action bar and of the WhatsApp button (none while the number is a placeholder).
  const box = (await link.boundingBox())!;
  for (const other of await page.locator(".action-bar:visible, .float-button--whatsapp:visible").all()) {
    const otherBox = (await other.boundingBox())!;
    expect(box.y + box.height <= otherBox.y || otherBox.y + otherBox.height <= box.y).toBe(true);
  }
  await link.focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  // Keyboard users carry on from the top of the page.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
});

test("no WhatsApp chat button offers the placeholder number", async ({ page }) => {
  // The default configuration's WhatsApp number is the pattern +267 7X XXX XXX: nothing may
  // link to it. With a real number the action bar and the floating button offer the chat
  // (whatsappHref, tests/unit/clinic-links.test.ts).
  await page.goto("/");
  await expect(page.getByRole("link", { name: /Whatsapp Us|Chat with us on WhatsApp/ })).toHaveCount(0);
  await expect(page.locator('a[href^="https://wa.me/"]')).toHaveCount(0);
  if ((page.viewportSize()?.width ?? 1280) < 1024) {
    await expect(page.getByRole("navigation", { name: "Quick actions" }).getByRole("link")).toHaveCount(2);
  }
});

test("no horizontal scrolling from 320 px up", async ({ page }) => {
  for (const width of [320, 390, 768, 1024, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `at ${width} px`).toBeLessThanOrEqual(0);
  }
});

test("no axe violations on the home page, also with another category and slide shown", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/");
  await expectNoAxeViolations(page);
  await page
    .getByRole("navigation", { name: "Service categories" })
    .getByRole("link", { name: "Women's Imaging" })
    .click();
  await page.getByRole("link", { name: /^Slide 2 of 2/ }).click();
  await expectNoAxeViolations(page);
});
