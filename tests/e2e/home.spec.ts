import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { hydrated } from "./hydrated";

/** Moves the pointer and focus off the slides, which pause while hovered or focused. */
async function leaveSlides(page: Page) {
  await page.mouse.move(1, 1);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

test("the page has its title, meta and a single main landmark", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle(/Diagnostic imaging and radiology in Gaborone \| /);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Ultrasound/);
  await expect(page.locator('meta[name="keywords"]')).toHaveAttribute("content", /radiology Gaborone/);
  await expect(page.locator("main#main")).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
});

test.describe("hero slides", () => {
  test("both slides are in the page, with working previous and next", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await hydrated(page);
    const slides = page.getByRole("region", { name: "Welcome" });
    await expect(slides.getByRole("heading", { name: /Calm, careful imaging/ })).toBeAttached();
    await expect(slides.getByRole("heading", { name: /Ultrasound, X-ray, DEXA/ })).toBeAttached();
    await expect(slides).toHaveAttribute("data-active-slide", "1");
    await slides.getByRole("button", { name: "Next slide" }).click();
    await expect(slides).toHaveAttribute("data-active-slide", "2");
    await expect(slides.getByRole("link", { name: "Explore services" })).toBeInViewport();
    await slides.getByRole("button", { name: "Next slide" }).click();
    await expect(slides).toHaveAttribute("data-active-slide", "1");
    await slides.getByRole("button", { name: "Previous slide" }).click();
    await expect(slides).toHaveAttribute("data-active-slide", "2");
  });

  test("they advance on their own, and the pause control stops them", async ({ page }) => {
    test.setTimeout(45_000);
    await page.goto("/");
    await hydrated(page);
    await leaveSlides(page);
    const slides = page.getByRole("region", { name: "Welcome" });
    await expect(slides.getByRole("button", { name: "Pause slides" })).toBeVisible();
    // Auto-advance runs (every 6 s).
    await expect(slides).toHaveAttribute("data-active-slide", "2", { timeout: 10_000 });

    await slides.getByRole("button", { name: "Pause slides" }).click();
    await expect(slides.getByRole("button", { name: "Play slides" })).toBeVisible();
    await leaveSlides(page);
    await expect(slides).toHaveAttribute("data-playing", "false");
    await page.waitForTimeout(7_500);
    await expect(slides).toHaveAttribute("data-active-slide", "2");

    // Play resumes it.
    await slides.getByRole("button", { name: "Play slides" }).click();
    await leaveSlides(page);
    await expect(slides).toHaveAttribute("data-active-slide", "1", { timeout: 10_000 });
  });

  test("reduced motion keeps them still", async ({ page }) => {
    test.setTimeout(30_000);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await hydrated(page);
    await leaveSlides(page);
    const slides = page.getByRole("region", { name: "Welcome" });
    await expect(slides.getByRole("button", { name: "Play slides" })).toBeVisible();
    await expect(slides).toHaveAttribute("data-playing", "false");
    await page.waitForTimeout(7_500);
    await expect(slides).toHaveAttribute("data-active-slide", "1");
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
  test("follow the WAI-ARIA tabs pattern from the keyboard", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const tablist = page.getByRole("tablist", { name: "Service categories" });
    const tabs = tablist.getByRole("tab");
    await expect(tabs).toHaveText([
      "Diagnostic Imaging",
      "Women's Imaging",
      "Imaging Guided Procedures",
      "Telemedicine and Teleradiology",
    ]);
    const first = tabs.nth(0);
    const second = tabs.nth(1);
    const last = tabs.nth(3);

    // Each tab controls its panel, which is labelled by the tab.
    for (const tab of await tabs.all()) {
      const panelId = await tab.getAttribute("aria-controls");
      const panel = page.locator(`#${panelId}`);
      await expect(panel).toHaveAttribute("role", "tabpanel");
      await expect(panel).toHaveAttribute("aria-labelledby", (await tab.getAttribute("id"))!);
    }

    await expect(first).toHaveAttribute("aria-selected", "true");
    await expect(first).toHaveAttribute("tabindex", "0");
    await expect(second).toHaveAttribute("tabindex", "-1");
    await expect(page.getByRole("tabpanel")).toHaveCount(1);
    await expect(page.getByRole("tabpanel", { name: "Diagnostic Imaging" })).toContainText("Ultrasound Imaging");

    await first.focus();
    await page.keyboard.press("ArrowRight");
    await expect(second).toBeFocused();
    await expect(second).toHaveAttribute("aria-selected", "true");
    await expect(first).toHaveAttribute("aria-selected", "false");
    await expect(first).toHaveAttribute("tabindex", "-1");
    await expect(page.getByRole("tabpanel", { name: "Women's Imaging" })).toContainText("3D Pregnancy Scan");
    await expect(page.getByRole("tabpanel")).toHaveCount(1);

    await page.keyboard.press("End");
    await expect(last).toBeFocused();
    await expect(page.getByRole("tabpanel", { name: "Telemedicine and Teleradiology" })).toContainText(
      "Remote Reporting",
    );
    await page.keyboard.press("ArrowRight");
    await expect(first).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(last).toBeFocused();
    await page.keyboard.press("Home");
    await expect(first).toBeFocused();
    await expect(first).toHaveAttribute("aria-selected", "true");

    // Tab leaves the tablist for the panel.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("tabpanel", { name: "Diagnostic Imaging" })).toBeFocused();

    // Mouse and touch select too.
    await tabs.nth(2).click();
    await expect(page.getByRole("tabpanel", { name: "Imaging Guided Procedures" })).toContainText("Pain Management");
    await page.getByRole("tabpanel").getByRole("link", { name: "Pain Management" }).click();
    await expect(page).toHaveURL(/\/services\/pain-management$/);
  });

  test("without JavaScript every category is readable", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    for (const name of [
      "Bone Densitometry (DEXA Scan)",
      "Breast Ultrasound",
      "Minimally Invasive Procedures",
      "Remote Reporting",
    ]) {
      await expect(page.locator(".service-tabs").getByRole("link", { name })).toBeVisible();
    }
    await context.close();
  });
});

