import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { e2eStaff, nextOpenWeekday, signInByCookie } from "../helpers/staff-e2e";
import { addStaff, seedAppointment, seedEnquiry, seedUpload } from "../helpers/staff";
import { waitForMail } from "../helpers/staff-mail";
import { formatAbbreviatedDate, formatLongDate } from "../../domain/dates";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { hydrated } from "./hydrated";
import { openStaffMenu } from "./staff-menu";

/*
 * The front desk's records and the console on a phone (decision 035): tables that stack, one line
 * of tabs with a menu, the audit log, accounts and patient data. Run at 390 px; the layout is
 * checked again at 1280 px within the test.
 */

const tag = () => crypto.randomBytes(4).toString("hex");
/** Letters only, for a name (a name with digits in it is read as a number). */
const letters = () => [...crypto.randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join("");

/** A Botswana mobile number no other test uses, as a patient would say it, and as stored. */
function mobile(): { spoken: string; e164: string } {
  const digits = `75${String(crypto.randomInt(0, 1_000_000)).padStart(6, "0")}`;
  return { spoken: `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`, e164: `+267${digits}` };
}

/**
 * Nothing on the page reaches past the right edge of the window. The page clips what overflows
 * (overflow-x: clip), so no scroll bar would say so: every visible element's box is measured,
 * except inside a box that scrolls sideways on purpose (the schedule's grid).
 */
async function expectNothingOffToTheRight(page: Page) {
  const off = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const inScroller = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
        if (/auto|scroll/.test(getComputedStyle(p).overflowX)) return true;
      return false;
    };
    return [...document.querySelectorAll(".staff *")]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        if (box.width < 2 || box.height < 2 || box.right <= width + 1) return false;
        for (let a: Element | null = el; a; a = a.parentElement)
          if (a.classList.contains("visually-hidden") || getComputedStyle(a).clipPath !== "none") return false;
        return !inScroller(el);
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${el.textContent?.trim().slice(0, 40)}`);
  });
  expect(off).toEqual([]);
}

/** The header's tabs: how many are shown, and on how many lines. */
async function tabLines(page: Page) {
  const tabs = page.getByRole("navigation", { name: "Staff console" }).getByRole("link");
  const tops = new Set<number>();
  for (const box of await tabs.evaluateAll((links) => links.map((l) => l.getBoundingClientRect().top)))
    tops.add(Math.round(box));
  return { count: await tabs.count(), lines: tops.size };
}

test("at 390 px no table hides its status or action to the right, the header has one line of tabs and a menu, and at 1280 px every page is a tab", async ({
  page,
  context,
  baseURL,
  e2e,
}, info) => {
  test.setTimeout(120_000);
  const { db, config } = e2e;
  const manager = await e2eStaff(db, `phone-${info.project.name}`);
  const id = await seedAppointment(db, {
    reference: `APT-PHONE-${tag().toUpperCase()}`,
    requested_date: nextOpenWeekday(config),
    name: "Onkemetse",
    surname: "Longsurname-Ditshwanelo",
    service_name: "interventional-radiology",
  });
  await seedEnquiry(db, { name: "Phone Enquirer", description: "A long question ".repeat(20) });
  await signInByCookie(context, baseURL!, e2e, manager.id);
  await page.goto(`/staff/appointments/${id}`); // so the audit log has a line about it

  for (const url of [
    "/staff",
    "/staff/appointments",
    "/staff/enquiries?status=all",
    "/staff/audit",
    "/staff/accounts",
  ]) {
    await page.goto(url);
    await hydrated(page);
    await expectNothingOffToTheRight(page);
    expect(await tabLines(page), url).toEqual({ count: 3, lines: 1 });
  }
  // A stacked row says what each cell is: the appointments list's status and its button are on screen.
  await page.goto("/staff/appointments");
  const row = page.getByRole("row").filter({ hasText: "Longsurname-Ditshwanelo" });
  await row.scrollIntoViewIfNeeded();
  await expect(row.locator('[data-label="Status"]')).toBeInViewport();
  await expect(row.getByRole("link", { name: /^(Confirm|Open) APT-PHONE-/ })).toBeInViewport();
  // Each cell holds its column's words, even those of two lines ("Requested date"): none runs into the next cell.
  const overflowing = await row
    .locator("[data-label]:not([data-label=''])")
    .evaluateAll((cells) =>
      cells.filter((cell) => cell.scrollHeight > cell.clientHeight).map((cell) => cell.getAttribute("data-label")),
    );
  expect(overflowing).toEqual([]);

  // The menu holds the other pages, the password and sign-out, and closes once a page is chosen.
  await openStaffMenu(page);
  const menu = page.locator("details.staff-menu");
  for (const name of [
    "Enquiries",
    "Audit log",
    "Patient data",
    "Closures",
    "Staff accounts",
    "System",
    "Change password",
  ])
    await expect(menu.getByRole("link", { name })).toBeVisible();
  await expect(menu.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expectNoAxeViolations(page);
  await menu.getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  await expect(menu).not.toHaveAttribute("open");

  // Without JavaScript the menu opens all the same (a <details>).
  const plain = await page
    .context()
    .browser()!
    .newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  await signInByCookie(plain, baseURL!, e2e, manager.id);
  const noScript = await plain.newPage();
  await noScript.goto("/staff");
  await noScript.locator("details.staff-menu summary").click();
  await noScript.getByRole("link", { name: "Patient data" }).click();
  await expect(noScript.getByRole("heading", { level: 1, name: "Patient data" })).toBeVisible();
  await plain.close();

  // At 1280 px: every page a tab, on one line; no menu; the tables keep their columns.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/staff/appointments");
  await hydrated(page);
  // Every page a manager has; "Studies to link" only where ORTHANC_URL is set, which this server has not.
  expect(await tabLines(page)).toEqual({ count: 9, lines: 1 });
  await expect(page.locator("details.staff-menu")).toBeHidden();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Status" })).toBeVisible();
  await expectNothingOffToTheRight(page);
  await expectNoAxeViolations(page);
});

test("the audit log names who, what, to whom and when: one line for repeated views, the reference linked, filtered by person, action and day", async ({
  page,
  context,
  baseURL,
  e2e,
}, info) => {
  test.setTimeout(90_000);
  const { db } = e2e;
  const manager = await e2eStaff(db, `audit-${info.project.name}`);
  const viewer = await addStaff(db, { email: `viewer-${tag()}@clinic.example.org`, name: `Viewer ${tag()}` });
  const reference = `APT-AUDIT-${tag().toUpperCase()}`;
  const id = await seedAppointment(db, { reference });
  await signInByCookie(context, baseURL!, e2e, viewer.id);
  for (let i = 0; i < 3; i++) await page.goto(`/staff/appointments/${id}`);
  await context.clearCookies();
  await signInByCookie(context, baseURL!, e2e, manager.id);

  await page.goto("/staff/audit");
  await hydrated(page);
  await page.getByLabel("Staff member").selectOption({ label: `${viewer.name} (${viewer.email})` });
  await page.getByLabel("Action").selectOption({ label: "Viewed appointment" });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`person=${viewer.id}&action=appointment_view`));
  const lines = page.getByRole("region", { name: "Audit log table" }).getByRole("row");
  await expect(lines).toHaveCount(2); // the headings and one line for three views
  await expect(lines.nth(1)).toContainText(viewer.name);
  await expectNoAxeViolations(page);
  await lines.nth(1).getByRole("link", { name: reference }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/appointments/${id}$`));

  // A wrong filter: the console's error summary, focused, each error by its field.
  await page.goto("/staff/audit?from=31/02/2026&to=2026-01-01");
  await hydrated(page);
  await expect(page.locator(".error-summary")).toBeFocused();
  await expect(page.locator("#audit-from-error")).toContainText("Enter the first day as a date");
  await expect(page.getByText("Correct the filter to see the log.")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("accounts: every error at once in the console's summary, the form cleared once sent, an invitation sent again, a role changed after a confirm step", async ({
  page,
  context,
  baseURL,
  e2e,
}, info) => {
  test.setTimeout(120_000);
  const { db } = e2e;
  const manager = await e2eStaff(db, `accounts-${info.project.name}`);
  const colleague = await addStaff(db, {
    email: `colleague-${tag()}@clinic.example.org`,
    name: `Colleague ${tag()}`,
    role: "reception",
  });
  await signInByCookie(context, baseURL!, e2e, manager.id);
  await page.goto("/staff/accounts");
  await hydrated(page);

  // Nothing typed: no browser bubble, the console's summary with both fields, focused.
  await page.getByRole("button", { name: "Send invitation" }).click();
  const summary = page.locator(".error-summary");
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link")).toHaveText([
    "Enter a name of 1 to 120 characters.",
    "Enter a valid e-mail address.",
  ]);
  await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
  await summary.getByRole("link", { name: "Enter a valid e-mail address." }).click();
  await expect(page.getByLabel("E-mail")).toBeFocused();

  const email = `invitee-${tag()}@clinic.example.org`;
  await page.getByLabel("Name", { exact: true }).fill("Invitee Twice");
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status")).toContainText(`Invitation sent to ${email}.`);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("E-mail")).toHaveValue("");

  await page.getByRole("button", { name: "Send again to Invitee Twice" }).click();
  await expect(page.getByRole("status")).toContainText("is sent again, with a new link");
  // Two e-mails, each with its own link: only the second one's works.
  const sent = await db
    .selectFrom("mail_queue")
    .select("text_body")
    .where("to_address", "=", email)
    .orderBy("id")
    .execute();
  expect(sent).toHaveLength(2);
  const links = sent.map((m) => /\/staff\/invite\?token=[\w-]+/.exec(m.text_body)![0]);
  expect(links[0]).not.toBe(links[1]);
  expect((await page.request.get(links[0]!)).status()).toBe(404);
  expect((await page.request.get(links[1]!)).status()).toBe(200);

  // A role change asks first, saying what the role may do.
  const row = page.getByRole("row").filter({ hasText: colleague.email });
  await row.getByLabel(`Role of ${colleague.name}`).selectOption("manager");
  await row.getByRole("button", { name: `Change the role of ${colleague.name}` }).click();
  const step = page.getByRole("heading", { name: `Make ${colleague.name} manager?` });
  await expect(step).toBeFocused();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Yes, make them manager" }).click();
  await expect(page.getByRole("status")).toContainText(`${colleague.name} is now manager.`);
  await expectNothingOffToTheRight(page);
});

