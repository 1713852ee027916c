import type { Page } from "@playwright/test";
import { OPENING_HOURS, closedNote, openingPeriodLabel } from "../../domain/clinic";
import { bookingPolicy } from "../../domain/booking-policy";
import { m } from "../../domain/paraglide/messages.js";
import { REFERRAL_FORM_PATH } from "../../domain/paths";
import { STAFF_EXPERIENCE_YEARS } from "../../domain/team";
import { loadConfig } from "../../server/base/config";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

/*
 * The content pages in Setswana (issue 26): each /tn page shows its Setswana words, its links to the
 * site's pages stay under /tn, the header's "English" switch leads to its English twin and back, and
 * axe finds nothing. The words come from the catalogue, so a better translation does not break a test.
 */

const config = loadConfig();
/** A text as a pattern that matches it literally. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const tn = { locale: "tn" } as const;
const en = { locale: "en" } as const;

/** Every link in the page's main content to one of the site's pages goes to its Setswana twin. */
async function expectLinksUnderTn(page: Page): Promise<void> {
  const hrefs = await page
    .locator('main a[href^="/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  const pages = hrefs.filter((href) => !href?.startsWith("/files/"));
  expect(pages.length).toBeGreaterThan(0);
  for (const href of pages) expect(href, "a link in a Setswana page").toMatch(/^\/tn(\/|$|#)/);
}

/**
 * The header's switch leads to the English twin, whose switch leads back. At phone width the header's
 * top line, which holds the switch, is hidden (app/styles/layout.css), so the test follows its address.
 */
async function expectLanguageSwitch(page: Page, tnPath: string, englishPath: string): Promise<void> {
  const toEnglish = page.locator('header a[hreflang="en"]');
  await expect(toEnglish).toHaveText("English");
  await expect(toEnglish).toHaveAttribute("lang", "en");
  await expect(toEnglish).toHaveAttribute("href", englishPath);
  await page.goto(englishPath);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator('header a[hreflang="tn"]')).toHaveAttribute("href", tnPath);
}

test("the home page in Setswana", async ({ page }) => {
  const response = await page.goto("/tn");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(new RegExp(`^${literally(m.home_meta_title({}, tn))} \\| `));
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", m.home_meta_description({}, tn));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(
    m.home_subtitle({ city: config.clinic.address.city }, tn),
  );
  const slides = page.getByRole("region", { name: m.home_slides_label({}, tn) });
  await expect(slides.getByRole("heading", { name: m.home_slide_care_title({}, tn) })).toBeVisible();
  await expect(
    slides.getByRole("link", {
      name: m.home_slides_link({ index: 2, count: 2, label: m.home_slide_centre_label({}, tn) }, tn),
    }),
  ).toBeAttached();
  const main = page.locator("main");
  await expect(main.getByRole("heading", { name: m.home_guide_heading({}, tn) })).toBeVisible();
  const weekdays = main.locator(".hours__row").first();
  await expect(weekdays.locator("dt")).toHaveText(openingPeriodLabel(OPENING_HOURS[0]!, "tn"));
  await expect(weekdays.locator("dd")).toHaveText(m.layout_footer_hours_range({ opens: "08:00", closes: "20:00" }, tn));
  await expect(main.locator(".hours__row--closed dd")).toHaveText(m.home_closed({}, tn));
  // No English left in the page's own words (the service names wait for the services' Setswana).
  for (const english of [m.home_guide_heading({}, en), m.home_hours_heading({}, en), m.home_map_note({}, en)])
    await expect(main).not.toContainText(english);
  await expectLinksUnderTn(page);
  await expectNoAxeViolations(page);
  await expectLanguageSwitch(page, "/tn", "/");
});

test("Our Story, Our Key Staff and Radiologists in Setswana", async ({ page }) => {
  await page.goto("/tn/about");
  await expect(page.getByRole("heading", { level: 1, name: m.layout_nav_our_story({}, tn) })).toBeVisible();
  const main = page.locator("main");
  await expect(main.getByRole("heading", { level: 2, name: m.about_mission_heading({}, tn) })).toBeVisible();
  await expect(main.getByRole("heading", { level: 3, name: m.about_benefit_integrity_title({}, tn) })).toBeVisible();
  await expect(main.getByRole("link", { name: m.about_tile_book_title({}, tn) })).toHaveAttribute(
    "href",
    "/tn/book-appointment",
  );
  await expectLinksUnderTn(page);
  await expectNoAxeViolations(page);
  await expectLanguageSwitch(page, "/tn/about", "/about");

  await page.goto("/tn/our-staff");
  await expect(page.getByRole("heading", { level: 1, name: m.layout_nav_our_staff({}, tn) })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: m.staff_page_role_front_desk({}, tn) })).toBeVisible();
  await expect(page.getByRole("link", { name: m.staff_page_clinical_link({}, tn) })).toHaveAttribute(
    "href",
    "/tn/radiologists",
  );
  await expectLinksUnderTn(page);

  await page.goto("/tn/radiologists");
  await expect(page.getByRole("heading", { level: 1, name: m.layout_nav_radiologists({}, tn) })).toBeVisible();
  await expect(page.locator("main article").first()).toContainText(
    m.radiologists_experience_years({ years: STAFF_EXPERIENCE_YEARS }, tn),
  );
  await expect(page.locator("main").getByRole("link", { name: m.layout_nav_for_referrers({}, tn) })).toHaveAttribute(
    "href",
    "/tn/for-referrers",
  );
  await expectLinksUnderTn(page);
});

