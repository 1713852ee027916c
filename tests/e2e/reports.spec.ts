import type { Browser } from "@playwright/test";
import { SLOTS_PATH } from "../../domain/api-paths";
import { clinicDate, formatLongDate } from "../../domain/dates";
import { pdfBytes } from "../helpers/requests";
import { e2eStaff, nextOpenWeekday, signInByCookie } from "../helpers/staff-e2e";
import { waitForMail } from "../helpers/staff-mail";
import { expectNoAxeViolations } from "./axe";
import { expect, test, type E2eDb } from "./fixtures";
import { bookTimeThroughApi, expectOnFirstScreen, fillDateOfBirth, forbidDialogs, unique } from "./forms";
import { shot } from "./shots";

// Issue 38, decision 075: the report goes back to the referring doctor, walked in the browser. A
// patient books an X-ray time naming their doctor; a manager attaches the signed report on the
// appointment's page (a real upload, at 1280 px); the doctor opens the e-mailed link on a phone, asks
// for a code, types the one the e-mail brings, and downloads exactly the bytes attached. axe runs on
// each of the doctor's pages; the patient's private page then says when the report will be theirs.
// Then a patient whose report is theirs at once (a DEXA scan on this server) opens it on their private
// page with their date of birth, a wrong one refused first. Their own X-ray time 30 days ahead
// (earlier-times books 12 and 45) and DEXA time 33 days ahead (book-a-time's are 35 and after).

forbidDialogs();

/**
 * A patient's free time of `service` (the last of `day`'s) booked through the API, its examination
 * done, and a manager's signed report attached on its page at 1280 px: answers the reference, the
 * private page's path and the bytes attached. The examination is marked attended in the database:
 * the console records it only from the appointment's time, and these lie weeks ahead so that no
 * other spec's day meets them.
 */
async function reportedAppointment(
  { browser, e2e, baseURL }: { browser: Browser; e2e: E2eDb; baseURL: string },
  { service, day, booking }: { service: { slug: string; name: string }; day: string; booking: Record<string, unknown> },
) {
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await desk.newPage();
  const slots = await page.request.get(`${SLOTS_PATH}?service=${service.slug}&from=${day}&to=${day}`);
  const time = ((await slots.json()).data.days[0].times as string[]).at(-1)!;
  const { reference, path } = await bookTimeThroughApi(page, day, time, {
    ...booking,
    service: { name: service.name, paymentMethod: "cash" },
  });
  const { id } = await e2e.db
    .selectFrom("appointments")
    .select("id")
    .where("reference", "=", reference)
    .executeTakeFirstOrThrow();
  await e2e.db.updateTable("appointments").set({ status: "attended" }).where("id", "=", id).execute();

  const manager = await e2eStaff(e2e.db, `reports-${service.slug}`);
  await signInByCookie(desk, baseURL, e2e, manager.id);
  await page.goto(`/staff/appointments/${id}`);
  const report = pdfBytes(3000);
  await page
    .getByLabel(/^Signed report \(PDF, at most \d+ MB\)$/)
    .setInputFiles({ name: "report.pdf", mimeType: "application/pdf", buffer: report });
  await page.getByRole("button", { name: "Attach the report" }).click();
  await expect(page.getByText("The report is attached.")).toBeVisible();
  await desk.close();
  return { id, reference, path, report };
}

/** The plain text of the latest e-mail to `to` whose subject matches. */
async function mailText(to: string, subject: RegExp): Promise<string> {
  const mail = await waitForMail(
    process.env.E2E_MAIL_DIR!,
    (m) => (m.headers.to ?? "").includes(to) && subject.test(m.headers.subject ?? ""),
    60_000,
  );
  return mail.parts.find((p) => p.contentType === "text/plain")!.body;
}

