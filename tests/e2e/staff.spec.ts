import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { e2eDb, e2eSessionCookie, e2eStaff, nextOpenWeekday } from "../helpers/staff-e2e";
import { seedAppointment, seedEnquiry, seedUpload } from "../helpers/staff";

const { db, config } = e2eDb();
test.afterAll(async () => {
  await db.destroy().catch(() => undefined);
});

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/staff/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
}

test("a staff member signs in, confirms a request with its referral PDF, handles an enquiry, exports CSV and signs out", async ({ page }, info) => {
  const staff = await e2eStaff(db, info.project.name);
  const date = nextOpenWeekday(config);
  const reference = `APT-E2E-${info.project.name}-${Date.now().toString(36)}`.toUpperCase();
  const id = await seedAppointment(db, { reference, requested_date: date, name: "Boitumelo", surname: `Tester${info.project.name}`, email: `patient-${info.project.name}@example.org` });
  await seedUpload(db, config.dataDir, { appointmentId: id, displayName: "referral.pdf" });
  const enquiryName = `Enquirer ${info.project.name} ${Date.now().toString(36)}`;
  await seedEnquiry(db, { name: enquiryName });

  await signIn(page, staff.email, staff.password);

  // Find the request by its reference (the search is posted, never put in the address).
  await page.getByRole("link", { name: "Appointments" }).click();
  await page.getByLabel("Search").fill(reference);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Showing 1–1 of 1 appointment.")).toBeVisible();
  expect(page.url()).not.toContain(reference);

  // Two clicks from the list: Confirm, then Confirm appointment (date prefilled from the request).
  await page.getByRole("link", { name: `Confirm ${reference}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Boitumelo Tester${info.project.name}` })).toBeVisible();

  // The referral PDF can be downloaded.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download referral.pdf" }).click()]);
  expect(download.suggestedFilename()).toBe("referral.pdf");
  const pdf = fs.readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");

  await page.getByLabel("Time").fill("10:00");
  await page.getByRole("button", { name: "Confirm appointment" }).click();
  await expect(page.getByText("Appointment confirmed.")).toBeVisible();
  await expect(page.getByText("Confirmed", { exact: true }).first()).toBeVisible();

  // The patient's confirmation e-mail with its calendar file is queued.
  const mail = await db.selectFrom("mail_queue").selectAll().where("to_address", "=", `patient-${info.project.name}@example.org`).orderBy("id", "desc").executeTakeFirstOrThrow();
  const [ics] = JSON.parse(mail.attachments_json) as { content: string }[];
  expect(Buffer.from(ics!.content, "base64").toString()).toContain(`DTSTART:${date.replace(/-/g, "")}T080000Z`);

  // Enquiries: mark one handled.
  await page.getByRole("link", { name: "Enquiries" }).click();
  const row = page.getByRole("row").filter({ hasText: enquiryName });
  await expect(row.getByRole("link", { name: /Reply by e-mail/ })).toHaveAttribute("href", /^mailto:/);
  await expect(row.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+$/);
  await row.getByRole("button", { name: /Mark handled/ }).click();
  await expect(page.getByText("Enquiry marked handled.")).toBeVisible();

  // Export CSV.
  await page.getByRole("link", { name: "Appointments" }).click();
  await page.getByLabel("From", { exact: true }).fill(date);
  await page.getByLabel("To", { exact: true }).fill(date);
  const [csvDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
  expect(csvDownload.suggestedFilename()).toBe(`appointments-${date}-to-${date}.csv`);
  const csv = fs.readFileSync((await csvDownload.path())!, "utf8");
  expect(csv).toContain(reference);
  expect(csv).toContain(`"confirmed"`);

  // Sign out: back at sign-in, and the console is closed.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await page.goto("/staff/appointments");
  await expect(page).toHaveURL(/\/staff\/login$/);

  const actions = (await db.selectFrom("staff_audit").select("action").where("staff_id", "=", staff.id).execute()).map((r) => r.action);
  for (const a of ["sign_in", "appointment_view", "file_download", "status_change", "enquiry_handled", "export_csv", "sign_out"]) expect(actions).toContain(a);
});

test("staff pages redirect to sign-in without a session", async ({ page }) => {
  for (const url of ["/staff", "/staff/appointments", "/staff/appointments/1", "/staff/enquiries", "/staff/audit"]) {
    const response = await page.goto(url);
    await expect(page).toHaveURL(/\/staff\/login$/);
    expect(response?.headers()["cache-control"]).toBe("no-store");
  }
  const api = await page.request.get("/api/staff/appointments/export?from=2026-01-01&to=2026-12-31");
  expect(api.status()).toBe(401);
});

test("the staff pages have no accessibility violations", async ({ page, context, baseURL }, info) => {
  test.setTimeout(180_000); // seven axe runs on a shared machine
  const staff = await e2eStaff(db, `axe-${info.project.name}`);
  const id = await seedAppointment(db, { requested_date: nextOpenWeekday(config) });
  await seedUpload(db, config.dataDir, { appointmentId: id });
  await seedEnquiry(db);

  await page.goto("/staff/login");
  await expectNoViolations(page);
  await page.getByLabel("Email").fill(staff.email);
  await page.getByLabel("Password").fill("wrong password for axe");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expectNoViolations(page);

  const cookie = await e2eSessionCookie(db, config, staff.id);
  await context.addCookies([{ ...cookie, url: baseURL! }]);
  for (const url of ["/staff", "/staff/appointments", `/staff/appointments/${id}`, "/staff/enquiries?status=all", "/staff/audit"]) {
    await page.goto(url);
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
    await expectNoViolations(page);
  }
});

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}
