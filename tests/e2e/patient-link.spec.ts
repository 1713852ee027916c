import type { Locator, Page } from "@playwright/test";
import { addDays, formatLongDate } from "../../domain/dates";
import { BOOK_AGAIN, PATIENT_MESSAGES, PATIENT_STATUS_WORDS } from "../../domain/patient-link";
import { SAFETY_MESSAGES } from "../../domain/safety-questions";
import { openDate, validAppointment } from "../helpers/requests";
import { seedConfirmedIn } from "../helpers/staff";
import { closeAndFollowMail, e2eStaff, nextOpenWeekday, signInByCookie } from "../helpers/staff-e2e";
import { waitForMail } from "../helpers/staff-mail";
import { expectNoAxeViolations } from "./axe";
import { expect, test, type E2eDb } from "./fixtures";
import { hydrated } from "./hydrated";
import { fillBookingForm, unique } from "./forms";

/**
 * A patient's private link (decision 019) in Chromium: book, get the private link from the
 * confirmation and from the e-mail, open it, answer the safety questions,
 * ask for another date, cancel, and see it all in the staff console. The
 * link's page has no script. Decision 026: the status and the date, and each
 * post's outcome, are on the first screen; closed days cannot be chosen.
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

/** Wholly inside the window as it is scrolled now: on a phone, on the first screen after a page loads. */
async function expectOnScreen(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const height = await page.evaluate(() => window.innerHeight);
  expect(box, "the element has a box").not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(height);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
}

/** In the window and wholly below the sticky header (not hidden under it). */
async function expectBelowHeader(page: Page, locator: Locator) {
  await expect(locator).toBeInViewport();
  // Polled: a jump made on the page scrolls smoothly, and ends where scroll-padding-top leaves room for the header.
  await expect
    .poll(
      async () => {
        const header = (await page.locator(".site-header").boundingBox())!;
        return (await locator.boundingBox())!.y - (header.y + header.height);
      },
      { message: "below the header" },
    )
    .toBeGreaterThanOrEqual(0);
}

/** The outcome of a post: at the top of <main>, focused, on the first screen. */
async function expectOutcome(page: Page, role: "status" | "alert", text: string) {
  const outcome = page.getByRole("main").getByRole(role).first();
  await expect(outcome).toContainText(text);
  await expectOnScreen(page, outcome);
  // The notice itself, or the error summary around the alert, has the focus the page's autofocus gave it.
  await expect(page.locator(".post-outcome")).toBeFocused();
}

