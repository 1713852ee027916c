import type { Locator } from "@playwright/test";
import { SERVICE_CATEGORIES, ULTRASOUND_TIMINGS } from "../../domain/catalogue";
import { bookingPath } from "../../domain/paths";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

// Service pages and /details load no script: the sidebar accordion is <details> sharing a
// name (one open at a time), so nothing here waits for hydration.

/** An accordion group's <details>, and its <summary>, by the group's name. */
const group = (nav: Locator, name: string) =>
  nav.locator("details", { has: nav.page().locator("summary", { hasText: name }) });
const toggle = (nav: Locator, name: string) => nav.locator("summary", { hasText: name });

const CLOSING = "Your results and your appointment";

/** Every content page: a key sentence or two the specification asks for, and whether it ends with the shared closing. */
const PAGES: { slug: string; h1: string; points: (string | RegExp)[]; closing: boolean }[] = [
  {
    slug: "ultrasound",
    h1: "Ultrasound Imaging",
    points: ["What is an ultrasound scan?", /about 6 hours/, /full bladder/, "After the examination"],
    closing: true,
  },
  {
    slug: "x-ray",
    h1: "X-ray Imaging",
    points: [
      "Plain X-ray",
      /referral form/,
      "Risks",
      /About 38 chest X-rays give the same dose as one year of natural background radiation/,
    ],
    closing: true,
  },
  {
    slug: "fluoroscopy",
    h1: "Fluoroscopy Imaging",
    points: [
      "Why is it done?",
      "How to prepare",
      /If you are, or may be, pregnant, tell our staff/,
      /Allergy to contrast medium/,
      "After the exam",
    ],
    closing: true,
  },
  {
    slug: "bone-densitometry-dexa-scan",
    h1: "Bone Densitometry (DEXA Scan)",
    points: [
      "What happens during the scan",
      /Stop taking calcium supplements 24 to 48 hours before your scan/,
      /no metal/,
      "Extra information",
      "After the exam",
    ],
    closing: true,
  },
  {
    slug: "breast-ultrasound",
    h1: "Breast Ultrasound",
    points: ["Benefits", "How to prepare", "After the exam"],
    closing: true,
  },
  {
    slug: "mammography",
    h1: "Mammography",
    points: ["Screening mammography", "Diagnostic mammography", "Guidelines", /Ask your doctor what is right for you/],
    closing: true,
  },
  { slug: "3d-pregnancy-scan", h1: "3D Pregnancy Scan", points: ["Benefits", "The process"], closing: true },
  {
    slug: "minimally-invasive-procedure",
    h1: "Minimally Invasive Procedures",
    points: ["Ultrasound-guided biopsy", "Benefits"],
    closing: true,
  },
  {
    slug: "pain-management",
    h1: "Pain Management",
    points: ["Epidural steroid injections", "Facet joint injections", "Nerve blocks", "Radiofrequency ablation"],
    closing: true,
  },
  { slug: "remote-reporting", h1: "Remote Reporting", points: ["Benefits", "How it works"], closing: false },
];