test.describe("map", () => {
  test("makes no request to Google until the visitor asks, then shows the embed", async ({ page }) => {
    const googleRequests: string[] = [];
    page.on("request", (request) => {
      if (/google/i.test(new URL(request.url()).hostname)) googleRequests.push(request.url());
    });
    // The machine is offline: answer Google's embed locally.
    await page.route(/^https:\/\/www\.google\.com\//, (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>map</title><p>map</p>" }),
    );
    await page.goto("/");
    await hydrated(page);
    const section = page.getByRole("region", { name: "Find us" });
    await section.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await page.waitForLoadState("networkidle");
    expect(googleRequests).toEqual([]);
    await expect(section.locator("iframe")).toHaveCount(0);
    await expect(section.getByRole("link", { name: /Open in Maps/ })).toHaveAttribute("href", /google\.com\/maps/);

    await section.getByRole("button", { name: "Load interactive map" }).click();
    const frame = section.locator("iframe");
    await expect(frame).toBeVisible();
    await expect(frame).toHaveAttribute("title", /^Map showing the location of /);
    await expect(frame).toHaveAttribute(
      "src",
      /^https:\/\/www\.google\.com\/maps\?q=-?[\d.]+,-?[\d.]+&z=16&output=embed$/,
    );
    await expect.poll(() => googleRequests.length).toBeGreaterThan(0);
    await expect(section.getByRole("button", { name: "Load interactive map" })).toHaveCount(0);
  });

  test("a chunk that fails to load reloads the page once, then shows the failure", async ({ page }) => {
    await page.route(/\/assets\/map-embed-[\w-]+\.js$/, (route) => route.abort("failed"));
    let documentLoads = 0;
    page.on("request", (request) => {
      if (request.resourceType() === "document" && request.frame() === page.mainFrame()) documentLoads += 1;
    });

    await page.goto("/");
    await hydrated(page);
    expect(documentLoads).toBe(1);
    await page.getByRole("button", { name: "Load interactive map" }).click();

    // First failure: the page reloads by itself, once.
    await expect.poll(() => documentLoads).toBe(2);
    await page.waitForLoadState("load");
    await hydrated(page);
    expect(await page.evaluate(() => sessionStorage.getItem("chunk-reload:/"))).not.toBeNull();

    // Second failure on the same URL: no further reload, the failure is shown.
    await page.getByRole("button", { name: "Load interactive map" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Unexpected Application Error!" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(
      /Loading chunk map-embed failed\.\s*\(error: \S*map-embed-[\w-]+\.js\)/,
    );
    await page.waitForTimeout(500);
    expect(documentLoads).toBe(2);
  });
});

test("the scroll-to-top button appears after scrolling and returns to the top", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  await hydrated(page);
  const button = page.getByRole("button", { name: "Back to top" });
  await expect(button).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 2000));
  await expect(button).toBeVisible();
  // It stays clear of the phone action bar and of the WhatsApp button (none while the number is a placeholder).
  const box = (await button.boundingBox())!;
  for (const other of await page.locator(".action-bar:visible, .float-button--whatsapp:visible").all()) {
    const otherBox = (await other.boundingBox())!;
    expect(box.y + box.height <= otherBox.y || otherBox.y + otherBox.height <= box.y).toBe(true);
  }
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
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

test("no axe violations on the home page, also after using the tabs and the map", async ({ page }) => {
  test.setTimeout(120_000);
  await page.route(/^https:\/\/www\.google\.com\//, (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>map</title>" }),
  );
  await page.goto("/");
  await hydrated(page);
  await expectNoAxeViolations(page);
  await page.getByRole("tab", { name: "Women's Imaging" }).click();
  await page.getByRole("button", { name: "Load interactive map" }).click();
  await expect(page.locator("iframe.map-embed")).toBeVisible();
  await expectNoAxeViolations(page, { exclude: "iframe.map-embed" });
});
