import type { Page } from "@playwright/test";
import { addDays, formatLongDate } from "../../domain/dates";
import { PATIENT_MESSAGES } from "../../domain/patient-link";
import { SAFETY_MESSAGES } from "../../domain/safety-questions";
import { e2eStaff, signInByCookie } from "../helpers/staff-e2e";
import { waitForMail } from "../helpers/staff-mail";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { hydrated } from "./hydrated";
import { fillBookingForm, unique } from "./forms";

/**
 * Issue 11's path in Chromium: book, get the private link from the
 * confirmation and from the e-mail, open it, answer the safety questions,
 * ask for another date, cancel, and see it all in the staff console. The
 * link's page has no script.
 */

interface Calendar {
  firstDate: string;
  closedDates: string[];
}

const openAfter = (calendar: Calendar, days: number) => {
  let day = addDays(calendar.firstDate, days);
  while (calendar.closedDates.includes(day)) day = addDays(day, 1);
  return day;
};

async function book(page: Page, surname: string, email: string) {
  const calendarAnswer = page.waitForResponse("**/api/appointment/public/calendar");
  await page.goto("/book-appointment");
  const calendar = (await (await calendarAnswer).json()) as Calendar;
  await hydrated(page);
  const day = openAfter(calendar, 2);
  await fillBookingForm(page, { surname, email, date: day });
  const answered = page.waitForResponse("**/api/appointment/public/appointments");
  await page.getByRole("button", { name: "Request appointment" }).click();
  const data = (await (await answered).json()).data as { reference: string; manageUrl: string };
  return { calendar, day, ...data };
}

