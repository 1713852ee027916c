import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { CLOSURE_MESSAGES } from "../../domain/closures";
import { DATE_FIELD_HINT } from "../../app/components/staff/date-field";
import { addDays, clinicDate, formatAbbreviatedDate, formatLongDate } from "../../domain/dates";
import { addStaff, seedAppointment, seedConfirmedIn, seedUpload } from "../helpers/staff";
import { e2eStaff, nextOpenWeekday, signInByCookie } from "../helpers/staff-e2e";
import { waitForMail } from "../helpers/staff-mail";
import { expectNoAxeViolations } from "./axe";
import { expect, test, type E2eDb } from "./fixtures";
import { hydrated } from "./hydrated";

/**
 * The front desk's bad days and good ones (decision 034), at phone width with
 * a layout check at desk width: a closure that reaches the patients (asked
 * first, each e-mailed a link), one room out of service, the room chosen at
 * confirmation, a move by the free-time picker, attended only once the time
 * has come, the requests waiting on the schedule, and the day list on A4.
 *
 * With E2E_SHOTS_DIR set, each changed page is also saved there as a
 * screenshot (and the day list as a PDF), to be looked at.
 */

const SHOTS = process.env.E2E_SHOTS_DIR;

/** A full-page screenshot named after the page and the width, when E2E_SHOTS_DIR asks for them. */
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}-${page.viewportSize()!.width}.png`), fullPage: true });
}

/**
 * Nothing in the page's main content reaches past the window's right edge
 * (the page clips sideways overflow, so a wide control would be cut off, not
 * scrolled); a wide table scrolls inside its own region instead.
 */
async function expectNoPageOverflow(page: Page) {
  const wide = await page.evaluate(() => {
    const edge = document.documentElement.clientWidth + 1;
    return [...document.querySelectorAll("main *")]
      .filter((el) => !el.parentElement?.closest(".staff-table-wrap"))
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 1 && box.right > edge;
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`)
      .slice(0, 5);
  });
  expect(wide).toEqual([]);
}

const DESK = { width: 1280, height: 800 };

async function receptionist({ db }: E2eDb, label: string) {
  return addStaff(db, {
    email: `e2e-desk-${label}-${Date.now().toString(36)}@clinic.example.org`,
    name: `Desk ${label}`,
    role: "reception",
  });
}

/**
 * After "Show free times": the URL changes before React renders the new day's form (the router
 * commits its state in a transition), so wait for the form itself; what is typed before it
 * renders goes into the old form, which the new one replaces.
 */
