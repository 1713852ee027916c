import type { Locator, Page, Route } from "@playwright/test";
import { APPOINTMENT_PATH } from "../../domain/api-paths";
import { formatShortDate } from "../../domain/dates";
import { bookTimeBody } from "../helpers/requests";
import { expect, test } from "./fixtures";

/** A name no other test or run uses: `label` followed by a time stamp and a random tail. */
export const unique = (label: string, separator = "") =>
  `${label}${separator}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The server's answer to too many requests from one address, as the forms show it. */
export const TOO_MANY_REQUESTS = "Too many requests. Please wait a minute and try again.";

/** Registers hooks that fail each test of the file in which the page opened a dialog (alert, confirm, prompt). */
export function forbidDialogs() {
  let dialogs: string[] = [];
  test.beforeEach(({ page }) => {
    dialogs = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
  });
  test.afterEach(() => {
    expect(dialogs, "the page must never use window.alert or other dialogs").toEqual([]);
  });
}

/** From now on the browser's requests to `url` get this answer instead of the server's. */
export async function answer(page: Page, url: string, reply: Parameters<Route["fulfill"]>[0]) {
  await page.unroute(url);
  await page.route(url, (route) => route.fulfill(reply));
}

/** The answer of a rate limit, as the server gives it. */
export const RATE_LIMITED = {
  status: 429,
  headers: { "retry-after": "60" },
  json: { message: TOO_MANY_REQUESTS },
};

/**
 * A form page before (or without) its script: the real form is in the page's HTML, a plain form that
 * posts to the page's own address (multipart when it carries a file), with its submit button enabled,
 * so a tap is never lost. The phone and WhatsApp options stay beside it.
 */
export async function expectPlainForm(
  page: Page,
  {
    heading,
    action,
    submit,
    multipart = false,
  }: { heading: string; action: string; submit: string; multipart?: boolean },
) {
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  const form = page.locator("main form");
  await expect(form).toHaveCount(1);
  await expect(form).toHaveAttribute("method", "post");
  await expect(form).toHaveAttribute("action", action);
  if (multipart) await expect(form).toHaveAttribute("enctype", "multipart/form-data");
  await expect(form.getByRole("button", { name: submit })).toBeEnabled();
  await expect(page.locator('main a[href^="tel:+267"]').first()).toBeVisible();
  // The default WhatsApp number is a placeholder: shown as its pattern, never linked.
  await expect(page.locator("main .contact-options")).toContainText("(+267) 7X XXX XXX");
  await expect(page.locator('main a[href^="https://wa.me/"]')).toHaveCount(0);
}

/** Fills the booking form as a patient would: an X-ray request for `date` (YYYY-MM-DD), paid in cash. */
export async function fillBookingForm(
  page: Page,
  { surname, email, date }: { surname: string; email: string; date: string },
) {
  await page.getByLabel("First name").fill("Kagiso");
  await page.getByLabel("Surname").fill(surname);
  await fillDateOfBirth(page, "12", "3", "1984");
  await page.getByRole("radio", { name: "Female" }).check();
  await page.getByLabel("ID or passport number").fill("123456789");
  await page.getByLabel("Phone number", { exact: true }).fill("71234567");
  await page.getByLabel("Alternative phone number").fill("+27821234567");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Service", { exact: true }).selectOption("X-ray Imaging");
  await page.getByLabel("Preferred date").fill(formatShortDate(date));
}

/** Holds the page's scripts until `release` is called: the page is as a slow phone shows it while they download. */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/(assets|islands)\/[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Types a date of birth into its three boxes (day, month, year). */
export async function fillDateOfBirth(page: Page, day: string, month: string, year: string) {
  const dob = page.getByRole("group", { name: "Date of birth" });
  await dob.getByLabel("Day", { exact: true }).fill(day);
  await dob.getByLabel("Month", { exact: true }).fill(month);
  await dob.getByLabel("Year", { exact: true }).fill(year);
}

/**
 * The outcome of a submit on the visitor's screen: its top below the sticky header and above the
 * bottom of the viewport, where a page posted without JavaScript loads, or where the script's focus
 * scrolled it (smoothly, so this waits for it to settle).
 */
export async function expectOnFirstScreen(page: Page, outcome: Locator) {
  await expect(outcome).toBeVisible();
  const height = page.viewportSize()!.height;
  await expect
    .poll(async () => {
      const [box, header] = await Promise.all([outcome.boundingBox(), page.locator(".site-header").boundingBox()]);
      return box && header && box.y >= Math.floor(header.y + header.height) && box.y < height;
    })
    .toBe(true);
}

/**
 * Books a free time through the JSON API, as the booking page's island does (an X-ray unless
 * `overrides` name another service): answers the booking's reference and its private page's path.
 */
export async function bookTimeThroughApi(
  page: Page,
  date: string,
  time: string,
  overrides: Record<string, unknown> = {},
): Promise<{ reference: string; path: string }> {
  const res = await page.request.post(APPOINTMENT_PATH, { data: bookTimeBody(date, time, overrides) });
  expect(res.status(), await res.text()).toBe(201);
  const data = (await res.json()).data as { reference: string; manageUrl: string };
  return { reference: data.reference, path: new URL(data.manageUrl).pathname };
}
