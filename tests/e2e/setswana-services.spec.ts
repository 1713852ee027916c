import type { Page } from "@playwright/test";
import {
  categoryName,
  SERVICE_GROUPS,
  serviceCategories,
  serviceShortTitle,
  SERVICES,
  ULTRASOUND_TIMINGS,
} from "../../domain/catalogue";
import { localisedPath } from "../../domain/locale";
import { bookingPath } from "../../domain/paths";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

// The services in Setswana (issue 26): /tn/services, its service pages and /tn/details. They load
// no script, so nothing here waits for hydration.

const tn = (path: string) => localisedPath(path, "tn");

/** Every link inside the page's main content to one of the site's pages stays under /tn. */
async function expectLinksInSetswana(page: Page) {
  const hrefs = await page
    .getByRole("main")
    .locator("a[href^='/']")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
  expect(hrefs.length).toBeGreaterThan(0);
  expect(hrefs.filter((href) => !/^\/tn(\/|\?|$)/.test(href))).toEqual([]);
}

/**
 * The header's switch leads to the English twin, whose switch leads back. The switch sits in the
 * header's top line, which phones do not show, so its address is followed rather than clicked.
 */
async function expectLanguageSwitch(page: Page, english: { path: string; h1: string }, setswanaH1: string) {
  const follow = async (name: string, lang: string) => {
    const link = page.getByRole("banner").locator(`a[hreflang="${lang}"]`);
    await expect(link).toHaveAttribute("lang", lang);
    await expect(link).toHaveText(name);
    await page.goto((await link.getAttribute("href"))!);
  };
  const setswana = new URL(page.url()).pathname + new URL(page.url()).search;
  await follow("English", "en");
  await expect(page).toHaveURL((url) => url.pathname + url.search === english.path);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(english.h1);
  await follow("Setswana", "tn");
  await expect(page).toHaveURL((url) => url.pathname + url.search === setswana);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(setswanaH1);
}

test("/tn/services: every category and card in Setswana, each card leading to its Setswana page", async ({ page }) => {
  const response = await page.goto("/tn/services");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "tn");
  await expect(page).toHaveTitle(/^Ditirelo tsa rona \|/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ditirelo tsa rona");
  await expect(page.locator(".service-grid__item")).toHaveCount(10);
  for (const category of serviceCategories("tn")) {
    const section = page.getByRole("region", { name: new RegExp(`^${category.category}`) });
    await expect(section.getByRole("heading", { level: 2 })).toContainText(category.category);
    await expect(section.getByRole("heading", { level: 3 })).toHaveText(category.services.map((c) => c.name));
    for (const card of category.services) {
      await expect(section.getByText(card.desp)).toBeVisible();
      await expect(section.getByRole("link", { name: `Bona go le gontsi ka ga ${card.name}` })).toHaveAttribute(
        "href",
        tn(card.link),
      );
    }
  }
  await expectLinksInSetswana(page);
  await expectNoAxeViolations(page);
  await expectLanguageSwitch(page, { path: "/services", h1: "Our Services" }, "Ditirelo tsa rona");
});