async function freeTimesShown(page: Page, date: string) {
  await expect(page).toHaveURL(new RegExp(`date=${date}`));
  await expect(page.getByText(`${formatAbbreviatedDate(date)}: length`)).toBeVisible();
}
test("a manager closes a day that holds patients: asked first, then each patient is e-mailed a link, and the history says so", async ({
  page,
  baseURL,
  e2e,
}, info) => {
  test.setTimeout(150_000);
  const { db, config } = e2e;
  const manager = await e2eStaff(db, `close-${info.project.name}`);
  await signInByCookie(page.context(), baseURL!, e2e, manager.id);
  // Far ahead, and a day no other spec uses.
  const day = nextOpenWeekday(config, 84);
  const tag = Date.now().toString(36);
  const requestEmail = `closure-request-${tag}@example.org`;
  const requested = await seedAppointment(db, {
    service_name: "x-ray",
    requested_date: day,
    name: "Kagiso",
    surname: `Request ${tag}`,
    email: requestEmail,
  });
  const confirmed = await seedConfirmedIn(db, day, "10:00", "x-ray", {
    name: "Mpho",
    surname: `Confirmed ${tag}`,
    email: `closure-confirmed-${tag}@example.org`,
  });

  await page.goto("/staff/closures");
  await hydrated(page);
  await page.getByLabel("First closed day").fill(day);
  await page.getByLabel("Reason patients see").fill("Power cut in the building");
  await page.getByRole("button", { name: "Add closure" }).click();

  // Asked first: how many and which, nothing saved yet.
  const ask = page.getByRole("heading", { level: 2, name: "This closure reaches 2 patients" });
  await expect(ask).toBeVisible();
  await expect(ask).toBeFocused();
  await expect(page.getByRole("link", { name: new RegExp(`Kagiso Request ${tag}`) })).toBeVisible();
  await expect(page.getByRole("link", { name: new RegExp(`Mpho Confirmed ${tag}`) })).toBeVisible();
  await expect(page.getByText("Nothing is saved yet.")).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoPageOverflow(page);
  await shot(page, "closures-ask");
  await page.setViewportSize(DESK);
  await expectNoPageOverflow(page);
  await shot(page, "closures-ask");
  await page.setViewportSize({ width: 390, height: 844 });

  await page.getByRole("button", { name: "Save the closure and tell 2 patients" }).click();
  await expect(page.getByRole("status")).toContainText(
    "2 patients e-mailed with the reason and a link to choose another date; those who chose text messages were texted too.",
  );
  // The saved notice is where the eye is: focused, and on the phone's screen without scrolling.
  const saved = page.getByRole("status").locator(".staff-alert--success");
  await expect(saved).toBeFocused();
  await expect(saved).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole("heading", { level: 2, name: "Patients told" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: formatLongDate(day) })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, "closures-told");
  await page.setViewportSize(DESK);
  await expectNoPageOverflow(page);
  await shot(page, "closures-told");
  await page.setViewportSize({ width: 390, height: 844 });

  // The patient's e-mail reaches the SMTP server, with the reason and a link that opens their appointment.
  const mail = await waitForMail(
    process.env.E2E_MAIL_DIR!,
    (m) => (m.headers.to ?? "").includes(requestEmail) && /Please choose another date/.test(m.headers.subject ?? ""),
    60_000,
  );
  const text = mail.parts.find((p) => p.contentType === "text/plain")!.body;
  expect(text).toContain(`The clinic is closed on ${formatLongDate(day)}: Power cut in the building.`);
  const link = /(https?:\/\/\S+\/appointment\/\S+)/.exec(text)![1]!;
  await page.goto(new URL(link).pathname);
  await expect(page.getByText("Requested, not yet confirmed")).toBeVisible();

  // Staff see on the appointment that the patient was told; the confirmed one is a request again.
  await page.goto(`/staff/appointments/${confirmed}`);
  await expect(
    page.getByRole("cell", { name: /The patient was e-mailed a link to choose another date/ }),
  ).toBeVisible();
  await expect(page.locator(".staff-page-head .staff-badge")).toHaveText("Requested");
  await page.goto(`/staff/appointments/${requested}`);
  await expect(
    page.getByRole("cell", { name: /The clinic is closed on .* \(Power cut in the building\)/ }),
  ).toBeVisible();

  // Removing it asks first.
  await page.goto("/staff/closures");
  await hydrated(page);
  await page.getByRole("button", { name: `Remove the closure of the whole clinic on ${formatLongDate(day)}` }).click();
  const sure = page.getByRole("heading", {
    level: 2,
    name: `Remove the closure of the whole clinic on ${formatLongDate(day)}?`,
  });
  await expect(sure).toBeFocused();
  await expectNoAxeViolations(page);
  await shot(page, "closures-remove");
  await page.getByRole("button", { name: "Remove the closure", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("The closure is removed");
  await expect(saved).toBeFocused();
  await expect(saved).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole("heading", { level: 3, name: formatLongDate(day) })).toBeHidden();

  // Saved straight from the form (no patient that day, so nothing is asked first): the page is
  // scrolled down to the form's button, and the notice still comes wholly onto the phone's screen.
  await saveQuietClosure(page, nextOpenWeekday(config, 133), { script: true });
  await shot(page, "closures-saved-direct");
});

/**
 * Adds a closure of the whole clinic on a day no patient has booked, so it is saved without a
 * question first, and checks that the saved notice is focused and wholly on the screen, top
 * included, though the button that saved it was further down the page.
 */
