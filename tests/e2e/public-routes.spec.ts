/**
 * Site-wide checks over every public page. The route list comes from the
 * prerender list (app/lib/prerender-paths.ts), so a new page is checked as
 * soon as it is added there.
 */
import { PRERENDERED_PATHS, PUBLIC_PAGE_PATHS, SERVICE_PAGE_SAMPLE } from "../../app/lib/prerender-paths";
import { SERVICE_PAGES, SERVICES, servicePath } from "../../domain/catalogue";
import { LOCALES, localeOfPath, localisedPath, unlocalisedPath } from "../../domain/locale";
import { REFERRAL_FORM_PATH } from "../../domain/paths";
import { axeViolations, expectNoAxeViolations } from "./axe";
import { expectNoViolations, expectRouterKeepsDocument, expectStrictPolicy } from "./csp";
import { expect, test } from "./fixtures";
import { hydrated } from "./hydrated";

/** Every HTML page (sitemap.xml and robots.txt are resources, not pages). */
const PAGES = PRERENDERED_PATHS.filter((p) => !/\.[a-z]+$/.test(p));
/**
 * The page the clinic has not written (the specification's "placeholder that shows only a text
 * label", docs/decisions/028-unfinished-content.md): it says so, and stays out of the sitemap
 * and every link.
 */
const UNFINISHED = servicePath(SERVICES.advancedTechnology);
/** Pages that belong in the sitemap: /details is a lookup page that points to the service pages. */
const INDEXABLE = PAGES.filter((p) => unlocalisedPath(p) !== "/details" && unlocalisedPath(p) !== UNFINISHED);

test("the route list covers the public pages and every service page", () => {
  for (const p of PUBLIC_PAGE_PATHS) expect(PAGES).toContain(p);
  expect(PAGES.filter((p) => p.startsWith("/services/")).length).toBeGreaterThanOrEqual(11);
  // services.spec.ts leaves the axe check of these pages to this file.
  for (const service of SERVICE_PAGES) expect(PAGES).toContain(`/services/${service.slug}`);
});

const normalise = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();

// One test per page (one navigation with JavaScript, one without) keeps the
// run short; soft assertions report every problem a page has, not only the first.
for (const path of PAGES) {
  test(`page ${path}: 200, one h1 in main, content in the HTML without JavaScript, no axe or CSP violations`, async ({
    scripted,
    plain: raw,
  }, info) => {
    // A Setswana twin is its English page's module with other words: checked at phone width, where
    // longer words press hardest; the English pages are checked at both widths (the service pages,
    // one of each kind at 1280 px: the next skip).
    test.skip(info.project.name === "desktop" && localeOfPath(path) !== "en", "twins are checked at 390 px");
    // One module renders the service pages: at 1280 px one of each kind (the sample), every one at 390 px.
    test.skip(
      info.project.name === "desktop" && path.startsWith("/services/") && !SERVICE_PAGE_SAMPLE.includes(path),
      "one service page of each kind at 1280 px",
    );
    test.setTimeout(90_000); // two page loads and an axe run: allow for a busy machine
    let h1 = "";
    let headings: string[] = [];
    const { page, cspMessages } = scripted;
    cspMessages.length = 0;
    let csp: string | undefined;
    await test.step("answers 200 with one h1 inside its one main", async () => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      csp = response?.headers()["content-security-policy"];
      await expect.soft(page.locator("main")).toHaveCount(1);
      await expect.soft(page.locator("main h1")).toHaveCount(1);
      await expect.soft(page.locator("h1")).toHaveCount(1);
      await expect.soft(page.locator("h1").first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      h1 = normalise(await page.locator("h1").first().textContent());
      headings = (await page.locator("main :is(h1, h2)").allTextContents()).map(normalise).filter(Boolean);
    });

    await test.step("the Content-Security-Policy blocked nothing, and the stylesheet applied", async () => {
      if ((await page.locator('script[type="module"]').count()) > 0) await hydrated(page);
      await expectStrictPolicy(page, csp);
      await expectNoViolations(page, cspMessages);
    });

    await test.step("axe reports no violations (once hydrated, on the pages that load React)", async () => {
      expect.soft(await axeViolations(page)).toEqual([]);
    });

    // What the server sends, and what the router does with a link, are the same at every width: checked once.
    if (info.project.name === "desktop") return;

    await test.step("the HTML the server sends already carries the heading and the main content", async () => {
      const response = await raw.goto(path);
      expect(response?.status()).toBe(200);
      expect.soft(normalise(await raw.locator("main h1").first().textContent())).toBe(h1);
      const mainText = normalise(await raw.locator("main").first().textContent());
      expect
        .soft(mainText.length, `main content text without JavaScript: "${mainText.slice(0, 80)}"`)
        .toBeGreaterThan(h1.length + 40);
      for (const heading of headings) expect.soft(mainText, `heading "${heading}"`).toContain(heading);
    });

    await test.step("on a page the router hydrates, following a link keeps the document", async () => {
      await expectRouterKeepsDocument(page);
    });
  });
}

