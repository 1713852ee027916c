import { expect, type Page } from "@playwright/test";
import { hydrated } from "./hydrated";

/**
 * The Content-Security-Policy checks a page load is held to: csp.spec.ts on the staff pages and its own probes,
 * public-routes.spec.ts on every public page during the load it already makes.
 */

declare global {
  interface Window {
    __cspViolations: string[];
    __sameDocument?: boolean;
  }
}

/**
 * Records every CSP violation the page reports (in `window.__cspViolations`) and Chromium's console complaints
 * about the CSP and the Permissions-Policy header (unknown features): call before the page is opened.
 */
export async function watchCsp(page: Page): Promise<string[]> {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      window.__cspViolations.push(
        `${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  const messages: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy|Permissions-Policy/i.test(msg.text())) messages.push(msg.text());
  });
  return messages;
}

/** The response carries the strict policy (no inline script or style but by nonce or hash), and the site's stylesheet has applied. */
export async function expectStrictPolicy(page: Page, csp: string | undefined) {
  // Scripts from our origin, and inline ones only by this response's nonce (a rendered page) or their hash (a
  // prerendered page, which draws no nonce: decision 053); never 'unsafe-inline'.
  expect(csp).toMatch(/(?:^|;)\s*script-src 'self'( 'nonce-[A-Za-z0-9+/=]+')?( 'sha256-[A-Za-z0-9+/=]+')*\s*(;|$)/);
  const styleSrc = /(?:^|;)\s*style-src ([^;]*)/.exec(csp ?? "")?.[1] ?? "";
  expect(styleSrc).toMatch(/^'self'( 'nonce-[A-Za-z0-9+/=]+')?$/);
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/Source Sans 3/);
}

/**
 * On a page the router hydrates, a client-side navigation keeps the document: a marker set before following a link
 * survives it. A form island hydrates the form alone, without the router, so its links load the next page: such
 * pages, and pages without script, are left alone.
 */
export async function expectRouterKeepsDocument(page: Page) {
  const scripted = (await page.locator('script[type="module"]').count()) > 0;
  const island = (await page.locator('script[src^="/islands/"]').count()) > 0;
  const current = new URL(page.url()).pathname;
  const link = page.locator(`main a[href^="/"]:not([href="${current}"]):not([href^="/files/"]):visible`).first();
  if (!scripted || island || (await link.count()) === 0) return;
  await page.evaluate(() => (window.__sameDocument = true));
  const href = (await link.getAttribute("href"))!;
  await link.click();
  await page.waitForURL((url) => url.pathname === new URL(href, url).pathname);
  await hydrated(page);
  expect(await page.evaluate(() => window.__sameDocument)).toBe(true);
}

/** Once the network is quiet (late scripts have run), nothing was blocked and Chromium complained of nothing. */
export async function expectNoViolations(page: Page, messages: string[], what = page.url()) {
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => window.__cspViolations), what).toEqual([]);
  expect(messages, what).toEqual([]);
}