async function saveQuietClosure(page: Page, day: string, { script }: { script: boolean }) {
  await page.goto("/staff/closures");
  if (script) await hydrated(page);
  await page.getByLabel("First closed day").fill(day);
  await page.getByLabel("Reason patients see").fill("Staff training");
  const add = page.getByRole("button", { name: "Add closure" });
  await add.scrollIntoViewIfNeeded();
  // The notice's place, under the heading, is above the screen as the button is pressed.
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await add.click();
  const saved = page.getByText(
    `The clinic is now closed on ${formatLongDate(day)}. The booking page refuses that day from now on.`,
  );
  await expect(saved).toBeFocused();
  // Wholly in the window as soon as it has the focus, not only once a scroll has glided there: a
  // screenshot taken now shows it whole. (Asked once, not retried.)
  const box = await saved.evaluate((el) => {
    const { top, bottom } = el.getBoundingClientRect();
    return { top, bottom, height: window.innerHeight };
  });
  expect(box.top, "the notice's top").toBeGreaterThanOrEqual(0);
  expect(box.bottom, "the notice's bottom").toBeLessThanOrEqual(box.height);
  await expect(saved).toBeInViewport({ ratio: 1 });
}

test("the X-ray room out of service: only its appointments are reached, and the free times stop offering it", async ({
  page,
  baseURL,
  e2e,
}, info) => {
  test.setTimeout(120_000);
  const { db, config } = e2e;
  const manager = await e2eStaff(db, `room-${info.project.name}`);
  await signInByCookie(page.context(), baseURL!, e2e, manager.id);
  const day = nextOpenWeekday(config, 91);
  const tag = Date.now().toString(36);
  const xray = await seedAppointment(db, { service_name: "x-ray", requested_date: day, surname: `Xray ${tag}` });
  await seedAppointment(db, { service_name: "ultrasound", requested_date: day, surname: `Sound ${tag}` });

  await page.goto("/staff/closures");
  await hydrated(page);
  await page.getByLabel("First closed day").fill(day);
  await page.getByLabel("What closes").selectOption({ label: "The X-ray room only" });
  await page.getByLabel("Reason patients see").fill("X-ray machine under repair");
  await page.getByRole("button", { name: "Add closure" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "This closure reaches 1 patient" })).toBeVisible();
  await expect(page.getByRole("link", { name: new RegExp(`Xray ${tag}`) })).toBeVisible();
  await expect(page.getByRole("link", { name: new RegExp(`Sound ${tag}`) })).toBeHidden();
  await page.getByRole("button", { name: "Save the closure and tell 1 patient" }).click();
  await expect(page.getByRole("status")).toContainText("The X-ray room is now out of service on");

  // Confirming the X-ray request that day: no time offered, with the reason.
  await page.goto(`/staff/appointments/${xray}?date=${day}`);
  await expect(page.getByText("X-ray is out of service on that day (X-ray machine under repair).")).toBeVisible();
  // No start time to choose (the page's other radios choose the patient's text channel).
  await expect(page.locator('input[type="radio"][name="time"]')).toHaveCount(0);
  await expect(page.getByRole("radio", { name: /^\d\d:\d\d/ })).toHaveCount(0);
  // The day view marks the room.
  await page.goto(`/staff/schedule?date=${day}`);
  await expect(
    page.getByRole("columnheader", { name: /X-ray\s*Out of service \(X-ray machine under repair\)/ }),
  ).toBeVisible();
});