/** Picks a day in "Change the date", opening its month first. */
async function chooseDay(page: Page, iso: string) {
  const month = page.locator("details.date-choice__month", { has: page.locator(`input[value="${iso}"]`) });
  if ((await month.getAttribute("open")) === null) await month.locator("summary").click();
  await page.getByRole("radio", { name: formatLongDate(iso) }).check();
}

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
  // A booking, visits to the private page with axe runs, a change, a cancellation and four
  // e-mails waited for: well past the default minute on a busy machine, with nothing waiting on a timer.
  test.setTimeout(150_000);
  const surname = unique("Linked");
  const email = `${surname.toLowerCase()}@example.net`;
  const { calendar, day, reference, manageUrl } = await book(page, surname, email);

  // The confirmation shows the link the answer carried.
  const link = page.getByRole("link", { name: "See, change or cancel your appointment" });
  await expect(link).toHaveAttribute("href", manageUrl);

  // The acknowledgement e-mail carries the same link.
  const mail = await waitForMail(process.env.E2E_MAIL_DIR!, (m) => (m.headers.to ?? "").includes(email), 60_000);
  const text = mail.parts.find((p) => p.contentType === "text/plain")!.body;
  const mailed = /http\S+\/appointment\/[\w-]{43}/.exec(text)?.[0];
  expect(mailed).toBeTruthy();
  expect(mailed).toBe(manageUrl);

  // It opens the appointment, with no script at all.
  await page.goto(new URL(manageUrl).pathname);
  await expect(page.getByRole("heading", { level: 1, name: "Your appointment" })).toBeVisible();
  await expect(page.getByText(reference)).toBeVisible();
  await expect(page.getByText(formatLongDate(day), { exact: true })).toBeVisible();
  expect(await page.locator("script:not([type='application/ld+json'])").count()).toBe(0);
  // The status and the date are on the first screen, on a phone and on a desktop.
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    await page.reload();
    await expectOnScreen(page, page.getByText(PATIENT_STATUS_WORDS.requested));
    await expectOnScreen(page, page.getByText(formatLongDate(day), { exact: true }));
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 390, height: 844 });

  // Answer the safety questions (an X-ray: could you be pregnant), then find them saved, and say so at the top.
  const safety = page.getByRole("region", { name: "Safety questions" });
  await expect(safety.getByText("Not answered yet.")).toBeVisible();
  await safety.getByRole("group", { name: "Could you be pregnant?" }).getByLabel("Not sure").check();
  await safety.getByRole("group", { name: "Would you like an interpreter?" }).getByLabel("Yes").check();
  await safety.getByLabel("Which language?").fill("Setswana");
  await safety.getByRole("button", { name: "Save my answers" }).click();
  await expectOutcome(page, "status", SAFETY_MESSAGES.saved);
  await expect(safety.getByText(/^Last saved \w+day/)).toBeVisible();
  await expect(safety.getByRole("group", { name: "Could you be pregnant?" }).getByLabel("Not sure")).toBeChecked();

  // Closed days are greyed and not offered; the same date again is refused at the top, titled "Error:".
  const closed = calendar.closedDates.find((d) => d > calendar.firstDate)!;
  await expect(page.getByRole("radio", { name: formatLongDate(closed) })).toHaveCount(0);
  await expect(page.getByText(`${formatLongDate(closed)}, clinic closed`)).toHaveCount(1);
  await chooseDay(page, day);
  await page.getByRole("button", { name: "Ask for this date" }).click();
  await expectOutcome(page, "alert", PATIENT_MESSAGES.sameDate);
  await expect(page).toHaveTitle(/^Error: /);
  await expectNoAxeViolations(page);
  await page.getByRole("main").getByRole("link", { name: PATIENT_MESSAGES.sameDate }).click();
  await expect(page.locator("#date")).toBeFocused();

  // Ask for another date.
  const next = openAfter(calendar, 5);
  await chooseDay(page, next);
  await page.getByRole("button", { name: "Ask for this date" }).click();
  await expectOutcome(page, "status", PATIENT_MESSAGES.changed);
  await expect(page).toHaveTitle("Your appointment");
  await expectOnScreen(page, page.getByText(formatLongDate(next), { exact: true }));

  // Cancel: a confirm step, then the reason.
  await page.getByRole("link", { name: "Cancel this appointment" }).click();
  await expect(page.getByRole("button", { name: "Yes, cancel my appointment" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Why are you cancelling?").fill("Feeling better");
  await page.getByRole("button", { name: "Yes, cancel my appointment" }).click();
  await expectOutcome(page, "status", PATIENT_MESSAGES.cancelled);
  await expect(page.getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Ask for this date" })).toHaveCount(0);
  // Final: a new booking is offered, the preparation is gone.
  await expect(page.getByRole("link", { name: BOOK_AGAIN })).toHaveAttribute("href", "/book-appointment");
  await expect(page.getByRole("heading", { name: "Before your visit" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The patient's own record of each change, by e-mail: the reference and a link, not the service.
  for (const subject of ["Your new date request", "is cancelled"]) {
    const own = await waitForMail(
      process.env.E2E_MAIL_DIR!,
      (m) => (m.headers.to ?? "").includes(email) && (m.headers.subject ?? "").includes(subject),
      60_000,
    );
    const body = own.parts.find((p) => p.contentType === "text/plain")!.body;
    expect(body).toContain(reference);
    expect(body).toMatch(/\/appointment\/[\w-]{43}/);
    expect(body).not.toContain("X-ray");
  }

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

    await expectOnScreen(page, page.getByText(PATIENT_STATUS_WORDS.requested));

    // Safety answers, a change of date and a cancel, each a plain form post answered at the top of the page.
    await page.getByRole("group", { name: "Could you be pregnant?" }).getByLabel("No", { exact: true }).check();
    await page.getByRole("button", { name: "Save my answers" }).click();
    await expectOutcome(page, "status", SAFETY_MESSAGES.saved);
    // Closed days are greyed and not offered without script too.
    const closed = calendar.closedDates.find((d) => d > calendar.firstDate)!;
    await expect(page.getByRole("radio", { name: formatLongDate(closed) })).toHaveCount(0);
    await expect(page.locator(".calendar__day--closed").first()).toHaveCSS("text-decoration-line", "line-through");
    // Nothing chosen: the summary at the top says so and links to the calendar.
    await page.getByRole("button", { name: "Ask for this date" }).click();
    await expectOutcome(page, "alert", PATIENT_MESSAGES.chooseDate);
    await expect(page).toHaveTitle(/^Error: /);
    const next = openAfter(calendar, 4);
    await chooseDay(page, next);
    await page.getByRole("button", { name: "Ask for this date" }).click();
    await expectOutcome(page, "status", PATIENT_MESSAGES.changed);
    await expect(page).toHaveTitle("Your appointment");

    // A second tab, opened before the cancellation, posts after it: told it is already cancelled.
    const other = await page.context().newPage();
    await other.goto(`${new URL(page.url()).pathname}?step=cancel`);
    await page.getByRole("link", { name: "Cancel this appointment" }).click();
    await page.getByRole("button", { name: "Yes, cancel my appointment" }).click();
    await expectOutcome(page, "status", PATIENT_MESSAGES.cancelled);
    await expect(page.getByRole("link", { name: BOOK_AGAIN })).toBeVisible();
    expect(await page.locator(SCRIPT).count()).toBe(0);
    await other.getByRole("button", { name: "Yes, cancel my appointment" }).click();
    await expectOutcome(other, "alert", PATIENT_MESSAGES.alreadyCancelled);
    await other.close();

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

/** Where E2E_SHOTS_DIR asks for screenshots: the first screen, named after the page, the width and whether scripts run. */
async function shot(page: Page, name: string, javaScript: boolean) {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()!.width}-${javaScript ? "js" : "nojs"}.png` });
}

/**
 * A day closed after a patient was confirmed (decision 044), as the patient meets it: the link in
 * the closure's e-mail opens a page whose first screen, on a phone and on a desktop, says the clinic
 * is closed that day, why, that the time is no longer held, and to choose another date, with the
 * calendar one tap away; choosing one is answered like any change of date. The closure is made the
 * way the console makes it (closeAndTell), on a day far ahead that no other spec closes.
 */
async function closedDayPage(e2e: E2eDb, offset: number) {
  const { db, config } = e2e;
  const day = nextOpenWeekday(config, offset);
  const reference = `APT-E2E-CLOSED-${offset}-${Date.now().toString(36)}`;
  await seedConfirmedIn(db, day, "09:00", "x-ray", { reference });
  const { saved, path } = await closeAndFollowMail(
    e2e,
    `closed-page-${offset}`,
    { firstDate: day, reason: "Power cut" },
    reference,
  );
  expect(saved).toMatchObject({ ok: true, saved: true });
  return { day, path: path! };
}

async function expectClosedDayFirst(page: Page, day: string, javaScript: boolean) {
  const notice = page.getByRole("region", { name: `The clinic is closed on ${formatLongDate(day)}` });
  await expect(notice).toContainText("Reason: Power cut");
  await expect(notice).toContainText("The time you were given that day is no longer held for you.");
  await expect(notice).toContainText("Please choose another date.");
  await expectOnScreen(page, notice);
  const choose = notice.getByRole("link", { name: "Choose another date" });
  await expectOnScreen(page, choose);
  await expect(page.getByText("This is a request, not yet a booked time")).toHaveCount(0);
  // axe runs in the page, so only where scripts may run; the page itself has none either way.
  if (javaScript) await expectNoAxeViolations(page);
  return choose;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(
    javaScriptEnabled ? "the private page, with JavaScript" : "the private page, without JavaScript",
    () => {
      test.use({ javaScriptEnabled });

      test("the closure's link opens a page that says the day is closed, why, and to choose another date, one tap from the calendar", async ({
        page,
        e2e,
      }) => {
        // Two widths, each with a closure, an axe run and a change of date: well past a minute on a busy machine.
        test.setTimeout(180_000);
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
          // A week apart for each width, with and without script: no two runs close the same day.
          const { day, path } = await closedDayPage(e2e, 150 + (width === 390 ? 0 : 7) + (javaScriptEnabled ? 0 : 14));
          await page.goto(path);
          const choose = await expectClosedDayFirst(page, day, javaScriptEnabled);
          await shot(page, "closed-day", javaScriptEnabled);
          await choose.click();
          // One tap: "Change the date" and its first month are in view.
          const change = page.getByRole("heading", { level: 2, name: "Change the date" });
          await expectBelowHeader(page, change);
          await expect(page.locator("details.date-choice__month").first()).toBeInViewport();
          await shot(page, "closed-day-calendar", javaScriptEnabled);
          const calendar = (await (await page.request.get("/api/appointment/public/calendar")).json()) as Calendar;
          await chooseDay(page, openAfter(calendar, 3));
          await page.getByRole("button", { name: "Ask for this date" }).click();
          await expectOutcome(page, "status", PATIENT_MESSAGES.changed);
          await expect(page.locator(".notice--closed")).toHaveCount(0);
        }
      });

      test("the cancel step opens at its form under the header, with nothing above the header", async ({ page }) => {
        const surname = unique("CancelStep");
        const booked = await page.request.post("/api/appointment/public/appointments", {
          data: validAppointment({
            surname,
            email: `${surname.toLowerCase()}@example.net`,
            idPassportNumber: String(Date.now()).slice(-9),
            appointmentDate: openDate(4),
          }),
        });
        expect(booked.status()).toBe(201);
        const path = new URL(((await booked.json()).data as { manageUrl: string }).manageUrl).pathname;
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
          await page.goto(path);
          await page.getByRole("link", { name: "Cancel this appointment" }).click();
          await page.waitForURL(/step=cancel/);
          // As the page opens, straight away: not scrolling from the top of the page (no smooth scroll on load, whose
          // frames showed a blank strip above the header), the header at the top, the cancel form in view under it.
          expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe("auto");
          const top = await page.evaluate(() => document.elementFromPoint(5, 2)?.closest(".site-header") !== null);
          expect(top, "the header's top line is at the top of the window").toBe(true);
          await expectBelowHeader(page, page.getByRole("heading", { level: 2, name: "Cancel the appointment" }));
          await expect(page.getByRole("button", { name: "Yes, cancel my appointment" })).toBeVisible();
          await shot(page, "cancel-step", javaScriptEnabled);
        }
      });
    },
  );
}