test("a report attached in the console reaches the referring doctor: the e-mailed link, a code, the same PDF", async ({
  browser,
  e2e,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const doctor = `${unique("dr.kgosi", ".").toLowerCase()}@example.org`;
  const { id, reference, path, report } = await reportedAppointment(
    { browser, e2e, baseURL: baseURL! },
    {
      service: { slug: "x-ray", name: "X-ray Imaging" },
      day: nextOpenWeekday(e2e.config, 30),
      booking: {
        surname: unique("Reported"),
        referrer: { name: "Dr Mpho Kgosi", practiceNumber: "BW 1234", email: doctor, phone: "71234599" },
      },
    },
  );

  // The doctor's e-mail names only the reference, and links to the report's page.
  const sent = await mailText(doctor, new RegExp(`^Report ready: ${reference}$`));
  const link = new URL(/(https?:\/\/\S+\/report\/[\w-]{43})/.exec(sent)![1]!).pathname;

  // On a phone: nothing of the report before a code; the code comes by e-mail.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: `Report ${reference}` })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Download the report/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Send me a code" }).click();
  const code = /Your code is (\d{6})/.exec(await mailText(doctor, /code/i))![1]!;
  await page.getByLabel("Code").fill(code);
  await shot(page, "report-code-390", page.getByLabel("Code"));
  await page.getByRole("button", { name: "Open the report" }).click();

  // The report is ready on the first screen, and its file is exactly the bytes attached.
  const ready = page.getByRole("heading", { name: `The report for ${reference} is ready.` });
  await expectOnFirstScreen(page, ready);
  await shot(page, "report-open-390", ready);
  await expectNoAxeViolations(page);
  const href = (await page.getByRole("link", { name: /^Download the report \(PDF, / }).getAttribute("href"))!;
  const file = await page.request.get(href);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("application/pdf");
  expect(Buffer.from(await file.body()).equals(report)).toBe(true);

  // The patient's private page says when the report will be theirs, and that their doctor has it.
  await page.goto(path);
  const section = page.getByRole("region", { name: "Your report" });
  // The day the first version set (REPORT_RELEASE_DAYS after it: tests/integration/reports.test.ts).
  const { release_at } = await e2e.db
    .selectFrom("report_releases")
    .select("release_at")
    .where("appointment_id", "=", id)
    .executeTakeFirstOrThrow();
  const release = formatLongDate(clinicDate(new Date(release_at)));
  await expect(section).toContainText(`Your report will be ready here on ${release}.`);
  await expect(section).toContainText("Your doctor has it already.");
  await shot(page, "report-patient-390", section);
  await expectNoAxeViolations(page);
  await phone.close();
});

test("the patient opens their report on the private page once their date of birth is right", async ({
  browser,
  e2e,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // A DEXA scan's report is the patient's at once on this server (playwright.config.ts).
  const { path, report } = await reportedAppointment(
    { browser, e2e, baseURL: baseURL! },
    {
      service: { slug: "bone-densitometry-dexa-scan", name: "Bone Densitometry (DEXA Scan)" },
      day: nextOpenWeekday(e2e.config, 33),
      booking: { surname: unique("Ownreport"), dob: "1979-05-04" },
    },
  );
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  await page.goto(path);
  const section = page.getByRole("region", { name: "Your report" });
  await expect(section).toContainText("Your report is ready. Confirm your date of birth to see it.");
  await expect(section.getByRole("link", { name: /^Download the report/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // A wrong date: refused beside the boxes, with the tries left, and nothing shown.
  await fillDateOfBirth(page, "5", "4", "1979");
  await section.getByRole("button", { name: "Confirm and show the report" }).click();
  const wrong = page.getByText(
    /^The date of birth does not match our records\. \d more wrong answers lock your report\.$/,
  );
  await expectOnFirstScreen(page, wrong);
  await expect(page.getByRole("link", { name: /^Download the report/ })).toHaveCount(0);
  await shot(page, "report-patient-wrong-390", page.getByRole("region", { name: "Your report" }));
  await expectNoAxeViolations(page);

  // The right one: the report, and exactly the bytes attached.
  await fillDateOfBirth(page, "4", "5", "1979");
  await page
    .getByRole("region", { name: "Your report" })
    .getByRole("button", { name: "Confirm and show the report" })
    .click();
  const opened = page.getByRole("region", { name: "Your report" });
  await expectOnFirstScreen(page, opened.getByText("Thank you. Your report:"));
  await shot(page, "report-patient-open-390", opened);
  await expectNoAxeViolations(page);
  const href = (await opened.getByRole("link", { name: /^Download the report \(PDF, / }).getAttribute("href"))!;
  const file = await page.request.get(href);
  expect(file.status()).toBe(200);
  expect(Buffer.from(await file.body()).equals(report)).toBe(true);
  await phone.close();
});
