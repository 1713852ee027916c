import fs from "node:fs";
import path from "node:path";
import { addDays, formatLongDate } from "../../domain/dates";
import { clinicMinutes } from "../../domain/rooms";
import { addStaff, seedAppointment } from "../helpers/staff";
import { nextOpenWeekday, signInByCookie } from "../helpers/staff-e2e";
import { expectNoAxeViolations } from "./axe";
import { expect, test, type E2eDb } from "./fixtures";
import { hydrated } from "./hydrated";

/** A receptionist's account (the role the front desk has), unique per test. */
async function receptionist({ db }: E2eDb, label: string) {
  return addStaff(db, {
    email: `e2e-reception-${label}-${Date.now().toString(36)}@clinic.example.org`,
    name: `Reception ${label}`,
    role: "reception",
  });
}

test("the receptionist confirms two requests into free times, and sees them in the day and week views", async ({
  page,
  context,
  baseURL,
  e2e,
}, info) => {
  test.setTimeout(120_000);
  const staff = await receptionist(e2e, info.project.name);
  // Far ahead, so no other spec confirms anything on this day.
  const date = nextOpenWeekday(e2e.config, 70);
  const tag = Date.now().toString(36);
  const xray = await seedAppointment(e2e.db, {
    service_name: "x-ray",
    requested_date: date,
    name: "Xola",
    surname: `Ray ${tag}`,
  });
  const dexa = await seedAppointment(e2e.db, {
    service_name: "bone-densitometry-dexa-scan",
    requested_date: date,
    name: "Dineo",
    surname: `Dexa ${tag}`,
  });
  await signInByCookie(context, baseURL!, e2e, staff.id);

  // Confirm each into a free time offered on the day the patient asked for.
  for (const [id, time] of [
    [xray, "10:00"],
    [dexa, "11:30"],
  ] as const) {
    await page.goto(`/staff/appointments/${id}`);
    await hydrated(page);
    await page.getByRole("radio", { name: new RegExp(`^${time}`) }).check();
    await page.getByRole("button", { name: "Confirm appointment" }).click();
    await expect(page.getByText("Appointment confirmed.")).toBeVisible();
  }

  // The day view: from the navigation, then to the day with the date form.
  await page.getByRole("navigation", { name: "Staff console" }).getByRole("link", { name: "Schedule" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Schedule" })).toBeVisible();
  await page.getByLabel("Go to date").fill(date);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByText(`${formatLongDate(date)}: 2 appointments, 0 requests waiting.`)).toBeVisible();
  const day = page.getByRole("table", { name: /by room/ });
  const xrayLink = day.getByRole("link", { name: new RegExp(`Xola Ray ${tag}`) });
  const dexaLink = day.getByRole("link", { name: new RegExp(`Dineo Dexa ${tag}`) });
  await expect(xrayLink).toContainText("10:00–10:30");
  await expect(dexaLink).toContainText("11:30");
  // In their rooms' columns: the cell's column header is the room.
  const columnOf = async (link: typeof xrayLink) =>
    link.evaluate((a) => {
      const cell = a.closest("td")!;
      const row = cell.parentElement!;
      // With row spans, count the columns already taken from above: the link's cell is the first booked one in its row here.
      return [...row.children].indexOf(cell);
    });
  expect(await columnOf(xrayLink)).toBe(1); // after the time: X-ray
  await expect(page.getByRole("columnheader", { name: "Bone densitometry" })).toBeVisible();
  await expectNoAxeViolations(page);

  // Previous and next day, and back.
  await page.getByRole("link", { name: "Next day" }).click();
  await expect(page.getByText(`${formatLongDate(addDays(date, 1))}:`)).toBeVisible();
  await page.getByRole("link", { name: "Previous day" }).click();
  await expect(dexaLink).toBeVisible();

  // The week view shows both, each with its room, and links back to each day.
  await page.getByRole("link", { name: "Week", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Schedule: week" })).toBeVisible();
  const week = page.getByRole("table", { name: /by day/ });
  await expect(week.getByRole("link", { name: new RegExp(`Xola Ray ${tag}`) })).toContainText("X-ray");
  await expect(week.getByRole("link", { name: new RegExp(`Dineo Dexa ${tag}`) })).toContainText("Bone densitometry");
  await expect(week.getByRole("columnheader")).toHaveCount(7); // Time and Monday to Saturday
  await expectNoAxeViolations(page);

  // Today is one click away.
  await page.getByRole("link", { name: "This week" }).click();
  await expect(page.getByText("(this week)")).toBeVisible();
  await page.getByRole("link", { name: "Day", exact: true }).click();
  await page.getByRole("link", { name: "Today" }).click();
  await expect(page.getByText("(today)")).toBeVisible();
});

test("the receptionist prints the day list", async ({ page, context, baseURL, e2e }, info) => {
  test.setTimeout(90_000);
  const staff = await receptionist(e2e, `print-${info.project.name}`);
  const date = nextOpenWeekday(e2e.config, 77);
  const tag = Date.now().toString(36);
  // Confirmed directly, in the two rooms, later one first (the list sorts by time).
  const clinicMinute = (time: string) => clinicMinutes(date, time);
  for (const [name, time, room, service] of [
    [`Later ${tag}`, "14:00", "x-ray", "x-ray"],
    [`Earlier ${tag}`, "08:30", "fluoroscopy", "fluoroscopy"],
  ] as const) {
    await seedAppointment(e2e.db, {
      name,
      surname: "Printed",
      service_name: service,
      status: "confirmed",
      confirmed_date: date,
      confirmed_time: time,
      room,
      starts_at: clinicMinute(time),
      ends_at: clinicMinute(time) + 30,
      payment_method: "pula",
      medical_aid_number: `PULA-${tag}`,
    });
  }
  await signInByCookie(context, baseURL!, e2e, staff.id);
  await page.goto(`/staff/schedule?date=${date}`);
  await hydrated(page);
  await page.getByRole("link", { name: "Print the day list" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Day list for ${formatLongDate(date)}` })).toBeVisible();
  await expect(page.getByRole("button", { name: "Print the day list" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Staff console" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Print the day list" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeHidden();
  const rows = page.getByRole("table", { name: /Day list/ }).getByRole("row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText(`Earlier ${tag} Printed`);
  await expect(rows.nth(1)).toContainText("08:30");
  await expect(rows.nth(2)).toContainText(`Later ${tag} Printed`);
  await expect(rows.nth(2)).toContainText(`PULA-${tag}`);
  await expect(rows.nth(2)).toContainText("PULA Medical Aid");
  // Black on white, and the header row repeats on every page.
  const styles = await page
    .locator(".staff-day-list__table thead")
    .evaluate((el) => [getComputedStyle(el).display, getComputedStyle(el.closest(".staff")!).backgroundColor]);
  expect(styles).toEqual(["table-header-group", "rgb(255, 255, 255)"]);

  const file = path.join("test-results", `day-list-${info.project.name}.pdf`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const pdf = await page.pdf({ path: file, format: "A4", landscape: true, printBackground: true });
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  expect(pdf.length).toBeGreaterThan(5_000);
});
