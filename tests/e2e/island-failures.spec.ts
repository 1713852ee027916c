import type { Page } from "@playwright/test";
import { slowDocument } from "../helpers/slow-document";
import { expect, test, type E2eDb } from "./fixtures";
import { forbidDialogs, holdScripts, unique } from "./forms";
import { hydrated } from "./hydrated";

/**
 * A form island that cannot start, or fails, leaves a plain form that works, marks the page
 * `<html data-hydrated="failed">` and reports the failure without personal data
 * (docs/decisions/027-island-failures.md). The report's log line: tests/integration/client-errors.test.ts.
 */

const REPORTS = "**/api/client-errors";
const ISLAND_SCRIPT = "**/islands/contact.js";

forbidDialogs();
test.describe.configure({ timeout: 60_000 });

/** What a patient types: none of it may be in a report. */
const PATIENT = { phone: "71234567", email: "neo.sebego@example.net" };

async function fill(page: Page, name: string) {
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Phone number").fill(PATIENT.phone);
  await page.getByLabel("Email address").fill(PATIENT.email);
  await page.getByLabel("Your enquiry").fill("Do you do ultrasound scans on Saturdays?");
}

async function enquiries({ db }: E2eDb, name: string) {
  return await db.selectFrom("enquiries").select("reference").where("name", "=", name).execute();
}

/**
 * The reports the page sends, passed on to the server and recorded with its answer (a report sent just
 * before the page navigates away is still delivered: it is a keepalive request).
 */
async function recordReports(page: Page) {
  const reports: { body: string; status: number }[] = [];
  let arrived: () => void = () => {};
  await page.route(REPORTS, async (route) => {
    const response = await route.fetch().catch(() => null); // null: the test has ended
    if (!response) return;
    reports.push({ body: route.request().postData() ?? "", status: response.status() });
    arrived();
    await route.fulfill({ response }).catch(() => {});
  });
  /** The first report of `kind`, checked to carry nothing the patient typed, and answered 204. */
  return async (kind: string, typed: string[] = []) => {
    const find = () => reports.find((r) => (JSON.parse(r.body) as { kind: string }).kind === kind);
    while (!find()) await new Promise<void>((resolve) => (arrived = resolve));
    const { body, status } = find()!;
    for (const value of typed) expect(body).not.toContain(value);
    expect(status).toBe(204);
    return JSON.parse(body) as Record<string, string>;
  };
}

test.describe("the island's script arrives before the form (a slow connection)", () => {
  test("the island starts once the form is there", async ({ page, baseURL }) => {
    const proxy = await slowDocument(baseURL!, { path: "/contact-us", splitBefore: "<main" });
    try {
      await page.goto(`${proxy.origin}/contact-us`);
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
    } finally {
      await proxy.close();
    }
  });

  test("even as an async script in <head>, the island waits for the form instead of giving up", async ({
    page,
    baseURL,
  }) => {
    // As React 19 renders <script async src> (it moves it into <head>): the script can run before <main> is parsed.
    const inHead = (html: string) =>
      html
        .replace(/<script>\(function\(\)\{[^<]*<\/script>/, "")
        .replace("</head>", '<script type="module" async="" src="/islands/contact.js"></script></head>');
    const proxy = await slowDocument(baseURL!, { path: "/contact-us", splitBefore: "<main", rewrite: inHead });
    try {
      await page.goto(`${proxy.origin}/contact-us`);
      await expect(page.locator("head script[async]")).toHaveCount(1);
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
    } finally {
      await proxy.close();
    }
  });
});

test("the island's script does not load: the plain form posts and stores, and the failure is reported", async ({
  page,
  e2e,
}) => {
  await page.route(ISLAND_SCRIPT, (route) => route.abort("connectionreset"));
  const reported = await recordReports(page);
  await page.goto("/contact-us");
  expect(await reported("script")).toEqual({
    island: "contact",
    kind: "script",
    script: "/islands/contact.js",
  });
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "failed");

  const name = unique("Neo Unscripted", " ");
  await fill(page, name);
  await page.getByRole("button", { name: "Send enquiry" }).click();
  await expect(page.getByText("We have received your enquiry")).toBeVisible();
  expect(await enquiries(e2e, name)).toHaveLength(1);
});

test("the form's checks do not load: the submit is posted as a plain form, stored, and reported", async ({
  page,
  e2e,
}) => {
  await page.route("**/assets/island-contact-*.js", (route) => route.abort("connectionreset"));
  const reported = await recordReports(page);
  await page.goto("/contact-us");
  await hydrated(page);
  const name = unique("Neo Chunkless", " ");
  await fill(page, name);
  const posted = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/contact-us");
  await page.getByRole("button", { name: "Send enquiry" }).click();

  const report = await reported("chunk", [name, PATIENT.phone, PATIENT.email]);
  expect(report).toMatchObject({ island: "contact", kind: "chunk" });
  expect(report.script).toMatch(/^\/assets\/island-contact-[\w-]+\.js$/);
  expect(report.message).toBe("a module did not load");
  await posted;
  await expect(page.getByText("We have received your enquiry")).toBeVisible();
  expect(await enquiries(e2e, name)).toHaveLength(1);
});

test("hydration throws: the plain form comes back with what was typed, posts and stores, and it is reported", async ({
  page,
  e2e,
}) => {
  // Props the component cannot render (an error that is an object, keyed by an e-mail address): React
  // fails during hydration, and its minified message carries that key in its URL.
  const broken = { posted: { errors: { name: { [PATIENT.email]: 1 } } } };
  await page.route("**/contact-us", async (route) => {
    if (route.request().method() !== "GET") return route.continue();
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /(id="contact-island-props">)(.*?)(<\/script>)/,
      (_match, open: string, props: string, close: string) =>
        `${open}${JSON.stringify({ ...JSON.parse(props), ...broken }).replace(/</g, "\\u003c")}${close}`,
    );
    expect(html).toContain(PATIENT.email);
    await route.fulfill({ response, body: html });
  });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const reported = await recordReports(page);
  // The patient types before the script has run.
  const release = await holdScripts(page);
  await page.goto("/contact-us", { waitUntil: "domcontentloaded" });
  const name = unique("Neo Unhydrated", " ");
  await fill(page, name);
  release();

  const report = await reported("hydration", [name, PATIENT.phone, PATIENT.email, "example.net"]);
  expect(report).toMatchObject({ island: "contact", kind: "hydration" });
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "failed");
  expect(errors).toEqual([]);

  await expect(page.getByLabel("Your name")).toHaveValue(name);
  await expect(page.getByLabel("Email address")).toHaveValue(PATIENT.email);
  await page.getByRole("button", { name: "Send enquiry" }).click();
  await expect(page.getByText("We have received your enquiry")).toBeVisible();
  expect(await enquiries(e2e, name)).toHaveLength(1);
  // The page rendered for the post (its loader allowed by this response's nonce) hydrates.
  await hydrated(page);
});