test.describe("service pages", () => {
  for (const p of PAGES) {
    test(`/services/${p.slug} renders its heading, content points and ending`, async ({ page }) => {
      const response = await page.goto(`/services/${p.slug}`);
      expect(response?.status()).toBe(200);
      const main = page.getByRole("main");
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(p.h1);
      for (const point of p.points) {
        if (typeof point === "string")
          await expect(main.getByRole("heading", { name: point, exact: true })).toBeVisible();
        else await expect(main.getByText(point).first()).toBeVisible();
      }
      const image = main.locator("img.service-content__image");
      await expect(image).toHaveAttribute("width", "480");
      await expect(image).toHaveAttribute("height", "320");
      expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const closing = main.getByRole("region", { name: CLOSING });
      if (p.closing) {
        await expect(closing).toContainText("sends a written report to the doctor who referred you");
        await expect(closing).toContainText("settled on the day of your examination");
        await expect(closing.getByRole("link", { name: /Call/ })).toHaveAttribute("href", /^tel:\+267\d{7,8}$/);
        // The booking page opens with this service chosen, when it is one a patient can request.
        await expect(closing.getByRole("link", { name: "Book Now" })).toHaveAttribute("href", bookingPath(p.slug));
      } else {
        await expect(closing).toHaveCount(0);
      }
      await expect(page).toHaveTitle(new RegExp(`^${p.h1.replace(/[()]/g, "\\$&")} \\|`));
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{60,}/);
      await expect(page.locator('meta[name="keywords"]')).toHaveAttribute("content", /.+/);
    });
  }

  test("ultrasound timings: an accessible table of the section 9 estimates", async ({ page }) => {
    await page.goto("/services/ultrasound");
    const table = page.getByRole("table", { name: /estimates only/ });
    const rows = table.locator("tbody tr");
    await expect(rows).toHaveCount(15);
    expect(ULTRASOUND_TIMINGS).toHaveLength(15);
    await expect(table.getByRole("row", { name: /Abdomen & Pelvis/ })).toContainText("45 minutes");
    await expect(table.getByRole("row", { name: /Gallbladder/ })).toContainText("20 minutes");
    const breast = table.getByRole("row", { name: /^Breast/ });
    await expect(breast).toContainText("30 minutes");
    await expect(breast).toContainText("40 minutes");
    await expect(table.getByRole("columnheader")).toHaveText(["Examination", "Estimated time"]);
  });

  test("X-ray links referrers to the referral form page", async ({ page }) => {
    await page.goto("/services/x-ray");
    await expect(page.getByRole("main").getByRole("link", { name: "For Referrers page" })).toHaveAttribute(
      "href",
      "/for-referrers",
    );
  });

  test("advanced technology, which the clinic has not described, says so and points to the services and the phone", async ({
    page,
  }) => {
    const response = await page.goto("/services/advanced-technology");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Advanced Technology");
    const main = page.getByRole("main");
    await expect(main).toContainText("We have not written this page yet.");
    await expect(main.getByRole("link", { name: "See all our services" })).toHaveAttribute("href", "/services");
    await expect(main.getByRole("link", { name: "(+267) 316 3012" })).toHaveAttribute("href", "tel:+2673163012");
    // Nothing on it claims what the clinic has not stated: no equipment, no sidebar of services.
    await expect(main.getByRole("navigation", { name: "Our services" })).toHaveCount(0);
  });
});