test("patient data: a patient found by their phone number, shown with name and date of birth; erasing an upcoming appointment tells them it is cancelled", async ({
  page,
  context,
  baseURL,
  e2e,
}, info) => {
  test.setTimeout(120_000);
  const { db, config } = e2e;
  const manager = await e2eStaff(db, `erase-${info.project.name}`);
  const phone = mobile();
  const email = `upcoming-${tag()}@example.org`;
  const reference = `APT-UPCOMING-${tag().toUpperCase()}`;
  const day = nextOpenWeekday(config, 10);
  await seedAppointment(db, {
    reference,
    email,
    phone: phone.e164,
    name: "Kelebogile",
    surname: `Upcoming ${info.project.name}`,
    dob: "1991-07-19",
    status: "confirmed",
    requested_date: day,
    confirmed_date: day,
    confirmed_time: "11:15",
  });
  await signInByCookie(context, baseURL!, e2e, manager.id);
  await page.goto("/staff/patient-data");
  await hydrated(page);
  await page.getByLabel("Name, phone, ID number, reference or e-mail").fill(phone.spoken);
  await page.getByRole("button", { name: "Find patient" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Who this is" })).toBeFocused();
  await expect(page.locator(".staff-rights__who")).toContainText(`Kelebogile Upcoming ${info.project.name}`);
  await expect(page.locator(".staff-rights__who")).toContainText(`Born ${formatAbbreviatedDate("1991-07-19")}`);
  await expect(page.getByRole("region", { name: "Records found" })).toContainText("Confirmed");
  await expect(page.getByText(`${reference} is still to come.`)).toBeVisible();
  await expectNothingOffToTheRight(page);
  await expectNoAxeViolations(page);

  await page.getByLabel(`Type ${email} to confirm`).fill(email);
  await page.getByRole("button", { name: "Erase this patient permanently" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Patient erased" })).toBeFocused();
  await expect(page.getByText("Their upcoming appointment is cancelled")).toBeVisible();

  const mail = await waitForMail(
    process.env.E2E_MAIL_DIR!,
    (m) => (m.headers.to ?? "").includes(email) && (m.headers.subject ?? "").includes(reference),
    60_000,
  );
  const text = mail.parts.find((p) => p.contentType === "text/plain")!.body;
  expect(text).toContain(`on ${formatLongDate(day)} at 11:15 (Botswana time), is cancelled.`);
  expect(text).not.toContain("Kelebogile");
  // Once sent, the queued notice keeps neither the address nor the text.
  await expect
    .poll(
      async () =>
        (
          await db
            .selectFrom("mail_queue")
            .select(["to_address", "status"])
            .where("forget_after_send", "=", 1)
            .where("subject", "=", "")
            .where("status", "=", "sent")
            .execute()
        ).length,
    )
    .toBeGreaterThan(0);
  expect(
    await db
      .selectFrom("mail_queue")
      .select("id")
      .where("to_address", "=", email)
      .where("status", "=", "sent")
      .execute(),
  ).toEqual([]);
});

test("every console page has no accessibility violations at 390 px, the refusal page keeps the navigation", async ({
  page,
  context,
  baseURL,
  e2e,
}, info) => {
  test.setTimeout(240_000);
  const { db, config } = e2e;
  const manager = await e2eStaff(db, `axe-desk-${info.project.name}`);
  const date = nextOpenWeekday(config);
  const id = await seedAppointment(db, { requested_date: date, name: "Axe", surname: `Patient ${tag()}` });
  await seedUpload(db, config.dataDir, { appointmentId: id });
  const shared = `Shared-${letters()}`;
  await seedAppointment(db, { name: "Same", surname: shared, email: `one-${tag()}@example.org` });
  await seedAppointment(db, { name: "Same", surname: shared, email: `two-${tag()}@example.org` });
  await seedEnquiry(db);
  await signInByCookie(context, baseURL!, e2e, manager.id);

  for (const url of [
    "/staff",
    "/staff/appointments",
    "/staff/appointments?export=1&export-from=nope&export-to=2026-01-01",
    `/staff/appointments/${id}`,
    `/staff/schedule?date=${date}`,
    `/staff/schedule/week?date=${date}`,
    `/staff/schedule/print?date=${date}`,
    "/staff/enquiries?status=all",
    "/staff/audit",
    "/staff/patient-data",
    "/staff/closures",
    "/staff/accounts",
    "/staff/password",
  ]) {
    await page.goto(url);
    await hydrated(page);
    await expectNoAxeViolations(page);
  }
  // The password form's errors, all at once.
  await page.goto("/staff/password");
  await hydrated(page);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.locator(".error-summary").getByRole("link")).toHaveCount(3);
  await expectNoAxeViolations(page);
  // Several people for one name: the list to choose from.
  await page.goto("/staff/patient-data");
  await hydrated(page);
  await page.getByLabel("Name, phone, ID number, reference or e-mail").fill(`Same ${shared}`);
  await page.getByRole("button", { name: "Find patient" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "2 people match" })).toBeFocused();
  await expectNothingOffToTheRight(page);
  await expectNoAxeViolations(page);

  // Reception on a manager's page: refused, with the console's header and tabs kept.
  const reception = await addStaff(db, { email: `desk-${tag()}@clinic.example.org`, name: "Desk", role: "reception" });
  await context.clearCookies();
  await signInByCookie(context, baseURL!, e2e, reception.id);
  const refused = await page.goto("/staff/audit");
  expect(refused?.status()).toBe(403);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Request refused" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Staff console" });
  await expect(nav.getByRole("link", { name: "Appointments" })).toBeVisible();
  await openStaffMenu(page);
  await expect(page.locator("details.staff-menu").getByRole("link", { name: "Enquiries" })).toBeVisible();
  await expect(page.locator("details.staff-menu").getByRole("link", { name: "Audit log" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The sign-in pages: the summary with both fields' errors.
  await context.clearCookies();
  await page.goto("/staff/login");
  await hydrated(page);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator(".error-summary").getByRole("link")).toHaveText([
    "Enter your email address.",
    "Enter your password.",
  ]);
  await expectNoAxeViolations(page);
});

test("the console's menu, opened on a phone before the page's script has run, stays open once it has", async ({
  page,
  context,
  baseURL,
  e2e,
}, info) => {
  test.skip(info.project.name !== "mobile", "the menu is shown on a phone");
  const staff = await e2eStaff(e2e.db, `menu-early-${info.project.name}`);
  await signInByCookie(context, baseURL!, e2e, staff.id);
  // Hold the page's scripts, so the tap lands on the server's HTML, as on a slow connection.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/staff", { waitUntil: "domcontentloaded" });
  const menu = page.locator("details.staff-menu");
  await menu.locator("summary").click();
  await expect(menu).toHaveAttribute("open", "");
  release();
  await hydrated(page);
  await expect(menu).toHaveAttribute("open", "");
  await expect(menu.getByRole("button", { name: "Sign out" })).toBeVisible();
});