test("the privacy policy and the terms in Setswana, with the same periods and rules as the English", async ({
  page,
}) => {
  await page.goto("/tn/privacy");
  await expect(page.getByRole("heading", { level: 1, name: m.layout_nav_privacy({}, tn) })).toBeVisible();
  const table = page.getByRole("table", { name: m.privacy_retention_caption({}, tn) });
  await expect(
    table.getByRole("row", { name: new RegExp(`^${literally(m.privacy_keep_requests({}, tn))}`) }),
  ).toContainText(m.privacy_unit_month_other({ count: config.staff.retentionMonths }, tn));
  await expect(table).toContainText(m.privacy_unit_week_other({ count: config.backups.keepWeekly }, tn));
  await expect(page.locator("main")).toContainText(config.clinic.smsProvider);
  await expect(page.locator("#text-messages")).toContainText("STOP");
  await expect(page.getByRole("navigation", { name: m.info_contents({}, tn) })).toBeVisible();
  await expectLinksUnderTn(page);
  await expectNoAxeViolations(page);
  await expectLanguageSwitch(page, "/tn/privacy", "/privacy");

  await page.goto("/tn/terms-condition");
  await expect(page.getByRole("heading", { level: 1, name: m.terms_title({}, tn) })).toBeVisible();
  await expect(page.locator("main")).toContainText(bookingPolicy("tn")[1]!);
  await expect(page.locator("main").getByRole("link", { name: m.layout_nav_privacy({}, tn) })).toHaveAttribute(
    "href",
    "/tn/privacy",
  );
  await expectLinksUnderTn(page);
  await expectNoAxeViolations(page);
});

test("For Referrers in Setswana", async ({ page }) => {
  await page.goto("/tn/for-referrers");
  await expect(page.getByRole("heading", { level: 1, name: m.layout_nav_for_referrers({}, tn) })).toBeVisible();
  const main = page.locator("main");
  await expect(main.getByRole("link", { name: m.referrers_download({}, tn) })).toHaveAttribute(
    "href",
    REFERRAL_FORM_PATH,
  );
  await expect(main.getByRole("link", { name: m.referrers_step_book_link({}, tn) })).toHaveAttribute(
    "href",
    "/tn/book-appointment",
  );
  const hours = main.getByRole("complementary");
  await expect(hours).toContainText(`${openingPeriodLabel(OPENING_HOURS[0]!, "tn")}: 08:00`);
  await expect(hours).toContainText(closedNote(OPENING_HOURS, "tn"));
  await expectLinksUnderTn(page);
  await expectNoAxeViolations(page);
  await expectLanguageSwitch(page, "/tn/for-referrers", "/for-referrers");
});

test("an unknown path under /tn answers 404 in Setswana; elsewhere in English", async ({ page }) => {
  const response = await page.goto("/tn/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.locator("html")).toHaveAttribute("lang", "tn");
  await expect(page).toHaveTitle(new RegExp(`^${literally(m.notfound_meta_title({}, tn))}`));
  await expect(page.getByRole("heading", { level: 1, name: m.notfound_heading({}, tn) })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  const main = page.locator("main");
  await expect(main.getByRole("link", { name: m.layout_nav_home({}, tn) })).toHaveAttribute("href", "/tn");
  await expect(main.getByRole("link", { name: m.notfound_services({}, tn) })).toHaveAttribute("href", "/tn/services");
  await expect(main.getByRole("link", { name: m.layout_nav_contact({}, tn) })).toHaveAttribute(
    "href",
    "/tn/contact-us",
  );
  await expectNoAxeViolations(page);

  expect((await page.goto("/no-such-page"))?.status()).toBe(404);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: "We could not find that page" })).toBeVisible();
});
