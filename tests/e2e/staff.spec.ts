import crypto from "node:crypto";
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { e2eStaff, freshTotpCode, nextOpenWeekday, signInByCookie } from "../helpers/staff-e2e";
import { totpCode } from "../../server/staff/second-factor";
import { addStaff, PDF_BYTES, seedAppointment, seedEnquiry, seedUpload } from "../helpers/staff";
import { enqueueMessage } from "../../server/texts/index";
import { waitForMail } from "../helpers/staff-mail";
import { expectNoAxeViolations as expectNoViolations } from "./axe";
import { expect, test, type E2eDb } from "./fixtures";
import { hydrated } from "./hydrated";
import { openStaffMenu } from "./staff-menu";
import { formatAbbreviatedDate, formatLongDate, formatShortDate } from "../../domain/dates";
import { MANAGER_ONLY_MESSAGE } from "../../domain/staff-roles";
import { MARKUP, NO_DATABASE } from "./tags";

/** Signs in through the forms: password, then a code from the account's authenticator secret. */
async function signIn(
  page: Page,
  { db }: E2eDb,
  staff: { id: number; email: string; password: string; totpSecret: string | null },
) {
  await page.goto("/staff/login");
  await page.getByLabel("Email").fill(staff.email);
  await page.getByLabel("Password").fill(staff.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Enter your code" })).toBeVisible();
  await page.getByLabel("Code").fill(await freshTotpCode(db, staff.id, staff.totpSecret!));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
}

test("a staff member signs in, finds a booking made through the public API, downloads its PDF, confirms it (the patient gets an e-mail with an .ics), handles an enquiry, exports CSV and signs out", async ({
  page,
  e2e,
}, info) => {
  test.setTimeout(120_000);
  const { db, config } = e2e;
  const staff = await e2eStaff(db, info.project.name);
  const date = nextOpenWeekday(config);
  const tag = `${info.project.name}-${Date.now().toString(36)}`;
  const patientEmail = `patient-${tag}@example.org`;

  // Book as the public form does: upload the referral, then send the request.
  const upload = await page.request.post("/api/cloudinary/upload/referrals_forms", {
    multipart: { file: { name: "referral.pdf", mimeType: "application/pdf", buffer: PDF_BYTES } },
  });
  expect(upload.status()).toBe(201);
  const file = (await upload.json()).data as { url: string; publicId: string; fileName: string };
  expect(file.url).toBe(`/api/staff/uploads/${file.publicId}`);
  const booking = await page.request.post("/api/appointment/public/appointments", {
    data: {
      name: "Boitumelo",
      surname: `Tester ${info.project.name}`,
      dob: "1985-06-15",
      phoneNumber: "71234567",
      alternateNumber: "72345678",
      email: patientEmail,
      gender: "Female",
      service: { name: "Ultrasound Imaging", paymentMethod: "cash" },
      notes: "Upper abdominal pain.",
      appointmentDate: date,
      appointmentTime: "09:12",
      referralForms: [{ url: file.url, publicId: file.publicId, name: file.fileName }],
      idPassportNumber: "987654321",
    },
  });
  expect(booking.status(), await booking.text()).toBe(201);
  const reference = ((await booking.json()).data as { reference: string }).reference;
  // The upload is staff-only: without a session it is refused.
  expect((await page.request.get(file.url)).status()).toBe(401);

  const enquiry = await page.request.post("/api/contact-enquire/public/create", {
    data: {
      name: `Enquirer ${tag}`,
      phoneNumber: "71234567",
      email: `enquirer-${tag}@example.org`,
      description: "Do you scan on Saturdays?",
    },
  });
  expect(enquiry.status(), await enquiry.text()).toBeLessThan(300);

  await signIn(page, e2e, staff);

  // Find the request by its reference (the search is posted, never put in the address).
  await page.getByRole("link", { name: "Appointments" }).click();
  await page.getByLabel("Search").fill(reference);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Showing 1–1 of 1 appointment.")).toBeVisible();
  expect(page.url()).not.toContain(reference);

  // From the list: Confirm, then the day (prefilled from the request), the examination and a free time.
  await page.getByRole("link", { name: `Confirm ${reference}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Boitumelo Tester ${info.project.name}` })).toBeVisible();

  // The referral PDF can be downloaded.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: /^Download referral/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^referral.*\.pdf$/);
  const pdf = fs.readFileSync((await download.path())!);
  expect(pdf.equals(PDF_BYTES)).toBe(true);

  // An ultrasound: the examination sets the length, then a free start time in a room that serves it.
  await page.getByLabel("Examination (sets the length)").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Show free times" }).click();
  await page.getByRole("radio", { name: /^10:00/ }).check();
  await page.getByRole("button", { name: "Confirm appointment" }).click();
  await expect(page.getByText("Appointment confirmed.")).toBeVisible();

  // The patient's confirmation e-mail reaches the test SMTP server with a valid calendar file.
  const mail = await waitForMail(
    process.env.E2E_MAIL_DIR!,
    (m) => (m.headers.to ?? "").includes(patientEmail) && /Appointment confirmed/.test(m.headers.subject ?? ""),
    60_000,
  );
  const text = mail.parts.find((p) => p.contentType === "text/plain")!.body;
  expect(text).toContain("at 10:00");
  expect(text).toContain(reference);
  const ics = mail.parts.find((p) => p.contentType === "text/calendar");
  expect(ics?.filename).toBe("appointment.ics");
  const lines = ics!.body.split("\r\n");
  expect(ics!.body.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/); // CRLF only
  for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  const unfolded = ics!.body.replace(/\r\n /g, "");
  expect(unfolded).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\nPRODID:/);
  expect(unfolded).toMatch(/BEGIN:VEVENT\r\n[\s\S]*END:VEVENT\r\nEND:VCALENDAR\r\n$/);
  expect(unfolded).toContain(`UID:appointment-${reference}@`);
  expect(unfolded).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
  expect(unfolded).toContain(`\r\nDTSTART:${date.replace(/-/g, "")}T080000Z\r\n`); // 10:00 in Gaborone
  expect(unfolded).toMatch(/\r\nDTEND:\d{8}T\d{6}Z\r\n/);
  expect(unfolded).toContain("\r\nSUMMARY:Ultrasound Imaging at ");
  expect(unfolded).toMatch(/\r\nLOCATION:.+\r\n/);

  // Enquiries: mark the one just sent handled.
  await openStaffMenu(page);
  await page.getByRole("link", { name: "Enquiries" }).click();
  const row = page.getByRole("row").filter({ hasText: `Enquirer ${tag}` });
  await expect(row.getByRole("link", { name: /Reply by e-mail/ })).toHaveAttribute(
    "href",
    new RegExp(`^mailto:enquirer-${tag}@example\\.org`),
  );
  await expect(row.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+$/);
  await row.getByRole("button", { name: /Mark handled/ }).click();
  await expect(page.getByText("Enquiry marked handled.")).toBeVisible();

  // Export CSV.
  await page.getByRole("link", { name: "Appointments" }).click();
  await page.getByLabel("From", { exact: true }).fill(date);
  await page.getByLabel("To", { exact: true }).fill(date);
  const [csvDownload] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  expect(csvDownload.suggestedFilename()).toBe(`appointments-${date}-to-${date}.csv`);
  const csv = fs.readFileSync((await csvDownload.path())!, "utf8");
  expect(csv).toContain(reference);
  expect(csv).toContain(`"Confirmed"`);

  // Sign out: back at sign-in, and the console is closed.
  await openStaffMenu(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await page.goto("/staff/appointments");
  await expect(page).toHaveURL(/\/staff\/login$/);

  const actions = (await db.selectFrom("staff_audit").select("action").where("staff_id", "=", staff.id).execute()).map(
    (r) => r.action,
  );
  for (const a of [
    "sign_in",
    "appointment_view",
    "file_download",
    "status_change",
    "enquiry_handled",
    "export_csv",
    "sign_out",
  ])
    expect(actions).toContain(a);
});

