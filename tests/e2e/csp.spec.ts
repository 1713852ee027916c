import type { Page } from "@playwright/test";
import { PRERENDERED_PATHS } from "../../app/lib/prerender-paths";
import { seedAppointment, seedEnquiry } from "../helpers/staff";
import { e2eStaff, nextOpenWeekday, signInByCookie } from "../helpers/staff-e2e";
import { expect, test } from "./fixtures";
import { hydrated } from "./hydrated";

/**
 * Every public page runs under the real Content-Security-Policy with no
 * violation. Content pages load no script at all; the two form pages load
 * React (prerendered: build-time script hashes) and must hydrate and follow a
 * link without reloading, since a page whose scripts were blocked would not.
 * Styles come from the stylesheets only (style-src without 'unsafe-inline'),
 * and they apply.
 */

const PAGES = [
  ...PRERENDERED_PATHS.filter((p) => !/\.(xml|txt)$/.test(p)),
  "/details?name=x-ray",
  "/no-such-page-for-csp",
];

declare global {
  interface Window {
    __cspViolations: string[];
    __sameDocument?: boolean;
  }
}

/** The document policy allows no inline style, and the site's stylesheet has applied. */
async function expectStrictStyles(page: Page, csp: string | undefined) {
  const styleSrc = /(?:^|;)\s*style-src ([^;]*)/.exec(csp ?? "")?.[1] ?? "";
  expect(styleSrc).toMatch(/^'self'( 'nonce-[A-Za-z0-9+/=]+')?$/);
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/Source Sans 3/);
}

async function watchCsp(page: Page) {
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
    // Also Chromium's complaints about the Permissions-Policy header (unknown features).
    if (/Content Security Policy|Permissions-Policy/i.test(msg.text())) messages.push(msg.text());
  });
  return messages;
}

for (const path of PAGES) {
  test(`no CSP violation on ${path}, and a page that loads React hydrates`, async ({ page }) => {
    const messages = await watchCsp(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(path.startsWith("/no-such-page") ? 404 : 200);
    expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-/);
    const scripted = (await page.locator('script[type="module"]').count()) > 0;
    if (scripted) await hydrated(page);
    await expectStrictStyles(page, response?.headers()["content-security-policy"]);

    // On a page the router hydrates, a client-side navigation keeps the document: the marker survives.
    // (A form island hydrates the form alone, without the router: its links load the next page.)
    const island = (await page.locator('script[src^="/islands/"]').count()) > 0;
    const current = new URL(page.url()).pathname;
    const link = page.locator(`main a[href^="/"]:not([href="${current}"]):not([href^="/files/"]):visible`).first();
    if (scripted && !island && (await link.count()) > 0) {
      await page.evaluate(() => (window.__sameDocument = true));
      const href = (await link.getAttribute("href"))!;
      await link.click();
      await page.waitForURL((url) => url.pathname === new URL(href, url).pathname);
      await hydrated(page);
      expect(await page.evaluate(() => window.__sameDocument)).toBe(true);
    }

    // Give late scripts a moment, then nothing may have been blocked.
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
    expect(messages).toEqual([]);
  });
}

test("the CSP would report a blocked inline script (the watcher works)", async ({ page }) => {
  const messages = await watchCsp(page);
  await page.goto("/about");
  await page.evaluate(() => {
    const s = document.createElement("script");
    s.textContent = "window.__injected = true";
    document.body.append(s);
  });
  await expect.poll(() => page.evaluate(() => window.__cspViolations.length)).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  expect(messages.join("\n")).toMatch(/Content Security Policy/);
});

test("the CSP would report an injected inline style, element or attribute (styles are not 'unsafe-inline')", async ({
  page,
}) => {
  const messages = await watchCsp(page);
  await page.goto("/about");
  const before = await page.evaluate(() => getComputedStyle(document.body).color);
  await page.evaluate(() => {
    const style = document.createElement("style");
    style.textContent = "body { color: rgb(255, 0, 0) !important }";
    document.head.append(style);
    const div = document.createElement("div");
    div.innerHTML = '<p id="injected-style" style="color: rgb(0, 255, 0)">x</p>';
    document.body.append(div);
  });
  await expect
    .poll(() => page.evaluate(() => window.__cspViolations.filter((v) => v.startsWith("style-src")).length))
    .toBe(2);
  expect(await page.evaluate(() => getComputedStyle(document.body).color)).toBe(before);
  expect(await page.evaluate(() => getComputedStyle(document.getElementById("injected-style")!).color)).not.toBe(
    "rgb(0, 255, 0)",
  );
  expect(messages.join("\n")).toMatch(/Content Security Policy/);
});

test("no CSP violation on the staff pages, signed out and signed in", async ({ page, context, baseURL, e2e }, info) => {
  test.setTimeout(120_000);
  const { db, config } = e2e;
  const staff = await e2eStaff(db, `csp-${info.project.name}`);
  const id = await seedAppointment(db, { requested_date: nextOpenWeekday(config) });
  await seedEnquiry(db);
  const messages = await watchCsp(page);
  const visit = async (url: string) => {
    const response = await page.goto(url);
    expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-/);
    await hydrated(page);
    await expectStrictStyles(page, response?.headers()["content-security-policy"]);
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => window.__cspViolations), url).toEqual([]);
  };
  await visit("/staff/login");
  await signInByCookie(context, baseURL!, e2e, staff.id);
  for (const url of [
    "/staff",
    "/staff/appointments",
    `/staff/appointments/${id}`,
    "/staff/enquiries",
    "/staff/audit",
    "/staff/patient-data",
    "/staff/password",
  ]) {
    await visit(url);
  }
  expect(messages).toEqual([]);
});
