import { loadConfig } from "../../server/base/config";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

/** The privacy page states the retention periods the daily purge applies (docs/privacy-retention.md). */
const config = loadConfig();

test("the privacy page says how long each kind of information is kept, from the same settings as the purge", async ({
  page,
}) => {
  await page.goto("/privacy");
  const table = page.getByRole("table", { name: "How long we keep information sent through this website" });
  await expect(table).toBeVisible();
  const row = (name: RegExp) => table.getByRole("row", { name });
  await expect(row(/^Appointment requests, enquiries/)).toContainText(
    `${config.staff.retentionMonths} months after the appointment date`,
  );
  await expect(row(/uploaded but never sent/)).toContainText(`${config.uploads.unclaimedHours} hours`);
  await expect(row(/e-mails, text messages and WhatsApp messages we send/)).toContainText(
    `${config.retention.sentMailDays} days after sending`,
  );
  await expect(row(/staff member opened or changed/)).toContainText(`${config.retention.auditMonths} months`);
  await expect(row(/sent twice/)).toContainText(`${config.retention.idempotencyDays} days`);
  await expect(row(/how often a form can be sent/)).toContainText("within a day");
  await expect(row(/backup copies/)).toContainText("Daily copies for 7 days and weekly copies for 4 weeks");
  await expect(page.locator("main")).toContainText(
    "E-mails about your request carry its reference, the service and the date",
  );
  // Text messages: who carries them, that the data may leave Botswana, how to stop them.
  await expect(page.locator("main")).toContainText(config.clinic.smsProvider);
  await expect(page.locator("main")).toContainText("this information may leave Botswana");
  await expect(page.locator("#text-messages")).toContainText("replying STOP");
  await expectNoAxeViolations(page);
});
