import { PLACEHOLDER_PHONE } from "../../domain/contact-links";
import { REFERRAL_FORM_PATH } from "../../domain/paths";
import { STAFF_EXPERIENCE_YEARS, STAFF_ROLES } from "../../domain/team";
import { loadConfig } from "../../server/base/config";
import { expect, test } from "./fixtures";

/** The prerendered pages were built with the default configuration. */
const clinic = loadConfig({}).clinic;

test.describe("About (Our Story)", () => {
  test("explains who we are, the mission and the vision", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1, name: "Our Story" })).toBeVisible();
    for (const name of ["Who we are", "Our mission", "Our vision"]) {
      await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
    }
  });

  test("the three benefits are disclosures that open and close with mouse and keyboard", async ({ page }) => {
    await page.goto("/about");
    const names = ["Patient-centric care", "Excellence in diagnostics", "Professionalism and integrity"];
    // Each benefit is a <details>: its <summary> holds the title as a heading.
    const items = names.map((name) =>
      page.locator("details.disclosure", { has: page.getByRole("heading", { level: 3, name }) }),
    );
    const toggles = items.map((item) => item.locator("summary"));
    await expect(items[0]!).toHaveAttribute("open");
    await expect(items[1]!).not.toHaveAttribute("open");
    await expect(items[2]!).not.toHaveAttribute("open");

    const panel = items[1]!.locator(".disclosure__panel");
    await expect(panel).toBeHidden();
    await toggles[1]!.click();
    await expect(items[1]!).toHaveAttribute("open");
    await expect(panel).toBeVisible();
    await expect(panel).toContainText("radiologist");
    // Independent: the first stays open.
    await expect(items[0]!).toHaveAttribute("open");

    // Tab moves from one title to the next (the panels hold text only), with a visible focus ring.
    await page.keyboard.press("Tab");
    await expect(toggles[2]!).toBeFocused();
    expect(await toggles[2]!.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe("none");
    await page.keyboard.press("Enter");
    await expect(items[2]!).toHaveAttribute("open");
    await page.keyboard.press("Space");
    await expect(items[2]!).not.toHaveAttribute("open");
  });

  test("closed benefits are in the HTML the server sends", async ({ request }) => {
    const html = await (await request.get("/about")).text();
    expect(html).toContain("Professionalism and integrity");
    expect(html).toContain("keep your health information confidential");
  });

  test("four tiles lead to services, directions, contact and appointments", async ({ page }) => {
    await page.goto("/about");
    const main = page.locator("main");
    await expect(main.getByRole("link", { name: /Our services/ })).toHaveAttribute("href", "/services");
    const directions = main.getByRole("link", { name: /Get directions/ });
    await expect(directions).toHaveAttribute(
      "href",
      `https://www.google.com/maps/search/?api=1&query=${clinic.geo.latitude},${clinic.geo.longitude}`,
    );
    await expect(directions).toHaveAttribute("rel", /noopener/);
    await expect(main.getByRole("link", { name: /Contact us/ })).toHaveAttribute("href", "/contact-us");
    await main.getByRole("link", { name: /Book an appointment/ }).click();
    await expect(page).toHaveURL(/\/book-appointment$/);
  });
});

test("Our Key Staff lists the four roles with the configured names", async ({ page }) => {
  await page.goto("/our-staff");
  await expect(page.getByRole("heading", { level: 1, name: "Our Key Staff" })).toBeVisible();
  const main = page.locator("main");
  for (const [index, role] of STAFF_ROLES.entries()) {
    const card = main.locator("article", { has: page.getByRole("heading", { name: role, exact: true }) });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(clinic.staffNames[index] ?? "Name to be confirmed");
  }
});

test("Radiologists shows two profiles with position, biography and years of experience", async ({ page }) => {
  await page.goto("/radiologists");
  await expect(page.getByRole("heading", { level: 1, name: "Radiologists" })).toBeVisible();
  const profiles = page.locator("main article");
  await expect(profiles).toHaveCount(2);
  await expect(profiles.nth(0).getByRole("heading")).toHaveText("Specialist Surgeon and Radiologist");
  await expect(profiles.nth(1).getByRole("heading")).toHaveText("Lead Radiographer");
  for (const i of [0, 1]) {
    await expect(profiles.nth(i)).toContainText(`${STAFF_EXPERIENCE_YEARS} years of experience`);
    expect((await profiles.nth(i).locator("p").allTextContents()).join(" ").length).toBeGreaterThan(120);
  }
});

