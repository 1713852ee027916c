import { expect, test } from "./fixtures";

/*
 * The language switch and the page's language (decision 037): a plain link in the header's top line
 * to the same page in the other language, named in that language; no script needed. axe checks every
 * Setswana page in public-routes.spec.ts.
 */
test("the header's switch leads to the same page in the other language and back, keeping the query, without JavaScript", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto("/about");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const toSetswana = page.locator("header").getByRole("link", { name: "Setswana" });
  await expect(toSetswana).toBeVisible();
  await expect(toSetswana).toHaveAttribute("lang", "tn");
  await expect(toSetswana).toHaveAttribute("hreflang", "tn");
  await toSetswana.click();
  await expect(page).toHaveURL(/\/tn\/about$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "tn");
  // The shell in Setswana: the menu, the links within the site under /tn, the way back named in English.
  await expect(page.getByRole("link", { name: "Beeletsa", exact: true }).first()).toHaveAttribute(
    "href",
    "/tn/book-appointment",
  );
  await expect(page.locator("footer").getByRole("link", { name: "Ikgolaganye le rona" })).toHaveAttribute(
    "href",
    "/tn/contact-us",
  );
  const toEnglish = page.locator("header").getByRole("link", { name: "English" });
  await expect(toEnglish).toHaveAttribute("lang", "en");
  await toEnglish.click();
  await expect(page).toHaveURL(/\/about$/);

  // The query goes with the switch: a service chosen on the booking page stays chosen.
  await page.goto("/book-appointment?service=x-ray");
  await expect(page.locator("header").getByRole("link", { name: "Setswana" })).toHaveAttribute(
    "href",
    "/tn/book-appointment?service=x-ray",
  );
  await context.close();
});

test("a Setswana page names its twin for search engines, and its own address as canonical", async ({ request }) => {
  const html = await (await request.get("/tn/services/x-ray")).text();
  expect(html).toMatch(/<html lang="tn"/);
  expect(html).toMatch(/<link rel="canonical" href="[^"]*\/tn\/services\/x-ray"/);
  expect(html).toMatch(/<link rel="alternate" hrefLang="en" href="[^"]*\/services\/x-ray"/);
  expect(html).toMatch(/<link rel="alternate" hrefLang="x-default" href="[^"]*\/services\/x-ray"/);
  expect(html).toContain('<meta property="og:locale" content="tn_BW"/>');
  expect(html).toContain('<meta property="og:locale:alternate" content="en_BW"/>');
  const ld = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!) as { url: string };
  expect(ld.url).toMatch(/\/tn$/);
});
