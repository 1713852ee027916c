import { seedAppointment, seedEnquiry } from "../helpers/staff";
import { e2eStaff, nextOpenWeekday, signInByCookie } from "../helpers/staff-e2e";
import { expectNoViolations, expectRouterKeepsDocument, expectStrictPolicy, watchCsp } from "./csp";
import { expect, test } from "./fixtures";
import { hydrated } from "./hydrated";

/**
 * Pages run under the real Content-Security-Policy with no violation. Every prerendered public page is held to it
 * by public-routes.spec.ts, in the load that spec already makes; here: the pages rendered per request, the staff
 * console, and proof that the watcher sees what the policy blocks. Styles come from the stylesheets only
 * (style-src without 'unsafe-inline'), and they apply.
 */

/** Public pages the server renders per request: a lookup with a query, and the 404 page. */
const RENDERED = ["/details?name=x-ray", "/no-such-page-for-csp"];

for (const path of RENDERED) {
  test(`no CSP violation on ${path}`, async ({ page }) => {
    const messages = await watchCsp(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(path.startsWith("/no-such-page") ? 404 : 200);
    if ((await page.locator('script[type="module"]').count()) > 0) await hydrated(page);
    await expectStrictPolicy(page, response?.headers()["content-security-policy"]);
    await expectRouterKeepsDocument(page);
    await expectNoViolations(page, messages);
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
    await hydrated(page);
    await expectStrictPolicy(page, response?.headers()["content-security-policy"]);
    await expectNoViolations(page, messages, url);
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
});
