import type { Page } from "@playwright/test";
import { ENQUIRY_NEXT_STEP, ENQUIRY_RECEIVED, ENQUIRY_RECEIVED_MESSAGE } from "../../domain/request-words";
import { expectNoAxeViolations } from "./axe";
import { expect, test, type E2eDb } from "./fixtures";
import { hydrated } from "./hydrated";
import {
  answer,
  expectOnFirstScreen,
  expectPlainForm,
  forbidDialogs,
  holdScripts,
  RATE_LIMITED,
  TOO_MANY_REQUESTS,
  unique,
} from "./forms";
import { NO_DATABASE } from "./tags";

const ENDPOINT = "**/api/contact-enquire/public/create";

/** Enquiries from this name, read from the server's database (SQLite or PostgreSQL). */
async function enquiryByName({ db }: E2eDb, name: string) {
  return await db
    .selectFrom("enquiries")
    .select(["reference", "phone", "email", "description"])
    .where("name", "=", name)
    .execute();
}

async function open(page: Page) {
  await page.goto("/contact-us");
  // The form is in the page's HTML; these tests check what the script adds, so they wait for it.
  await hydrated(page);
}

async function fill(page: Page, values: { name: string; phone?: string; email?: string; description?: string }) {
  await page.getByLabel("Your name").fill(values.name);
  await page.getByLabel("Phone number").fill(values.phone ?? "71234567");
  await page.getByLabel("Email address").fill(values.email ?? "neo.sebego@example.net");
  await page.getByLabel("Your enquiry").fill(values.description ?? "Do you do ultrasound scans on Saturdays?");
}

forbidDialogs();
// Several tests run axe more than once: allow for a busy machine.
test.describe.configure({ timeout: 90_000 });

test(
  "every validation message appears beside its field and in a focused summary, and clears on edit",
  NO_DATABASE,
  async ({ page }) => {
    await open(page);
    await page.getByLabel("Your name").fill("   ");
    await page.getByLabel("Email address").fill("neo@example");
    await page.getByRole("button", { name: "Send enquiry" }).click();

    const summary = page.locator(".error-summary");
    await expect(summary).toBeFocused();
    await expect(summary.getByRole("heading", { name: "There is a problem" })).toBeVisible();
    // At the top of the page, before its heading, brought onto the screen; the title says Error while it shows.
    await expectOnFirstScreen(page, summary);
    expect(await page.locator("main .container > *").first().getAttribute("class")).toBe("error-summary");
    await expect(page).toHaveTitle(/^Error: Contact Us \| /);
    const messages = {
      name: "Enter your name.",
      phoneNumber: "Phone number is required.",
      email: "Enter a valid email address.",
      description: "Enter your enquiry.",
    };
    for (const [field, message] of Object.entries(messages)) {
      await expect(summary.getByRole("link", { name: message })).toHaveAttribute("href", `#${field}`);
      await expect(page.locator(`#${field}-error`)).toHaveText(`Error: ${message}`);
      const input = page.locator(`#${field}`);
      await expect(input).toHaveAttribute("aria-invalid", "true");
      await expect(input).toHaveAttribute("aria-describedby", new RegExp(`${field}-error`));
    }
    await expectNoAxeViolations(page);

    // A summary link moves focus to its field.
    await summary.getByRole("link", { name: messages.phoneNumber }).click();
    await expect(page.locator("#phoneNumber")).toBeFocused();

    // Editing a field clears that field's error only.
    await page.getByLabel("Your name").fill("Neo");
    await expect(page.locator("#name-error")).toHaveCount(0);
    await expect(page.locator("#name")).not.toHaveAttribute("aria-invalid");
    await expect(summary.getByRole("link", { name: messages.name })).toHaveCount(0);
    await expect(page.locator("#email-error")).toBeVisible();
    await page.getByLabel("Email address").fill("neo@example.net");
    await expect(page.locator("#email-error")).toHaveCount(0);
    await page.getByLabel("Phone number").fill("71234567");
    await page.getByLabel("Your enquiry").fill("Hello");
    await expect(summary).toHaveCount(0);
    await expect(page).toHaveTitle(/^Contact Us \| /);
  },
);

test("while sending, the button is disabled and the processing text shows; then the enquiry is stored and the form cleared", async ({
  page,
  e2e,
}) => {
  await open(page);
  await expectNoAxeViolations(page);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(ENDPOINT, async (route) => {
    await held;
    await route.continue();
  });
  const name = unique("Neo Sebego", " ");
  await fill(page, { name, phone: "316 3012" });
  const requestSeen = page.waitForRequest(ENDPOINT);
  await page.getByRole("button", { name: "Send enquiry" }).click();

  const button = page.getByRole("button", { name: "Submitting..." });
  await expect(button).toBeDisabled();
  await expect(page.getByRole("status")).toHaveText("Processing your request. Please wait.");
  await expect(page.getByText("Processing your request")).toHaveCount(1);
  const request = await requestSeen;
  expect(request.headers()["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
  expect(request.postDataJSON()).toMatchObject({ name, phoneNumber: "316 3012", website: "" });
  const answered = page.waitForResponse(ENDPOINT);
  release();
  // The API's message says enquiry, as the page does (its shape unchanged).
  expect(((await (await answered).json()) as { message: string }).message).toBe(ENQUIRY_RECEIVED_MESSAGE);

  const success = page.locator(".notice--success");
  await expect(success.getByText(ENQUIRY_RECEIVED, { exact: true })).toBeVisible();
  await expect(success).toContainText(ENQUIRY_NEXT_STEP);
  await expect(success).not.toContainText(/inquiry|successfully/i);
  await expect(success).toBeFocused();
  await expectOnFirstScreen(page, success);
  await expect(page.getByRole("button", { name: "Send enquiry" })).toBeEnabled();
  await expect(page.getByText("Processing your request")).toHaveCount(0);
  for (const label of ["Your name", "Phone number", "Email address", "Your enquiry"]) {
    await expect(page.getByLabel(label)).toHaveValue("");
  }

  const rows = await enquiryByName(e2e, name);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ phone: "+2673163012", email: "neo.sebego@example.net" });
  await expect(success).toContainText(rows[0]!.reference);
  await expectNoAxeViolations(page);
});

