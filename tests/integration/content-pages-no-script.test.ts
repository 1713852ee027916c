import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ISLAND_PAGES, PRERENDERED_PATHS, SCRIPTED_PAGE_PATHS } from "../../app/lib/prerender-paths";
import { islandLoader, islandPropsId, islandScript } from "../../app/lib/hydrate";
import { createTestApp, type TestApp } from "../helpers/app";
import { CLIENT_BUILD_DIR } from "../../server/base/paths";
import { BASE_LOCALE, localeOfPath } from "../../domain/locale";

// Needs a client build (`npm run build`), like every servePages test.

/** The pages that load a form island (their route's handle is island(name), app/lib/hydrate.ts). */
const SCRIPTED = SCRIPTED_PAGE_PATHS;
const CONTENT_PAGES = PRERENDERED_PATHS.filter((p) => !/\.(xml|txt)$/.test(p) && !SCRIPTED.includes(p));
/** Pages rendered per request rather than prerendered: a query-rendered /details and the 404 page. */
const RENDERED_PAGES = ["/details?name=x-ray", "/details?name=Fluroscopy", "/details?name=nothing", "/no-such-page"];

/** Everything in an HTML page that would make the browser fetch or run JavaScript (JSON data blocks run nothing). */
function scriptsIn(html: string): string[] {
  const tags = [...html.matchAll(/<script\b[^>]*>/gi)]
    .map((m) => m[0])
    .filter((tag) => !/\btype="application\/(ld\+)?json"/i.test(tag));
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi)].map((m) => m[0]);
  const handlers = [...html.matchAll(/<[^>]+\son[a-z]+=/gi)].map((m) => m[0]);
  const other = [/__reactRouterContext/, /\/assets\/[^"']+\.m?js\b/].flatMap((re) => html.match(re) ?? []);
  return [...tags, ...preloads, ...handlers, ...other];
}

function builtPage(urlPath: string): string {
  return fs.readFileSync(path.join(CLIENT_BUILD_DIR, urlPath, "index.html"), "utf8");
}

describe("content pages load no JavaScript", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { servePages: true });
  });
  afterAll(() => t.close());

  it.each(CONTENT_PAGES)("the prerendered %s has no script but JSON-LD, no module preload", (urlPath) => {
    const html = builtPage(urlPath);
    expect(scriptsIn(html)).toEqual([]);
    // The structured data stays.
    expect(html).toMatch(/<script type="application\/ld\+json">/);
  });

  it("Setswana pages preload the file of the letters the latin file lacks, English pages never (decision 078)", () => {
    const preloads = (html: string) => /<link\b[^>]*\brel="preload"[^>]*extra-letters[^>]*\.woff2"/.test(html);
    for (const urlPath of PRERENDERED_PATHS.filter((p) => !/\.(xml|txt)$/.test(p))) {
      expect(preloads(builtPage(urlPath)), urlPath).toBe(localeOfPath(urlPath) !== BASE_LOCALE);
    }
  });

  it.each([...CONTENT_PAGES, ...RENDERED_PAGES])("%s as served has no script but JSON-LD", async (url) => {
    const res = await t.app.inject({ method: "GET", url });
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.statusCode === 200 || res.statusCode === 404).toBe(true);
    expect(scriptsIn(res.body)).toEqual([]);
  });

  // The check above can fail: the pages that ask for scripts have them.
  it.each(Object.entries(ISLAND_PAGES))("%s loads its island's one script and not the router", async (url, name) => {
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    // One inline script, the body's last element: it loads the island's script once the form above it is parsed,
    // and reports if it cannot (app/lib/hydrate.ts). Never a <script async src>, which React moves into <head>,
    // where it could run before the form exists (docs/decisions/027-island-failures.md).
    expect(scriptsIn(res.body)).toEqual(["<script>"]);
    const loader = res.body.indexOf(`<script>${islandLoader(name)}</script>`);
    const form = res.body.indexOf(`id="${islandPropsId(name)}"`);
    expect(form).toBeGreaterThan(res.body.indexOf("</head>"));
    expect(loader).toBeGreaterThan(form);
    expect(res.body.slice(loader).match(/<[a-z][^>]*>/gi)).toEqual(["<script>"]); // nothing but the loader after it
    const script = await t.app.inject({ method: "GET", url: islandScript(name), headers: { "accept-encoding": "br" } });
    expect(script.statusCode).toBe(200);
    expect(script.headers["content-type"]).toMatch(/javascript/);
    expect(script.headers["content-encoding"]).toBe("br");
    expect(script.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
  });

  it("the staff console still loads React Router", async () => {
    const res = await t.app.inject({ method: "GET", url: "/staff/login" });
    expect(res.statusCode).toBe(200);
    expect(scriptsIn(res.body).some((s) => /^<script\b[^>]*type="module"/.test(s))).toBe(true);
    expect(scriptsIn(res.body).some((s) => /modulepreload/.test(s))).toBe(true);
  });
});