test("a patient books, opens the private link from the page and the e-mail, changes the date, cancels, and staff see it", async ({
  page,
  e2e,
  baseURL,
}) => {
  const surname = unique("Linked");
  const email = `${surname.toLowerCase()}@example.net`;
  const { calendar, day, reference, manageUrl } = await book(page, surname, email);

  // The confirmation shows the link the answer carried.
  const link = page.getByRole("link", { name: "See, change or cancel your appointment" });
  await expect(link).toHaveAttribute("href", manageUrl);

  // The acknowledgement e-mail carries a link of its own to the same appointment.
  const mail = await waitForMail(process.env.E2E_MAIL_DIR!, (m) => (m.headers.to ?? "").includes(email), 60_000);
  const text = mail.parts.find((p) => p.contentType === "text/plain")!.body;
  const mailed = /http\S+\/appointment\/[\w-]{43}/.exec(text)?.[0];
  expect(mailed).toBeTruthy();
  expect(mailed).not.toBe(manageUrl);

  // Each opens the appointment, with no script at all.
  for (const url of [manageUrl, mailed!]) {
    await page.goto(new URL(url).pathname);
    await expect(page.getByRole("heading", { level: 1, name: "Your appointment" })).toBeVisible();
    await expect(page.getByText(reference)).toBeVisible();
    await expect(page.getByText(formatLongDate(day))).toBeVisible();
    expect(await page.locator("script:not([type='application/ld+json'])").count()).toBe(0);
  }
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 390, height: 844 });

  // Answer the safety questions (an X-ray: could you be pregnant), then find them saved.
  const safety = page.getByRole("region", { name: "Safety questions" });
  await expect(safety.getByText("Not answered yet.")).toBeVisible();
  await safety.getByRole("group", { name: "Could you be pregnant?" }).getByLabel("Not sure").check();
  await safety.getByRole("group", { name: "Would you like an interpreter?" }).getByLabel("Yes").check();
  await safety.getByLabel("Which language?").fill("Setswana");
  await safety.getByRole("button", { name: "Save my answers" }).click();
  await expect(safety.getByRole("status")).toContainText(SAFETY_MESSAGES.saved);
  await expect(safety.getByText(/^Last saved \w+day/)).toBeVisible();
  await expect(safety.getByRole("group", { name: "Could you be pregnant?" }).getByLabel("Not sure")).toBeChecked();

  // Ask for another date.
  const next = openAfter(calendar, 5);
  await page.getByLabel("New date").fill(next);
  await page.getByRole("button", { name: "Ask for this date" }).click();
  await expect(page.getByRole("status")).toContainText(PATIENT_MESSAGES.changed);
  await expect(page.getByText(formatLongDate(next))).toBeVisible();

  // A closed day is refused on the page and changes nothing.
  const closed = calendar.closedDates.find((d) => d > next);
  if (closed) {
    await page.getByLabel("New date").fill(closed);
    await page.getByRole("button", { name: "Ask for this date" }).click();
    await expect(page.getByRole("alert")).toContainText("The clinic is closed on");
    await expect(page.getByText(formatLongDate(next))).toBeVisible();
  }

  // Cancel: a confirm step, then the reason.
  await page.getByRole("link", { name: "Cancel this appointment" }).click();
  await expect(page.getByRole("button", { name: "Yes, cancel my appointment" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Why are you cancelling?").fill("Feeling better");
  await page.getByRole("button", { name: "Yes, cancel my appointment" }).click();
  await expect(page.getByRole("status")).toContainText(PATIENT_MESSAGES.cancelled);
  await expect(page.getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Ask for this date" })).toHaveCount(0);

  // The staff console shows both changes, made by the patient.
  const row = await e2e.db
    .selectFrom("appointments")
    .select("id")
    .where("reference", "=", reference)
    .executeTakeFirstOrThrow();
  const staff = await e2eStaff(e2e.db, "patient-link");
  await signInByCookie(page.context(), baseURL!, e2e, staff.id);
  await page.goto(`/staff/appointments/${row.id}`);
  const history = page.getByRole("region", { name: "Status history" });
  await expect(history.getByText(`Date changed by the patient from ${day} to ${next}`)).toBeVisible();
  await expect(history.getByText("Cancelled by the patient: Feeling better")).toBeVisible();
  await expect(history.getByText("The patient", { exact: true })).toHaveCount(2);
  // The safety answers, with the two to check marked.
  const answers = page.getByRole("region", { name: "Safety answers" });
  await expect(answers.getByText("Yes: Setswana")).toBeVisible();
  await expect(answers.getByText("Check:")).toHaveCount(2);
});

test("a link that is not valid gets the 404 page with the clinic's contacts", async ({ page }) => {
  const res = await page.goto(`/appointment/${"x".repeat(43)}`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "This link is not valid" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Contact the clinic" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  /** Any script a browser would run (the shell's JSON-LD is data). */
  const SCRIPT = "script:not([type='application/ld+json'])";

  test("a booking posted as a plain form shows the link; its page has no script and takes plain posts", async ({
    page,
    e2e,
  }) => {
    const calendar = (await (await page.request.get("/api/appointment/public/calendar")).json()) as Calendar;
    await page.goto("/book-appointment");
    const surname = unique("NoScriptLink");
    await fillBookingForm(page, {
      surname,
      email: `${surname.toLowerCase()}@example.net`,
      date: openAfter(calendar, 2),
    });
    await page.getByRole("button", { name: "Request appointment" }).click();

    // The plain post's confirmation carries the link.
    const link = page.getByRole("link", { name: "See, change or cancel your appointment" });
    const href = await link.getAttribute("href");
    expect(href).toMatch(/\/appointment\/[\w-]{43}$/);
    await page.goto(new URL(href!).pathname);
    await expect(page.getByRole("heading", { level: 1, name: "Your appointment" })).toBeVisible();
    expect(await page.locator(SCRIPT).count()).toBe(0);

    // Safety answers, a change of date and a cancel, each a plain form post answered by the page.
    await page.getByRole("group", { name: "Could you be pregnant?" }).getByLabel("No", { exact: true }).check();
    await page.getByRole("button", { name: "Save my answers" }).click();
    await expect(page.getByRole("status")).toContainText(SAFETY_MESSAGES.saved);
    const next = openAfter(calendar, 4);
    await page.getByLabel("New date").fill(next);
    await page.getByRole("button", { name: "Ask for this date" }).click();
    await expect(page.getByRole("status")).toContainText(PATIENT_MESSAGES.changed);
    await page.getByRole("link", { name: "Cancel this appointment" }).click();
    await page.getByRole("button", { name: "Yes, cancel my appointment" }).click();
    await expect(page.getByRole("status")).toContainText(PATIENT_MESSAGES.cancelled);
    expect(await page.locator(SCRIPT).count()).toBe(0);

    const row = await e2e.db
      .selectFrom("appointments")
      .select(["status", "requested_date", "safety_answers"])
      .where("surname", "=", surname)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      status: "cancelled",
      requested_date: next,
      safety_answers: JSON.stringify({ pregnant: { choice: "no" } }),
    });
  });
});