test("a phone number the server rejects shows its message beside the phone field", async ({ page }) => {
  await open(page);
  await fill(page, { name: unique("Neo", " "), phone: "12" });
  await page.getByRole("button", { name: "Send enquiry" }).click();
  await expect(page.locator(".error-summary")).toBeFocused();
  await expect(page.locator("#phoneNumber-error")).toContainText(/valid phone number/);
  await expect(page.getByLabel("Your name")).not.toHaveValue("");
});

test("failures show the failure message, and a rate limit shows the server's message", async ({ page }) => {
  await open(page);
  await answer(page, ENDPOINT, { status: 500, json: { message: "Something went wrong on our side." } });
  await fill(page, { name: "Neo" });
  await page.getByRole("button", { name: "Send enquiry" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "An error occurred. Please try again later." })).toBeVisible();
  await expect(page.getByLabel("Your name")).toHaveValue("Neo");

  await answer(page, ENDPOINT, RATE_LIMITED);
  await page.getByRole("button", { name: "Send enquiry" }).click();
  await expect(page.getByRole("alert").filter({ hasText: TOO_MANY_REQUESTS })).toBeVisible();
  await expect(page.getByText("An error occurred. Please try again later.")).toHaveCount(0);
});

test.describe("before the script takes over", () => {
  test("a submit before hydration is not lost: the browser posts the form and the enquiry is stored", async ({
    page,
    e2e,
  }) => {
    const release = await holdScripts(page);
    await page.goto("/contact-us", { waitUntil: "domcontentloaded" });
    const name = unique("Neo Early", " ");
    await fill(page, { name });
    await page.getByRole("button", { name: "Send enquiry" }).click();
    await expect(page.getByText(ENQUIRY_RECEIVED, { exact: true })).toBeVisible();
    release();
    expect(await enquiryByName(e2e, name)).toHaveLength(1);
  });

  test("what was typed before hydration is kept and sent by the script", async ({ page, e2e }) => {
    const release = await holdScripts(page);
    await page.goto("/contact-us", { waitUntil: "domcontentloaded" });
    const name = unique("Neo Typed", " ");
    await fill(page, { name });
    release();
    await hydrated(page);
    const sent = page.waitForRequest(ENDPOINT);
    await page.getByRole("button", { name: "Send enquiry" }).click();
    expect((await sent).postDataJSON()).toMatchObject({ name, phoneNumber: "71234567" });
    await expect(page.getByText(ENQUIRY_RECEIVED, { exact: true })).toBeVisible();
    expect(await enquiryByName(e2e, name)).toHaveLength(1);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the enquiry form posts to the page: errors beside the fields with the values kept, nothing stored", async ({
    page,
    e2e,
  }) => {
    await page.goto("/contact-us");
    await expectPlainForm(page, { heading: "Contact us", action: "/contact-us", submit: "Send enquiry" });
    const name = unique("Neo NoScript ");
    await fill(page, { name, phone: "12", email: "neo@example" });
    await page.getByRole("button", { name: "Send enquiry" }).click();

    const summary = page.locator(".error-summary");
    await expect(summary.getByRole("heading", { name: "There is a problem" })).toBeVisible();
    // On the phone's first screen where the page loaded again, and the title says Error.
    await expectOnFirstScreen(page, summary);
    await expect(page).toHaveTitle(/^Error: Contact Us \| /);
    await expect(page.locator("#phoneNumber-error")).toHaveText(
      "Error: Enter a valid phone number: 7 or 8 digits for Botswana, or + and the country code.",
    );
    await expect(page.locator("#email-error")).toHaveText("Error: Enter a valid email address.");
    await expect(summary.getByRole("link", { name: "Enter a valid email address." })).toHaveAttribute("href", "#email");
    await expect(page.getByLabel("Your name")).toHaveValue(name);
    await expect(page.getByLabel("Email address")).toHaveValue("neo@example");
    await expect(page.getByLabel("Your enquiry")).toHaveValue("Do you do ultrasound scans on Saturdays?");
    expect(await enquiryByName(e2e, name)).toHaveLength(0);
  });

  test("a valid enquiry is stored and the thank-you shows its reference", async ({ page, e2e }) => {
    await page.goto("/contact-us");
    const name = unique("Neo NoScript ");
    await fill(page, { name });
    await page.getByRole("button", { name: "Send enquiry" }).click();
    await expect(page.getByText(ENQUIRY_RECEIVED, { exact: true })).toBeVisible();
    await expect(page.locator(".notice--success")).toContainText(ENQUIRY_NEXT_STEP);
    await expect(page.locator("main")).not.toContainText(/inquiry/i);
    await expectOnFirstScreen(page, page.locator(".notice--success"));
    await expect(page).toHaveTitle(/^Contact Us \| /);
    const rows = await enquiryByName(e2e, name);
    expect(rows).toHaveLength(1);
    await expect(page.locator(".notice--success")).toContainText(rows[0]!.reference);
    await expect(page.getByLabel("Your name")).toHaveValue("");
  });
});
