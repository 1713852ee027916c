import { unzipSync } from "fflate";
import fs from "node:fs";
import { e2eStaff, signInByCookie } from "../helpers/staff-e2e";
import { seedAppointment, seedEnquiry, seedUpload } from "../helpers/staff";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { openStaffMenu } from "./staff-menu";

test("a staff member finds a patient, downloads their data as a zip and erases them, by keyboard, with no accessibility violations", async ({
  page,
  context,
  baseURL,
  e2e,
}, info) => {
  test.setTimeout(90_000);
  const { db, config } = e2e;
  const tag = `${info.project.name}-${Date.now().toString(36)}`;
  const email = `rights-${tag}@example.org`;
  const reference = `APT-E2E-${tag.toUpperCase()}`;
  const id = await seedAppointment(db, { reference, email, name: "Lorato", surname: `Rights ${tag}` });
  await seedUpload(db, config.dataDir, { appointmentId: id, displayName: "referral.pdf" });
  await seedEnquiry(db, { reference: `ENQ-E2E-${tag.toUpperCase()}`, email });
  const staff = await e2eStaff(db, `rights-${info.project.name}`);
  await signInByCookie(context, baseURL!, e2e, staff.id);

  await page.goto("/staff");
  await openStaffMenu(page);
  await page.getByRole("link", { name: "Patient data" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Patient data" })).toBeVisible();
  await expectNoAxeViolations(page);

  // Nothing matches: the error summary takes the focus, and the error sits by the field too.
  const search = page.getByLabel("Name, phone, ID number, reference or e-mail");
  await search.fill("nobody-here@example.org");
  await search.press("Enter");
  await expect(page.locator(".error-summary")).toBeFocused();
  await expect(page.locator("#patient-q-error")).toContainText("No appointment or enquiry matches");
  await expect(search).toHaveAttribute("aria-invalid", "true");

  // Found by reference: who it is, the appointment and the enquiry with the same address, and focus on the result.
  await search.fill(reference.toLowerCase());
  await page.getByRole("button", { name: "Find patient" }).click();
  const found = page.getByRole("heading", { level: 2, name: "Who this is" });
  await expect(found).toBeFocused();
  await expect(page.locator(".staff-rights__who")).toContainText(`Lorato Rights ${tag}`);
  const table = page.getByRole("region", { name: "Records found" });
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(table).toContainText(reference);
  await expect(table).toContainText(`ENQ-E2E-${tag.toUpperCase()}`);
  await expect(page.getByText("One referral form the patient uploaded.")).toBeVisible();
  expect(page.url()).not.toContain(email); // searches are POSTs: nothing personal in the address bar
  await expectNoAxeViolations(page);

  // Export: one zip, named by the reference and date only.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download all data (zip)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^patient-data-${reference}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
  const zip = unzipSync(new Uint8Array(fs.readFileSync((await download.path())!)));
  expect(Object.keys(zip)).toEqual(
    expect.arrayContaining(["patient-data.json", expect.stringMatching(/^files\/.+referral\.pdf$/)]),
  );

  // Erase: a wrong confirmation is refused and focused; the right one, typed by keyboard, erases.
  const confirm = page.getByLabel(`Type ${reference} to confirm`);
  await confirm.fill("APT-WRONG");
  await confirm.press("Enter");
  await expect(page.locator("#patient-confirm-error")).toContainText(
    `Type ${reference} exactly as shown to confirm the erasure.`,
  );
  await expect(page.locator(".error-summary")).toBeFocused();
  await expectNoAxeViolations(page);
  await page.locator(".error-summary").getByRole("link").click();
  await expect(confirm).toBeFocused();
  await confirm.fill(reference);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Erase this patient permanently" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: "Patient erased" })).toBeFocused();
  await expectNoAxeViolations(page);

  const left = await db.selectFrom("appointments").select("id").where("email", "=", email).execute();
  expect(left).toEqual([]);
  const audit = await db
    .selectFrom("staff_audit")
    .select(["action", "detail"])
    .where("staff_id", "=", staff.id)
    .where("action", "!=", "staff_added") // the account this test made
    .orderBy("id")
    .execute();
  expect(audit.map((a) => a.action)).toEqual(["patient_export", "patient_erase"]);
  expect(JSON.stringify(audit)).not.toContain(email);
  expect(JSON.stringify(audit)).not.toContain(reference);
});