test("staff pages redirect to sign-in without a session", NO_DATABASE, async ({ page }) => {
  for (const url of ["/staff", "/staff/appointments", "/staff/appointments/1", "/staff/enquiries", "/staff/audit"]) {
    const response = await page.goto(url);
    await expect(page).toHaveURL(/\/staff\/login$/);
    expect(response?.headers()["cache-control"]).toBe("no-store");
  }
  const api = await page.request.get("/api/staff/appointments/export?from=2026-01-01&to=2026-12-31");
  expect(api.status()).toBe(401);
});

test("the staff pages have no accessibility violations", MARKUP, async ({ page, context, baseURL, e2e }, info) => {
  test.setTimeout(180_000); // eight axe runs on a shared machine
  const { db, config } = e2e;
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

  await signInByCookie(context, baseURL!, e2e, staff.id);
  for (const url of [
    "/staff",
    "/staff/appointments",
    `/staff/appointments/${id}`,
    "/staff/enquiries?status=all",
    "/staff/audit",
    "/staff/system",
    "/staff/password",
  ]) {
    await page.goto(url);
    await expect(page.getByRole("navigation", { name: "Staff console" })).toBeVisible();
    await expectNoViolations(page);
  }
});

test("a new staff member sets up two-step sign-in in the browser, saves recovery codes, signs in again with a code, and changes the password", async ({
  page,
  e2e,
}, info) => {
  test.setTimeout(180_000);
  const { db } = e2e;
  const staff = await e2eStaff(db, `enrol-${info.project.name}`, { enrolled: false });

  await page.goto("/staff/login");
  await page.getByLabel("Email").fill(staff.email);
  await page.getByLabel("Password").fill(staff.password);
  await page.getByRole("button", { name: "Sign in" }).click();

  // Enrolment: a QR code drawn by our server (inline SVG) and the key as text.
  await expect(page.getByRole("heading", { level: 1, name: "Set up two-step sign-in" })).toBeVisible();
  await expect(page.getByRole("img", { name: /QR code/ }).locator("svg")).toBeVisible();
  const code = page.getByLabel("Code from the app");
  await expect(code).toHaveAttribute("autocomplete", "one-time-code");
  await expect(code).toHaveAttribute("inputmode", "numeric");
  await expectNoViolations(page);
  // Half signed in: the console stays closed.
  const closed = await page.request.get("/api/staff/session");
  expect(closed.status()).toBe(401);
  const secret = (await page.locator(".staff-secret code").innerText()).replace(/\s+/g, "");
  await code.fill("000000");
  await page.getByRole("button", { name: "Confirm and sign in" }).click();
  await expect(page.getByRole("alert")).toContainText("That code is not right.");
  await expectNoViolations(page);
  await page.getByLabel("Code from the app").fill(totpCode(secret));
  await page.getByRole("button", { name: "Confirm and sign in" }).click();

  // Recovery codes, shown once.
  await expect(page.getByRole("heading", { level: 1, name: "Save your recovery codes" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await expectNoViolations(page);
  await page.getByRole("link", { name: /open the console/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();

  // Sign out, then in again: this time the code page.
  await openStaffMenu(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.getByLabel("Email").fill(staff.email);
  await page.getByLabel("Password").fill(staff.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Enter your code" })).toBeVisible();
  await expectNoViolations(page);
  await page.getByLabel("Code").fill(await freshTotpCode(db, staff.id, secret));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();

  // Change password, linked from the header: a weak one is refused with the reason.
  await openStaffMenu(page);
  await page.getByRole("link", { name: "Change password" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Change password" })).toBeVisible();
  await page.getByLabel("Current password").fill(staff.password);
  await page.getByLabel("New password", { exact: true }).fill("password1234");
  await page.getByLabel("New password again").fill("password1234");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("alert")).toContainText("This password is too weak");
  await expectNoViolations(page);
  await page.getByLabel("Current password").fill(staff.password);
  await page.getByLabel("New password", { exact: true }).fill("plover kettle amber window");
  await page.getByLabel("New password again").fill("plover kettle amber window");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status")).toContainText("Your password is changed.");

  const actions = (await db.selectFrom("staff_audit").select("action").where("staff_id", "=", staff.id).execute()).map(
    (r) => r.action,
  );
  for (const a of ["mfa_enrolled", "sign_in", "sign_out", "password_changed"]) expect(actions).toContain(a);
});

test("a manager invites a receptionist by e-mail, who accepts, sets up two-step sign-in, sees only reception's pages, is refused on the manager pages, is disabled after a confirm step and enabled again after another", async ({
  page,
  browser,
  baseURL,
  e2e,
}, info) => {
  test.setTimeout(180_000);
  const { db } = e2e;
  const manager = await e2eStaff(db, `manager-${info.project.name}`);
  await signInByCookie(page.context(), baseURL!, e2e, manager.id);
  const email = `e2e-invited-${info.project.name}-${Date.now()}@clinic.example.org`;

  await page.goto("/staff/accounts");
  await hydrated(page);
  await expectNoViolations(page);
  await page.getByLabel("Name").fill("Invited Receptionist");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption("reception");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status")).toContainText(`Invitation sent to ${email}.`);
  await expect(page.getByText(`Invited Receptionist (${email})`)).toBeVisible();

  // The invitee's own browser opens the link from the e-mail.
  const mail = await waitForMail(process.env.E2E_MAIL_DIR!, (m) => (m.headers.to ?? "").includes(email), 60_000);
  const text = mail.parts.find((p) => p.contentType === "text/plain")!.body;
  const link = /http\S+\/staff\/invite\?token=[\w-]+/.exec(text)?.[0];
  expect(link).toBeTruthy();
  const invitee = await browser.newContext({ baseURL });
  const tab = await invitee.newPage();
  await tab.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(tab.getByRole("heading", { level: 1, name: "Choose your password" })).toBeVisible();
  await expectNoViolations(tab);
  await tab.getByLabel("New password", { exact: true }).fill("a long new reception password");
  await tab.getByLabel("New password again").fill("a long new reception password");
  await tab.getByRole("button", { name: "Save and continue" }).click();

  await expect(tab.getByRole("heading", { level: 1, name: "Set up two-step sign-in" })).toBeVisible();
  const secret = (await tab.locator(".staff-secret code").innerText()).replace(/\s+/g, "");
  await tab.getByLabel("Code from the app").fill(totpCode(secret));
  await tab.getByRole("button", { name: "Confirm and sign in" }).click();
  await expect(tab.getByRole("heading", { level: 1, name: "Save your recovery codes" })).toBeVisible();
  await tab.getByRole("link", { name: /open the console/ }).click();
  await expect(tab.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  const nav = tab.getByRole("navigation", { name: "Staff console" });
  await expect(nav.getByRole("link", { name: "Appointments" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Audit log" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Staff accounts" })).toHaveCount(0);
  // Refused on every manager page, in the browser, with the reason.
  for (const path of ["/staff/accounts", "/staff/closures", "/staff/audit", "/staff/patient-data", "/staff/system"]) {
    const refused = await tab.goto(path);
    expect(refused?.status(), path).toBe(403);
    await expect(tab.getByText(MANAGER_ONLY_MESSAGE)).toBeVisible();
    // The refusal keeps the console's header and its tabs.
    await expect(
      tab.getByRole("navigation", { name: "Staff console" }).getByRole("link", { name: "Schedule" }),
    ).toBeVisible();
  }
  const csv = await tab.request.get("/api/staff/appointments/export?from=2026-01-01&to=2026-12-31");
  expect(csv.status()).toBe(403);

  // The link worked once.
  await tab.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(tab.getByRole("heading", { level: 1, name: "Invitation not valid" })).toBeVisible();
  await invitee.close();

  // The manager disables the account after a confirm step, which takes the focus.
  await page.goto("/staff/accounts");
  await hydrated(page);
  await page.getByRole("button", { name: "Disable Invited Receptionist" }).click();
  await expect(page.getByRole("heading", { name: "Disable Invited Receptionist's account?" })).toBeFocused();
  await expectNoViolations(page);
  await page.getByRole("button", { name: "Yes, disable the account" }).click();
  await expect(page.getByRole("status")).toContainText("Invited Receptionist's account is disabled and signed out.");

  // And enables it again after a confirm step.
  await page.getByRole("button", { name: "Enable Invited Receptionist" }).click();
  const enableStep = page.getByRole("heading", { name: "Enable Invited Receptionist's account?" });
  await expect(enableStep).toBeFocused();
  await expect(enableStep).toBeInViewport();
  await expectNoViolations(page);
  await page.getByRole("button", { name: "Yes, enable the account" }).click();
  await expect(page.getByRole("status")).toContainText(
    "Invited Receptionist's account is enabled: they can sign in again.",
  );
  await expect(page.getByRole("button", { name: "Disable Invited Receptionist" })).toBeVisible();
});

test("a manager withdraws a pending invitation after a confirm step, and its link stops working", async ({
  page,
  browser,
  baseURL,
  e2e,
}, info) => {
  test.setTimeout(120_000);
  const manager = await e2eStaff(e2e.db, `withdraw-${info.project.name}`);
  await signInByCookie(page.context(), baseURL!, e2e, manager.id);
  const email = `e2e-withdrawn-${info.project.name}-${Date.now()}@clinic.example.org`;

  await page.goto("/staff/accounts");
  await hydrated(page);
  await page.getByLabel("Name").fill("Withdrawn Invitee");
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status")).toContainText(`Invitation sent to ${email}.`);
  const mail = await waitForMail(process.env.E2E_MAIL_DIR!, (m) => (m.headers.to ?? "").includes(email), 60_000);
  const link = /http\S+\/staff\/invite\?token=[\w-]+/.exec(
    mail.parts.find((p) => p.contentType === "text/plain")!.body,
  )?.[0];
  expect(link).toBeTruthy();

  await page.getByRole("button", { name: "Withdraw the invitation to Withdrawn Invitee" }).click();
  const step = page.getByRole("heading", { name: `Withdraw the invitation to Withdrawn Invitee (${email})?` });
  await expect(step).toBeFocused();
  await expect(step).toBeInViewport();
  await expectNoViolations(page);
  await page.getByRole("button", { name: "Yes, withdraw the invitation" }).click();
  await expect(page.getByRole("status")).toContainText(
    `The invitation to Withdrawn Invitee (${email}) is withdrawn: its link no longer works.`,
  );
  await expect(page.getByRole("status")).toBeInViewport();
  await expect(page.getByRole("listitem").filter({ hasText: email })).toHaveCount(0);

  const invitee = await browser.newContext({ baseURL });
  const tab = await invitee.newPage();
  const opened = await tab.goto(new URL(link!).pathname + new URL(link!).search);
  expect(opened?.status()).toBe(404);
  await expect(tab.getByRole("heading", { level: 1, name: "Invitation not valid" })).toBeVisible();
  await invitee.close();
});

test("a manager adds a closure, and the public booking page refuses that day at once", async ({
  page,
  baseURL,
  e2e,
}, info) => {
  test.skip(info.project.name !== "mobile", "one width");
  test.setTimeout(120_000);
  const { db, config } = e2e;
  const manager = await e2eStaff(db, `closures-${info.project.name}`);
  await signInByCookie(page.context(), baseURL!, e2e, manager.id);
  // Far ahead, so no other test books or confirms on it.
  const day = nextOpenWeekday(config, 61);

  await page.goto("/staff/closures");
  await hydrated(page);
  await expectNoViolations(page);
  await page.getByLabel("First closed day").fill(day);
  await page.getByLabel("Reason patients see").fill("Closed for staff training");
  await page.getByRole("button", { name: "Add closure" }).click();
  await expect(page.getByRole("status")).toContainText("The clinic is now closed on");
  await expect(page.getByRole("definition").filter({ hasText: "Closed for staff training" })).toBeVisible();

  // The public page, prerendered before the closure, learns of it from the calendar endpoint.
  await page.goto("/book-appointment");
  await hydrated(page);
  await page.getByLabel("Preferred date").fill(formatShortDate(day));
  await page.getByRole("button", { name: "Request appointment" }).click();
  await expect(page.locator("#appointmentDate-error")).toContainText(`The clinic is closed on ${formatLongDate(day)}`);
  // The server refuses it too, with the reason.
  const refused = await page.request.post("/api/appointment/public/appointments", {
    data: {
      name: "Kagiso",
      surname: "Molefhe",
      dob: "1984-03-12",
      phoneNumber: "71234567",
      alternateNumber: "+27821234567",
      email: "kagiso.closure@example.net",
      gender: "Female",
      service: { name: "X-ray Imaging", paymentMethod: "cash" },
      medicalAidNumber: "",
      notes: "",
      appointmentDate: day,
      appointmentTime: "10:15",
      referralForms: [],
      idPassportNumber: "123456789",
    },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain("Closed for staff training");
});

test(
  "the console's dates read day, month, year in an American-English browser: fields show and take DD/MM/YYYY, lists write Wed 9 Dec 2026",
  MARKUP,
  async ({ browser, baseURL, e2e }, info) => {
    test.setTimeout(90_000);
    // The browser's own date control would show 12/09/2026 here for 9 December.
    const context = await browser.newContext({ locale: "en-US", viewport: { width: 390, height: 844 } });
    try {
      const manager = await e2eStaff(e2e.db, `dates-${info.project.name}`);
      await signInByCookie(context, baseURL!, e2e, manager.id);
      const page = await context.newPage();
      const day = nextOpenWeekday(e2e.config, 147);
      const reference = `APT-DATES-${Date.now().toString(36)}`.toUpperCase();
      await seedAppointment(e2e.db, { requested_date: day, reference, surname: "Daywise" });

      await page.goto("/staff/appointments");
      await hydrated(page);
      const from = page.getByLabel("Requested from");
      await expect(from).toHaveAttribute("type", "text");
      await expect(from).toHaveAccessibleDescription("Day/month/year, e.g. 09/12/2026");
      await from.fill(formatShortDate(day));
      await page.getByLabel("Requested to").fill(formatShortDate(day));
      await page.getByRole("button", { name: "Apply" }).click();
      const row = page.getByRole("row", { name: new RegExp(reference) });
      await expect(row).toBeVisible();
      await expect(row).toContainText(formatAbbreviatedDate(day));
      // Received: the day first, then the time.
      await expect(row.locator("td").first()).toHaveText(/^[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}$/);
      await expect(page.getByLabel("Requested from")).toHaveValue(formatShortDate(day));
      // The export's range, as the page offers it: day first.
      await expect(page.getByLabel("From", { exact: true })).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
      await expect(page.locator('main input[type="date"]')).toHaveCount(0);
      await expectNoViolations(page);

      // The schedule's "Go to date", typed day first.
      await page.goto("/staff/schedule");
      await hydrated(page);
      await page.getByLabel("Go to date").fill(formatShortDate(day));
      await page.getByRole("button", { name: "Show" }).click();
      await expect(page.getByText(new RegExp(`^${formatLongDate(day)}:`))).toBeVisible();
      await expect(page.getByLabel("Go to date")).toHaveValue(formatShortDate(day));
    } finally {
      await context.close();
    }
  },
);

test("reception controls the patient's texts from the appointment's page: sees each as it was sent, stops them, and sends one again", async ({
  page,
  context,
  baseURL,
  e2e,
}, info) => {
  test.setTimeout(120_000);
  const { db, config } = e2e;
  const reception = await addStaff(db, {
    role: "reception",
    email: `e2e-texts-${crypto.randomUUID()}@clinic.example.org`,
  });
  const id = await seedAppointment(db, { requested_date: nextOpenWeekday(config), phone: "+26771000161" });
  const { reference } = await db
    .selectFrom("appointments")
    .select("reference")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  const body = `Example Imaging: ${reference} received. We will contact you. ${info.project.name}`;
  const sent = await enqueueMessage(
    {
      channel: "sms",
      to: "+26771000161",
      about: reference,
      kind: "received",
      body,
    },
    new Date(),
    db,
  );
  await db.updateTable("text_messages").set({ status: "delivered" }).where("id", "=", sent).execute();
  const waiting = await enqueueMessage(
    {
      channel: "sms",
      to: "+26771000161",
      about: reference,
      kind: "confirmed",
      body: `Example Imaging: ${reference} confirmed.`,
      notBefore: new Date(Date.now() + 86_400_000),
    },
    new Date(),
    db,
  );

  await signInByCookie(context, baseURL!, e2e, reception.id);
  await page.goto(`/staff/appointments/${id}`);
  await hydrated(page);
  const messages = page.getByRole("region", { name: "Messages to the patient", exact: true });
  // Each text as it was sent: its words, number and status.
  await expect(messages).toContainText(body);
  await expect(messages).toContainText("+26771000161");
  await expect(messages).toContainText("Delivered");
  await expectNoViolations(page);

  // The patient asks on the phone for no more texts: the waiting one stops.
  await messages.getByRole("radio", { name: "No texts (e-mail only)" }).check();
  await messages.getByRole("button", { name: "Save how the patient gets texts" }).click();
  await expect(messages.getByRole("status")).toHaveText("Saved: how the patient gets texts.");
  await expect(messages).toContainText("no texts (e-mail only)");
  const stopped = await db
    .selectFrom("text_messages")
    .select("status")
    .where("id", "=", waiting)
    .executeTakeFirstOrThrow();
  expect(stopped.status).toBe("stopped");

  // They want SMS after all, and the delivered text again (they deleted it).
  await messages.getByRole("radio", { name: "Text message (SMS)" }).check();
  await messages.getByRole("button", { name: "Save how the patient gets texts" }).click();
  await expect(messages.getByRole("status")).toHaveText("Saved: how the patient gets texts.");
  await messages.getByRole("button", { name: /^Send again \(Request received,/ }).click();
  await expect(messages.getByRole("status")).toHaveText("The text message is queued to be sent again.");
  const copies = await db.selectFrom("text_messages").select("status").where("resent_from", "=", sent).execute();
  // One copy, on its way or handed over already (the server's worker runs meanwhile).
  expect(copies).toHaveLength(1);
  expect(["pending", "sending", "sent"]).toContain(copies[0]!.status);
  await expectNoViolations(page);
});
