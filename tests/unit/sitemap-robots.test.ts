import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SERVICE_PAGES, servicePath } from "../../domain/catalogue";
import { PUBLIC_PAGE_PATHS } from "../../app/lib/prerender-paths";
import { localisedPath } from "../../domain/locale";
import { loader as robotsLoader } from "../../app/routes/robots.txt";
import { loader as sitemapLoader } from "../../app/routes/sitemap.xml";

const BASE = "https://imaging.example.org";
let saved: string | undefined;

beforeEach(() => {
  saved = process.env.PUBLIC_BASE_URL;
  process.env.PUBLIC_BASE_URL = `${BASE}/`;
});
afterEach(() => {
  if (saved === undefined) delete process.env.PUBLIC_BASE_URL;
  else process.env.PUBLIC_BASE_URL = saved;
});

describe("sitemap.xml", () => {
  it("lists every public page and every service page in both languages, except /details and the unfinished page, as absolute URLs on the configured base", async () => {
    const response = sitemapLoader();
    expect(response.headers.get("content-type")).toMatch(/^application\/xml/);
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const unfinished = "/services/advanced-technology";
    const expected = [
      ...PUBLIC_PAGE_PATHS.filter((p) => p !== "/details"),
      ...SERVICE_PAGES.map(servicePath).filter((p) => p !== unfinished),
    ].flatMap((p) => [`${BASE}${p}`, `${BASE}${localisedPath(p, "tn")}`]);
    expect(locs.sort()).toEqual(expected.sort());
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs).toContain(`${BASE}/services/mammography`);
    expect(xml).not.toContain("/details");
    // The clinic has not described it: a page that says so, kept out of search (decision 028).
    expect(xml).not.toContain(unfinished);
    expect(xml).not.toContain(`${BASE}//`);
  });

  it("names each page's twin in the other language both ways, and English as x-default", async () => {
    const xml = await sitemapLoader().text();
    const entry = (loc: string) => new RegExp(`<url>\\s*<loc>${loc}</loc>([\\s\\S]*?)</url>`).exec(xml)?.[1] ?? "";
    for (const loc of [`${BASE}/services/x-ray`, `${BASE}/tn/services/x-ray`]) {
      const links = entry(loc);
      expect(links).toContain(`hreflang="en" href="${BASE}/services/x-ray"`);
      expect(links).toContain(`hreflang="tn" href="${BASE}/tn/services/x-ray"`);
      expect(links).toContain(`hreflang="x-default" href="${BASE}/services/x-ray"`);
    }
    expect(entry(`${BASE}/tn`)).toContain(`hreflang="en" href="${BASE}/"`);
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  });
});

describe("robots.txt", () => {
  it("allows the public site, disallows the API and staff pages, and names the sitemap's absolute URL", async () => {
    const response = robotsLoader();
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const body = await response.text();
    expect(body).toMatch(/^User-agent: \*$/m);
    expect(body).toMatch(/^Disallow: \/api\/$/m);
    expect(body).toMatch(/^Disallow: \/staff\/$/m);
    expect(body).toContain(`Sitemap: ${BASE}/sitemap.xml\n`);
  });
});