test("reception confirms into a chosen room (the first free one proposed), moves it to another day with the same picker, and records attended only once its time has come", async ({
  page,
  context,
  baseURL,
  e2e,
}, info) => {
  test.setTimeout(150_000);
  const staff = await receptionist(e2e, `room-${info.project.name}`);
  const day = nextOpenWeekday(e2e.config, 98);
  const later = nextOpenWeekday(e2e.config, 99);
  const tag = Date.now().toString(36);
  const id = await seedAppointment(e2e.db, {
    service_name: "ultrasound",
    requested_date: day,
    name: "Lesedi",
    surname: `Rooms ${tag}`,
  });
  await signInByCookie(context, baseURL!, e2e, staff.id);

  await page.goto(`/staff/appointments/${id}`);
  await hydrated(page);
  await page.getByLabel("Examination (sets the length)").selectOption({ label: "Thyroid, 30 minutes" });
  await page.getByRole("button", { name: "Show free times" }).click();
  const room = page.getByLabel("Room");
  await expect(room).toHaveValue("");
  await page.getByRole("radio", { name: /^10:00/ }).check();
  // The first free room at that time is proposed; reception takes the other.
  await expect(room).toHaveValue("ultrasound-1");
  await expect(room.locator("option:checked")).toHaveText("Ultrasound 1 (first free, proposed)");
  await expectNoAxeViolations(page);
  await shot(page, "appointment-confirm-room");
  await room.selectOption("ultrasound-2");
  await page.getByRole("button", { name: "Confirm appointment" }).click();
  await expect(page.getByText("Appointment confirmed.")).toBeVisible();
  const row = () =>
    e2e.db
      .selectFrom("appointments")
      .select(["status", "confirmed_date", "confirmed_time", "room"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  expect(await row()).toEqual({
    status: "confirmed",
    confirmed_date: day,
    confirmed_time: "10:00",
    room: "ultrasound-2",
  });

  // Before its time: no attended or no-show, and the page says from when.
  await expect(page.getByRole("button", { name: "Mark attended" })).toHaveCount(0);
  await expect(page.getByText("Attended and no-show can be recorded from the appointment's time")).toBeVisible();

  // Move: another day with the same picker.
  const move = page.locator("#move");
  await move.getByLabel("Date").fill(later);
  await move.getByRole("button", { name: "Show free times" }).click();
  await freeTimesShown(page, later);
  await page.getByRole("radio", { name: /^11:30/ }).check();
  await expect(page.getByLabel("Room")).toHaveValue("ultrasound-1");
  await page.getByRole("button", { name: "Move appointment" }).click();
  await expect(page.getByText("Appointment moved.")).toBeVisible();
  expect(await row()).toEqual({
    status: "confirmed",
    confirmed_date: later,
    confirmed_time: "11:30",
    room: "ultrasound-1",
  });
  await expectNoAxeViolations(page);
  await shot(page, "appointment-moved");
  await page.setViewportSize(DESK);
  await expectNoPageOverflow(page);
  await shot(page, "appointment-moved");
  await page.setViewportSize({ width: 390, height: 844 });

  // Once its time has come (the row says so, as the clock would), attended is offered.
  await e2e.db
    .updateTable("appointments")
    .set({ confirmed_date: addDays(clinicDate(new Date()), -1) })
    .where("id", "=", id)
    .execute();
  await page.reload();
  await page.getByRole("button", { name: "Mark attended" }).click();
  await expect(page.getByText("Marked as attended.")).toBeVisible();
});

test("the schedule shows the requests waiting beside the rooms (day) and in a first row (week), each linked", async ({
  page,
  context,
  baseURL,
  e2e,
}, info) => {
  test.setTimeout(120_000);
  const staff = await receptionist(e2e, `waiting-${info.project.name}`);
  const day = nextOpenWeekday(e2e.config, 105);
  const tag = Date.now().toString(36);
  const waiting = await seedAppointment(e2e.db, {
    service_name: "mammography",
    requested_date: day,
    name: "Naledi",
    surname: `Waiting ${tag}`,
  });
  await seedConfirmedIn(e2e.db, day, "09:00", "x-ray", { name: "Tumelo", surname: `Booked ${tag}` });
  await signInByCookie(context, baseURL!, e2e, staff.id);

  await page.goto(`/staff/schedule?date=${day}`);
  await hydrated(page);
  await expect(page.getByText(`${formatLongDate(day)}: 1 appointment, 1 request waiting.`)).toBeVisible();
  const aside = page.getByRole("region", { name: "Requests waiting (1)" });
  const request = aside.getByRole("link", { name: new RegExp(`Naledi Waiting ${tag}`) });
  await expect(request).toContainText("Waiting");
  await expectNoAxeViolations(page);
  await expectNoPageOverflow(page);
  // On a phone the requests come first, above the rooms.
  const table = page.getByRole("region", { name: `Schedule for ${formatLongDate(day)}` });
  expect((await aside.boundingBox())!.y).toBeLessThan((await table.boundingBox())!.y);
  await shot(page, "schedule-day");
  // At a desk, beside the rooms.
  await page.setViewportSize(DESK);
  await expectNoPageOverflow(page);
  const [a, t] = [(await aside.boundingBox())!, (await table.boundingBox())!];
  expect(a.x).toBeGreaterThan(t.x + t.width - 1);
  expect(Math.abs(a.y - t.y)).toBeLessThan(5);
  await shot(page, "schedule-day");
  await page.setViewportSize({ width: 390, height: 844 });

  await page.getByRole("link", { name: "Week", exact: true }).click();
  const week = page.getByRole("table", { name: /by day/ });
  const first = week.getByRole("row").nth(1);
  await expect(first.getByRole("rowheader")).toHaveText("Requests");
  await expect(first.getByRole("link", { name: new RegExp(`Naledi Waiting ${tag}`) })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, "schedule-week");
  await page.setViewportSize(DESK);
  await expectNoPageOverflow(page);
  await shot(page, "schedule-week");
  await page.setViewportSize({ width: 390, height: 844 });

  await first.getByRole("link", { name: new RegExp(`Naledi Waiting ${tag}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/appointments/${waiting}$`));
});

test("the day list names the clinic, the day and the printing time, with date of birth, examination, referral and an arrival column, and prints on A4", async ({
  page,
  context,
  baseURL,
  e2e,
}, info) => {
  test.setTimeout(120_000);
  const staff = await receptionist(e2e, `list-${info.project.name}`);
  const day = nextOpenWeekday(e2e.config, 112);
  const tag = Date.now().toString(36);
  const withReferral = await seedConfirmedIn(e2e.db, day, "08:30", "ultrasound-1", {
    name: "Onalenna",
    surname: `Listed ${tag}`,
    dob: "1980-04-02",
    examination: "Thyroid",
    payment_method: "bpomas",
    medical_aid_number: `BP-${tag}`,
  });
  await seedUpload(e2e.db, e2e.config.dataDir, { appointmentId: withReferral });
  await seedConfirmedIn(e2e.db, day, "11:00", "x-ray", { name: "Thabo", surname: `Listed ${tag}`, dob: "1975-11-30" });
  await signInByCookie(context, baseURL!, e2e, staff.id);
  await page.goto(`/staff/schedule/print?date=${day}`);
  await hydrated(page);
  await expect(page.getByText(e2e.config.clinic.name, { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: `Day list for ${formatLongDate(day)}` })).toBeVisible();
  await expect(page.getByText(/Printed .* at \d\d:\d\d\./)).toBeVisible();
  const rows = page.getByRole("table", { name: /Day list/ }).getByRole("row");
  await expect(rows.nth(1)).toContainText("02/04/1980");
  await expect(rows.nth(1)).toContainText("Ultrasound Imaging: Thyroid");
  await expect(rows.nth(1).getByRole("cell").nth(6)).toHaveText("Yes");
  await expect(rows.nth(2).getByRole("cell").nth(6)).toHaveText("No");
  await expect(rows.nth(1).getByRole("cell").last()).toHaveText("Tick on arrival");
  await expectNoAxeViolations(page);
  await shot(page, "day-list");
  await page.setViewportSize(DESK);
  await expectNoPageOverflow(page);
  await shot(page, "day-list");
  await page.setViewportSize({ width: 390, height: 844 });

  // On paper: the printable width of A4 landscape (297 mm less 12 mm margins, in CSS pixels) holds every column.
  await page.emulateMedia({ media: "print" });
  await page.setViewportSize({ width: Math.floor(((297 - 24) / 25.4) * 96), height: 700 });
  const table = page.locator(".staff-day-list__table");
  const [needed, given] = await table.evaluate((el) => [el.scrollWidth, el.parentElement!.clientWidth]);
  expect(needed).toBeLessThanOrEqual(given);
  const pdf = await page.pdf({ format: "A4", preferCSSPageSize: true, printBackground: true });
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  // One A4 sheet, landscape (842 × 595 points), as the day list's @page asks.
  const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf.toString("latin1"));
  expect([Math.round(Number(box![1])), Math.round(Number(box![2]))]).toEqual([842, 595]);
  expect(pdf.toString("latin1").match(/\/Type \/Page\b/g)).toHaveLength(1);
  if (SHOTS) fs.writeFileSync(path.join(SHOTS, "day-list-a4.pdf"), pdf);
});

test("without JavaScript, a closure still asks first and then saves and tells", async ({
  browser,
  baseURL,
  e2e,
}, info) => {
  test.setTimeout(90_000);
  const { db, config } = e2e;
  const manager = await e2eStaff(db, `close-nojs-${info.project.name}`);
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  try {
    await signInByCookie(context, baseURL!, e2e, manager.id);
    const page = await context.newPage();
    const day = nextOpenWeekday(config, 119);
    const tag = Date.now().toString(36);
    const id = await seedAppointment(db, { requested_date: day, name: "Boitumelo", surname: `NoScript ${tag}` });
    await page.goto("/staff/closures");
    await page.getByLabel("First closed day").fill(day);
    await page.getByLabel("Reason patients see").fill("Water supply cut");
    await page.getByRole("button", { name: "Add closure" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "This closure reaches 1 patient" })).toBeVisible();
    await page.getByRole("button", { name: "Save the closure and tell 1 patient" }).click();
    const saved = page.getByText(
      "1 patient e-mailed with the reason and a link to choose another date; those who chose text messages were texted too.",
      { exact: false },
    );
    await expect(saved).toBeVisible();
    // Without a script too, the notice takes the focus as the page loads, and so is in view.
    await expect(saved).toBeFocused();
    await expect(saved).toBeInViewport({ ratio: 1 });
    const history = await db
      .selectFrom("appointment_status_history")
      .select("note")
      .where("appointment_id", "=", id)
      .execute();
    expect(history.map((h) => h.note)).toEqual([
      `The clinic is closed on ${day} (Water supply cut). The patient was e-mailed a link to choose another date.`,
    ]);

    // Saved straight from the form: the page loads afresh, its notice focused and wholly in view.
    await saveQuietClosure(page, nextOpenWeekday(config, 140), { script: false });
  } finally {
    await context.close();
  }
});

test("the closures page and an appointment's page report every error at once: the console's summary, focused and linked, and each field's message, never the browser's bubbles", async ({
  page,
  baseURL,
  e2e,
}, info) => {
  test.setTimeout(120_000);
  const { db, config } = e2e;
  const manager = await e2eStaff(db, `forms-${info.project.name}`);
  await signInByCookie(page.context(), baseURL!, e2e, manager.id);
  const summary = page.locator(".error-summary");
  const atDesk = async (name: string) => {
    await expectNoAxeViolations(page);
    await expectNoPageOverflow(page);
    await shot(page, name);
    await page.setViewportSize(DESK);
    await expectNoPageOverflow(page);
    await shot(page, name);
    await page.setViewportSize({ width: 390, height: 844 });
  };

  // Closures: an empty form is sent (the browser does not check it), and the summary names the first day and the reason.
  await page.goto("/staff/closures");
  await hydrated(page);
  const add = page.getByRole("button", { name: "Add closure" });
  await expect(page.locator("form").filter({ has: add })).toHaveAttribute("novalidate", "");
  await add.click();
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link")).toHaveText([CLOSURE_MESSAGES.firstDate, CLOSURE_MESSAGES.reasonEmpty]);
  await expect(page.getByLabel("First closed day")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("First closed day")).toHaveAccessibleDescription(
    `${DATE_FIELD_HINT} Error: ${CLOSURE_MESSAGES.firstDate}`,
  );
  await expect(page.locator("#reason-error")).toHaveText(`Error: ${CLOSURE_MESSAGES.reasonEmpty}`);
  await expect(page.getByLabel("Last closed day (empty for one day)")).not.toHaveAttribute("aria-invalid");
  await atDesk("closures-errors");
  await summary.getByRole("link", { name: CLOSURE_MESSAGES.reasonEmpty }).click();
  await expect(page.getByLabel("Reason patients see")).toBeFocused();
  // A day in the past: refused, focused again, and the reason typed is kept.
  await page.getByLabel("First closed day").fill(addDays(clinicDate(new Date()), -1));
  await page.getByLabel("Reason patients see").fill("Water supply cut");
  await add.click();
  await expect(summary.getByRole("link")).toHaveText([CLOSURE_MESSAGES.past]);
  await expect(summary).toBeFocused();
  await expect(page.getByLabel("Reason patients see")).toHaveValue("Water supply cut");

  // An appointment: the day form, sent without a date or an examination.
  const day = nextOpenWeekday(config, 126);
  let sunday = day;
  while (new Date(`${sunday}T12:00:00Z`).getUTCDay() !== 0) sunday = addDays(sunday, 1);
  const id = await seedAppointment(db, { service_name: "ultrasound", requested_date: day, surname: "Forms" });
  await page.goto(`/staff/appointments/${id}`);
  await hydrated(page);
  const date = page.getByLabel("Date", { exact: true });
  await date.fill("");
  await page.getByRole("button", { name: "Show free times" }).click();
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link")).toHaveText([
    "Enter the date to see its free times.",
    "Choose the examination to see the free times.",
  ]);
  await expect(page.getByLabel("Examination (sets the length)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#confirm-day-error")).toHaveText("Error: Enter the date to see its free times.");
  await expect(page.getByRole("button", { name: "Confirm appointment" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // A Sunday, then Confirm with no time: the day and the time, both at once.
  await date.fill(sunday);
  await page.getByLabel("Examination (sets the length)").selectOption({ label: "Thyroid, 30 minutes" });
  await page.getByRole("button", { name: "Show free times" }).click();
  await freeTimesShown(page, sunday);
  await expect(summary).toHaveCount(0);
  const confirm = page.getByRole("button", { name: "Confirm appointment" });
  await expect(page.locator("form").filter({ has: confirm })).toHaveAttribute("novalidate", "");
  await confirm.click();
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link")).toHaveText([
    "The clinic is closed on Sundays. Choose another day.",
    "Choose a free time or type one.",
  ]);
  await expect(date).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("group", { name: "Start time" })).toHaveAccessibleDescription(
    "Error: Choose a free time or type one.",
  );
  await atDesk("appointment-errors");
  await summary.getByRole("link", { name: "Choose a free time or type one." }).click();
  await expect(page.getByLabel("Or type a time (HH:MM)")).toBeFocused();

  // An open day: a time before opening in the room chosen; the time's error, and what was chosen, kept.
  await date.fill(day);
  await page.getByRole("button", { name: "Show free times" }).click();
  await freeTimesShown(page, day);
  await page.getByLabel("Or type a time (HH:MM)").fill("07:00");
  await page.getByLabel("Room").selectOption("ultrasound-2");
  await confirm.click();
  await expect(summary.getByRole("link")).toHaveText([/the appointment must start and end within those hours/]);
  await expect(page.getByLabel("Or type a time (HH:MM)")).toHaveValue("07:00");
  await expect(page.getByLabel("Room")).toHaveValue("ultrasound-2");
  await summary.getByRole("link").click();
  await expect(page.getByRole("group", { name: "Start time" }).getByRole("radio").first()).toBeFocused();

  // Cancelling without a reason: the reason, by its field.
  await page.getByRole("button", { name: "Cancel appointment" }).click();
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link")).toHaveText(["Give a reason for cancelling."]);
  await expect(page.getByLabel("Reason for cancelling")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
  expect(await db.selectFrom("appointments").select("status").where("id", "=", id).executeTakeFirstOrThrow()).toEqual({
    status: "requested",
  });
});