test.describe("For Referrers", () => {
  test("explains the form and the hours rule, and links to booking", async ({ page }) => {
    await page.goto("/for-referrers");
    const main = page.locator("main");
    await expect(main).toContainText("processed only during our normal operating hours");
    await expect(main).toContainText("not for emergencies");
    await expect(main.getByRole("link", { name: "appointment section" })).toHaveAttribute("href", "/book-appointment");
    await expect(main).toContainText("brings the completed form");
  });

  test("shows the office telephone as a link, and the placeholder cell/WhatsApp number as a visible pattern without links", async ({
    page,
  }) => {
    await page.goto("/for-referrers");
    const main = page.locator("main");
    await expect(main.getByRole("link", { name: "(+267) 316 3012" })).toHaveAttribute("href", `tel:${clinic.landline}`);
    // The default configuration has no real cell number: it shows the pattern and offers nothing to call or message.
    expect(clinic.whatsapp).toBe(PLACEHOLDER_PHONE);
    await expect(main).toContainText("(+267) 7X XXX XXX");
    await expect(main.getByRole("link", { name: /7X XXX XXX|Chat on WhatsApp/ })).toHaveCount(0);
    await expect(main.locator('a[href^="https://wa.me/"]')).toHaveCount(0);
  });

  test("DOWNLOAD REFERRAL FORM downloads the PDF whose size the page states", async ({ page, request }) => {
    await page.goto("/for-referrers");
    const link = page.getByRole("link", { name: "DOWNLOAD REFERRAL FORM" });
    await expect(link).toHaveAttribute("href", REFERRAL_FORM_PATH);
    await expect(link).toHaveAttribute("download", /\.pdf$/);

    const file = await request.get(REFERRAL_FORM_PATH);
    const kb = Math.round((await file.body()).length / 1024);
    await expect(page.locator("main")).toContainText(`PDF, ${kb} KB`);

    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe("referral-form.pdf");
  });
});

test("Terms and Conditions has every section, governed by the laws of Botswana", async ({ page }) => {
  await page.goto("/terms-condition");
  await expect(page.getByRole("heading", { level: 1, name: "Terms and Conditions" })).toBeVisible();
  const sections = await page.locator("main .legal section h2").allTextContents();
  expect(sections.map((s) => s.replace(/^\d+\.\s*/, ""))).toEqual([
    "Our services",
    "Appointments and scheduling",
    "Patient responsibilities",
    "Payment and insurance",
    "Privacy",
    "Use of this website",
    "Limitation of liability",
    "Changes to these terms",
    "Governing law",
    "Contact information",
  ]);
  await expect(page.locator("#governing-law + p")).toContainText("laws of Botswana");
  await expect(page.locator("main")).toContainText(clinic.email);
  // The table of contents jumps to a section.
  await page.getByRole("navigation", { name: "Contents" }).getByRole("link", { name: "Governing law" }).click();
  await expect(page).toHaveURL(/#governing-law$/);
});

test("Privacy Policy covers collection, use, sharing, security and the data protection law", async ({ page }) => {
  await page.goto("/privacy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  const main = page.locator("main");
  for (const text of [
    "Personal information",
    "Health information",
    "Usage information",
    "Healthcare providers",
    "Third-party service providers",
    "billing and data processing",
    "Legal authorities",
    "We do not sell or rent your personal information",
    "100% secure",
    "Data Protection Act (2024)",
    "sensitive personal data",
    "correct it",
    "loads from Google only when you ask for it",
  ]) {
    await expect(main).toContainText(text);
  }
  await expect(main.getByRole("link", { name: clinic.email })).toHaveAttribute("href", `mailto:${clinic.email}`);
});

test("the information pages have unique meta keywords and descriptions", async ({ request }) => {
  const seen = new Set<string>();
  for (const path of ["/about", "/our-staff", "/radiologists", "/for-referrers", "/terms-condition", "/privacy"]) {
    const html = await (await request.get(path)).text();
    const keywords = html.match(/<meta name="keywords" content="([^"]*)"/)?.[1];
    expect(keywords, path).toBeTruthy();
    expect(seen.has(keywords!), `${path} keywords are unique`).toBe(false);
    seen.add(keywords!);
    expect(html).toMatch(/<meta property="og:url" content="https?:\/\/[^"]+"/);
  }
});