test("/tn/services/x-ray: the whole page in Setswana, its links, sidebar and closing under /tn", async ({ page }) => {
  const response = await page.goto("/tn/services/x-ray");
  expect(response?.status()).toBe(200);
  const main = page.getByRole("main");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ditshwantsho tsa X-ray");
  await expect(page).toHaveTitle(/^Ditshwantsho tsa X-ray \|/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^Ditlhatlhobo tsa X-ray/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/tn\/services\/x-ray$/);
  await expect(page.locator(".page-banner__eyebrow")).toHaveText("Ditshwantsho tsa go lemoga bolwetse");
  for (const heading of ["X-ray ke eng?", "Kafa o ka ipaakanyang ka teng", "Dikotsi"])
    await expect(main.getByRole("heading", { name: heading, exact: true })).toBeVisible();
  await expect(main.getByRole("note", { name: "Boimana" })).toContainText("bolelela radiographer");
  await expect(main.getByText(/Di-X-ray tsa sehuba di ka nna 38/)).toBeVisible();
  await expect(main.getByRole("link", { name: "tsebeng ya Dingaka tse di romelang balwetse" })).toHaveAttribute(
    "href",
    "/tn/for-referrers",
  );
  await expect(main.getByRole("link", { name: "dira peeletso ya gago mo inthaneteng" })).toHaveAttribute(
    "href",
    tn(bookingPath("x-ray")),
  );
  const breadcrumb = page.getByRole("navigation", { name: "Fa o leng teng" });
  await expect(breadcrumb.getByRole("link")).toHaveText(["Gae", "Ditirelo"]);

  const closing = main.getByRole("region", { name: "Dipholo tsa gago le peeletso ya gago" });
  await expect(closing).toContainText("Akhaonto ya gago e duelwa ka letsatsi la tlhatlhobo ya gago.");
  await expect(closing.getByRole("link", { name: /^Leletsa/ })).toHaveAttribute("href", /^tel:\+267\d{7,8}$/);
  await expect(closing.getByRole("link", { name: "Beeletsa", exact: true })).toHaveAttribute(
    "href",
    tn(bookingPath("x-ray")),
  );

  const sidebar = page.getByRole("navigation", { name: "Ditirelo tsa rona" });
  await expect(sidebar.getByRole("link", { name: "X-ray", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(sidebar.getByRole("link", { name: "X-ray", exact: true })).toHaveAttribute("href", "/tn/services/x-ray");
  await expect(sidebar.locator("summary")).toHaveText(SERVICE_GROUPS.map((g) => categoryName(g.id, "tn")));

  await expectLinksInSetswana(page);
  await expectNoAxeViolations(page);
  await expectLanguageSwitch(page, { path: "/services/x-ray", h1: "X-ray Imaging" }, "Ditshwantsho tsa X-ray");
});

test("/tn/services/ultrasound: the estimated times in Setswana, every examination in its row", async ({ page }) => {
  await page.goto("/tn/services/ultrasound");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ditshwantsho tsa ultrasound");
  await expect(page.getByRole("main")).toContainText(
    "Tsweetswee goroga metsotso e le 15 pele ga nako ya peeletso ya gago gore go nne le nako ya go ikwadisa.",
  );
  const table = page.getByRole("table", { name: /Tse ke dikakanyo fela/ });
  await expect(table.getByRole("columnheader")).toHaveText(["Tlhatlhobo", "Nako e e solofelwang"]);
  await expect(table.locator("tbody th")).toHaveText(ULTRASOUND_TIMINGS.map((t) => t.label("tn")));
  await expect(table.getByRole("row", { name: /^Mpa le pelvis/ })).toContainText("metsotso e le 45");
  const breast = table.getByRole("row", { name: /^Lebele/ });
  await expect(breast).toContainText("Lebele le le lengwe: metsotso e le 30");
  await expect(breast).toContainText("Mabele a mabedi: metsotso e le 40");
  await expectNoAxeViolations(page);
});

test("/tn/details: not found in Setswana, pointing to the Setswana services", async ({ page }) => {
  const response = await page.goto("/tn/details");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "tn");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tirelo ga e a bonwa");
  await expect(page.getByText("Tirelo ga e a bonwa.", { exact: true })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Bona ditirelo tsotlhe tsa rona" })).toHaveAttribute(
    "href",
    "/tn/services",
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/tn\/services$/);
  await expectNoAxeViolations(page);
});

// The server renders /details?name=… per request, but looks the path up in English only
// (QUERY_RENDERED in server/app.ts), so /tn/details?name=… gets the prerendered "not found".
// Passes once that lookup takes unlocalisedPath(urlPath).
test("/tn/details?name=x-ray: the service's details and the consultation form in Setswana", async ({ page }) => {
  const response = await page.goto("/tn/details?name=x-ray");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ditshwantsho tsa X-ray");
  await expect(page).toHaveTitle(/^Ditshwantsho tsa X-ray: dintlha tsa tirelo \|/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/tn\/services\/x-ray$/);
  await expect(page.getByRole("heading", { name: "Se o ka se solofelang" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("Goroga metsotso e le 15 pele ga nako ya peeletso ya gago.");
  const nav = page.getByRole("navigation", { name: "Mefuta ya ditirelo" });
  await expect(nav.getByRole("link", { name: "Ditshwantsho tsa X-ray" })).toHaveAttribute("aria-current", "page");
  const form = page.getByRole("region", { name: "Kopa go bonana le ngaka" });
  await expect(form.getByRole("link", { name: "tsebeng ya dipeeletso" })).toHaveAttribute(
    "href",
    tn(bookingPath("x-ray")),
  );
  await expect(form.getByLabel("Tirelo")).toHaveValue("Ditshwantsho tsa X-ray");
  await expectLinksInSetswana(page);
  await expectNoAxeViolations(page);
  await expectLanguageSwitch(page, { path: "/details?name=x-ray", h1: "X-ray Imaging" }, "Ditshwantsho tsa X-ray");
});

test("the menu's Services submenu and the footer's popular services name every service in Setswana", async ({
  page,
}) => {
  await page.goto("/tn/services/ultrasound");
  await page.locator(".site-menu > summary").click();
  await page.locator(".menu__item--services summary").click();
  const panel = page.locator("#submenu-services");
  await expect(panel).toBeVisible();
  await expect(panel.locator(".submenu__heading")).toHaveText(SERVICE_GROUPS.map((g) => categoryName(g.id, "tn")));
  await expect(panel.locator(".submenu__link")).toHaveText(
    SERVICE_GROUPS.flatMap((g) => g.services.map((s) => serviceShortTitle(s, "tn"))),
  );
  await expect(panel.getByRole("link", { name: "Ditirelo tsotlhe" })).toHaveAttribute("href", "/tn/services");
  await expect(panel.getByRole("link", { name: "Tekanyo ya go tiya ga marapo (DEXA scan)" })).toHaveAttribute(
    "href",
    "/tn/services/bone-densitometry-dexa-scan",
  );
  const popular = page.getByRole("contentinfo").getByRole("navigation", { name: "Ditirelo tse di batlwang thata" });
  await expect(popular.getByRole("link", { name: "Taolo ya botlhoko" })).toHaveAttribute(
    "href",
    tn(`/services/${SERVICES.painManagement.slug}`),
  );
});