test.describe("service sidebar", () => {
  test("the current service's category starts open with the current link marked", async ({ page }) => {
    await page.goto("/services/pain-management");
    const nav = page.getByRole("navigation", { name: "Our services" });
    await expect(group(nav, "Imaging Guided Procedures")).toHaveAttribute("open");
    await expect(nav.getByRole("link", { name: "Pain Management" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Minimally Invasive Procedures" })).not.toHaveAttribute("aria-current");
    for (const name of ["Diagnostic Imaging", "Women's Imaging", "Telemedicine and Teleradiology"]) {
      await expect(group(nav, name)).not.toHaveAttribute("open");
    }
    await expect(nav.locator("a:visible")).toHaveCount(2);
  });

  test("without JavaScript the open category's links show and the others open", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/services/x-ray");
    const nav = page.getByRole("navigation", { name: "Our services" });
    await expect(nav.getByRole("link", { name: "Bone Densitometry (DEXA Scan)" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "X-ray" })).toHaveAttribute("aria-current", "page");
    await toggle(nav, "Women's Imaging").click();
    await expect(nav.getByRole("link", { name: "Breast Ultrasound" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "X-ray" })).toBeHidden();
    await context.close();
  });

  test("opening another category closes the previous one", async ({ page }) => {
    await page.goto("/services/ultrasound");
    const nav = page.getByRole("navigation", { name: "Our services" });
    await toggle(nav, "Women's Imaging").click();
    await expect(group(nav, "Women's Imaging")).toHaveAttribute("open");
    await expect(group(nav, "Diagnostic Imaging")).not.toHaveAttribute("open");
    await expect(nav.getByRole("link", { name: "Ultrasound", exact: true })).toBeHidden();
    await expect(nav.getByRole("link", { name: "3D Pregnancy Scan" })).toBeVisible();
    await expect(nav.locator("a:visible")).toHaveText(["Breast Ultrasound", "Mammography", "3D Pregnancy Scan"]);
    // Following a link reaches that page, with its own category open.
    await nav.getByRole("link", { name: "Breast Ultrasound" }).click();
    await expect(page).toHaveURL(/\/services\/breast-ultrasound$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Breast Ultrasound");
    await expect(
      page.getByRole("navigation", { name: "Our services" }).getByRole("link", { name: "Breast Ultrasound" }),
    ).toHaveAttribute("aria-current", "page");
  });

  test("the accordion works from the keyboard, with visible focus", async ({ page }) => {
    await page.goto("/services/remote-reporting");
    const nav = page.getByRole("navigation", { name: "Our services" });
    const procedures = toggle(nav, "Imaging Guided Procedures");
    await procedures.focus();
    const outline = await procedures.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).not.toBe("none");
    await page.keyboard.press("Enter");
    await expect(group(nav, "Imaging Guided Procedures")).toHaveAttribute("open");
    await expect(group(nav, "Telemedicine and Teleradiology")).not.toHaveAttribute("open");
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Minimally Invasive Procedures" })).toBeFocused();
    await procedures.focus();
    await page.keyboard.press("Space");
    await expect(group(nav, "Imaging Guided Procedures")).not.toHaveAttribute("open");
    await expect(nav.locator("a:visible")).toHaveCount(0);
  });

  test("mammography is listed under Women's Imaging, and its page marks it", async ({ page }) => {
    await page.goto("/services/breast-ultrasound");
    const nav = page.getByRole("navigation", { name: "Our services" });
    await expect(nav.locator("a:visible")).toHaveText(["Breast Ultrasound", "Mammography", "3D Pregnancy Scan"]);
    await nav.getByRole("link", { name: "Mammography" }).click();
    await expect(page).toHaveURL(/\/services\/mammography$/);
    const own = page.getByRole("navigation", { name: "Our services" });
    await expect(group(own, "Women's Imaging")).toHaveAttribute("open");
    await expect(own.getByRole("link", { name: "Mammography" })).toHaveAttribute("aria-current", "page");
    await expect(page.locator(".page-banner__eyebrow")).toHaveText("Women's Imaging");
  });
});

test.describe("/services", () => {
  test("every category is a section of cards sized by colsize", async ({ page, viewport }) => {
    await page.goto("/services");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Services");
    const cards = page.locator(".service-grid__item");
    await expect(cards).toHaveCount(10);
    // Mammography, which can be booked, is listed with the rest of Women's Imaging.
    await expect(
      page.getByRole("region", { name: /^Women's Imaging/ }).getByRole("link", { name: "View more about Mammography" }),
    ).toHaveAttribute("href", "/services/mammography");
    for (const category of SERVICE_CATEGORIES) {
      const section = page.getByRole("region", { name: new RegExp(`^${category.category}`) });
      await expect(section.getByRole("heading", { level: 2 })).toContainText(category.category);
      if (category.subheading)
        await expect(section.getByRole("heading", { level: 2 })).toContainText(category.subheading);
      await expect(section.getByRole("heading", { level: 3 })).toHaveText(category.services.map((c) => c.name));
      for (const card of category.services) {
        const item = section.getByRole("listitem").filter({ has: page.getByRole("heading", { name: card.name }) });
        await expect(item).toHaveClass(new RegExp(`service-grid__item--span-${card.colsize}\\b`));
        await expect(item.getByText(card.desp)).toBeVisible();
        await expect(item.locator("img")).toHaveAttribute("src", card.image);
        await expect(item.locator("svg").first()).toBeAttached();
        await expect(item.getByRole("link", { name: `View more about ${card.name}` })).toHaveAttribute(
          "href",
          card.link,
        );
      }
    }
    // Widths follow the 12-column grid on desktop and fill the row on phones.
    const grid = await page.locator(".service-grid").first().boundingBox();
    const widthOf = async (span: string) =>
      (await page.locator(`.service-grid__item--span-${span}`).first().boundingBox())!.width;
    const [w3, w4, w6] = [await widthOf("3"), await widthOf("4"), await widthOf("6")];
    if ((viewport?.width ?? 0) >= 1000) {
      expect(w3).toBeLessThan(w4);
      expect(w4).toBeLessThan(w6);
      expect(w6).toBeLessThan(grid!.width * 0.55);
      expect(w3).toBeGreaterThan(grid!.width * 0.2);
    } else {
      for (const w of [w3, w4, w6]) expect(Math.abs(w - grid!.width)).toBeLessThan(1);
    }
  });
});

test.describe("/details", () => {
  test("?name=x-ray shows the service with its own page as canonical", async ({ page }) => {
    const response = await page.goto("/details?name=x-ray");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("X-ray Imaging");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/services\/x-ray$/);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    await expect(page.getByRole("main").locator('img[src="/images/services/x-ray.svg"]')).toHaveAttribute(
      "width",
      "480",
    );
    await expect(page.getByRole("heading", { name: "What to expect" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Preparing for your visit" })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Service categories" });
    await expect(nav.locator("summary")).toHaveText([
      "Diagnostic Imaging",
      "Interventional Radiology",
      "Women's Imaging",
      "Telemedicine and Teleradiology",
    ]);
    await expect(group(nav, "Diagnostic Imaging")).toHaveAttribute("open");
    await expect(nav.getByRole("link", { name: "X-ray Imaging" })).toHaveAttribute("aria-current", "page");
  });

  test("?name=Fluroscopy (the record's spelling) shows Fluoroscopy", async ({ page }) => {
    await page.goto("/details?name=Fluroscopy");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fluoroscopy Imaging");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/services\/fluoroscopy$/);
  });

  test("an unknown or missing name shows 'Service not found.'", async ({ page }) => {
    const response = await page.goto("/details?name=nope");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Service not found.", { exact: true })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "See all our services" })).toHaveAttribute(
      "href",
      "/services",
    );
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

    const bare = await page.goto("/details");
    expect(bare?.status()).toBe(200);
    await expect(page.getByText("Service not found.", { exact: true })).toBeVisible();
  });

  test("a category link opens that service's details", async ({ page }) => {
    await page.goto("/details?name=x-ray");
    const nav = page.getByRole("navigation", { name: "Service categories" });
    await toggle(nav, "Women's Imaging").click();
    await nav.getByRole("link", { name: "3D Pregnancy Scan" }).click();
    await expect(page).toHaveURL(/\/details\?name=3D-Pregnancy$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("3D Pregnancy Scan");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/services\/3d-pregnancy-scan$/);
    await expect(group(nav, "Women's Imaging")).toHaveAttribute("open");
  });

  test("the consultation form sends nothing and says where to book", async ({ page }) => {
    const requests: string[] = [];
    await page.goto("/details?name=breast-ultrasound");
    page.on("request", (r) => requests.push(`${r.method()} ${r.url()} ${r.postData() ?? ""}`));
    const form = page.getByRole("region", { name: "Ask for a consultation" });
    await expect(form).toContainText("This form does not send your details anywhere");
    await expect(form.getByRole("link", { name: "appointment page" })).toHaveAttribute(
      "href",
      "/book-appointment?service=breast-ultrasound",
    );
    await form.getByLabel("Your name").fill("Test Patient");
    await form.getByLabel("Phone number").fill("71234567");
    await form.getByLabel("Doctor").selectOption("Specialist radiologist");
    await form.getByRole("button", { name: "Request consultation" }).click();
    // Its fields have no name: submitting opens the booking page with only the service in the query.
    await expect(page).toHaveURL(/\/book-appointment\?service=breast-ultrasound$/);
    expect(requests.filter((u) => /Test|71234567|Specialist/.test(u))).toEqual([]);
  });
});

// /services and every /services/… page are checked by public-routes.spec.ts.
test.describe("accessibility (axe)", () => {
  const paths = ["/details?name=x-ray", "/details?name=nope"];
  for (const path of paths) {
    test(`${path} has no axe violations`, async ({ page }) => {
      await page.goto(path);
      await expectNoAxeViolations(page);
    });
  }
});