test("every page has its own title and description, a canonical URL and Open Graph tags", async ({ request }) => {
  const titles = new Map<string, string>();
  const descriptions = new Map<string, string>();
  for (const path of PAGES) {
    const html = await (await request.get(path)).text();
    const title = html.match(/<title>([^<]*)<\/title>/)?.[1];
    const description = html.match(/<meta name="description" content="([^"]*)"/)?.[1];
    const canonical = html.match(/<link rel="canonical" href="([^"]*)"/)?.[1];
    expect(title, `${path} title`).toBeTruthy();
    expect(description, `${path} description`).toBeTruthy();
    expect(html, `${path} og:title`).toContain('property="og:title"');
    expect(html, `${path} og:description`).toContain('property="og:description"');
    expect(canonical, `${path} canonical`).toMatch(/^https?:\/\//);
    if (unlocalisedPath(path) !== "/details") expect(new URL(canonical!).pathname, `${path} canonical path`).toBe(path);
    // Unique within a language: a twin may share a name with its English page (a service called "DEXA").
    const language = localeOfPath(path);
    expect(titles.get(`${language} ${title!}`), `${path} shares its title`).toBeUndefined();
    expect(descriptions.get(`${language} ${description!}`), `${path} shares its description`).toBeUndefined();
    titles.set(`${language} ${title!}`, path);
    descriptions.set(`${language} ${description!}`, path);
  }
});

test("no page links to the unfinished page", async ({ request }) => {
  for (const path of PAGES) {
    const html = await (await request.get(path)).text();
    // The unfinished page's own language switch leads to its twin: the same page, as unlisted.
    if (unlocalisedPath(path) === UNFINISHED) continue;
    for (const locale of LOCALES) {
      const unfinished = localisedPath(UNFINISHED, locale);
      expect(html, `${path} links to ${unfinished}`).not.toContain(`href="${unfinished}"`);
    }
  }
});

test("the referral form downloads as a PDF", async ({ request }) => {
  const response = await request.get(REFERRAL_FORM_PATH);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  const body = await response.body();
  expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(body.length).toBeGreaterThan(5_000);
});

test("an unknown path answers 404 with a page that links home, to services and to contact, and is not indexed", async ({
  page,
}) => {
  const response = await page.goto("/this/page/does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.locator("h1")).toHaveCount(1);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  const main = page.locator("main");
  await expect(main.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  await expect(main.getByRole("link", { name: /services/i })).toHaveAttribute("href", "/services");
  await expect(main.getByRole("link", { name: /contact/i })).toHaveAttribute("href", "/contact-us");
  await expectNoAxeViolations(page);
});

test("the sitemap lists every indexable page once, with absolute URLs that answer 200", async ({ request }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/xml/);
  const xml = await response.text();
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? "");
  for (const loc of locs) expect(loc).toMatch(/^https?:\/\/[^/]+\//);
  const paths = locs.map((loc) => new URL(loc).pathname);
  expect([...paths].sort()).toEqual([...INDEXABLE].sort());
  expect(paths).not.toContain("/details");
  for (const path of paths) expect((await request.get(path)).status(), path).toBe(200);
});

test("robots.txt allows the public site, keeps crawlers out of the API and staff pages, and names the sitemap", async ({
  request,
}) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
  const body = await response.text();
  expect(body).toMatch(/^User-agent: \*$/m);
  expect(body).toMatch(/^Allow: \/$/m);
  expect(body).toMatch(/^Disallow: \/api\/$/m);
  expect(body).toMatch(/^Disallow: \/staff\/$/m);
  expect(body).toMatch(/^Sitemap: https?:\/\/[^\s]+\/sitemap\.xml$/m);
});
