import { APPOINTMENT_PATH } from "../../domain/api-paths";
import { formatLongDate } from "../../domain/dates";
import { m } from "../../domain/paraglide/messages.js";
import { patientLinkWords } from "../../domain/patient-link";
import { openDate, validAppointment } from "../helpers/requests";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { unique } from "./forms";

/**
 * A Setswana patient's private page (decision 037) in Chromium at phone width: the link the
 * booking gave opens /tn/appointment/<token> in Setswana, with no script; the header's switch
 * leads to the same appointment in English, whose switch leads back; a change of date is answered in Setswana;
 * axe finds no violation.
 */

const tn = { locale: "tn" } as const;

test("a Setswana patient's private page: in Setswana, its switch, a change of date answered in Setswana, axe clean", async ({
  page,
}) => {
  const surname = unique("Setswana");
  const booked = await page.request.post(APPOINTMENT_PATH, {
    data: validAppointment({
      language: "tn",
      surname,
      email: `${surname.toLowerCase()}@example.net`,
      idPassportNumber: String(Date.now()).slice(-9),
      appointmentDate: openDate(3),
    }),
  });
  expect(booked.status()).toBe(201);
  const { manageUrl, reference, appointmentDate } = (await booked.json()).data as {
    manageUrl: string;
    reference: string;
    appointmentDate: string;
  };
  const path = new URL(manageUrl).pathname;
  expect(path).toMatch(/^\/tn\/appointment\/[\w-]{43}$/);

  const words = patientLinkWords("tn");
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("lang", "tn");
  await expect(page).toHaveTitle(m.private_title({}, tn));
  await expect(page.getByRole("heading", { level: 1, name: m.private_title({}, tn) })).toBeVisible();
  await expect(page.getByText(words.statusWords.requested)).toBeVisible();
  await expect(page.getByText(reference)).toBeVisible();
  await expect(page.getByText(formatLongDate(appointmentDate, "tn"), { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: m.private_change_title({}, tn) })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: m.private_safety_title({}, tn) })).toBeVisible();
  expect(await page.locator("script:not([type='application/ld+json'])").count()).toBe(0);
  await expectNoAxeViolations(page);

  // The header's switch: the same appointment in English, and back. At phone width the header's top
  // line, which holds the switch, is hidden (app/styles/layout.css), so the test follows its address.
  const english = path.replace(/^\/tn/, "");
  const toEnglish = page.locator('header a[hreflang="en"]');
  await expect(toEnglish).toHaveText("English");
  await expect(toEnglish).toHaveAttribute("href", english);
  await page.goto(english);
  await expect(page.getByRole("heading", { level: 1, name: "Your appointment" })).toBeVisible();
  await expect(page.locator('header a[hreflang="tn"]')).toHaveAttribute("href", path);
  await page.goto(path);

  // A change of date, chosen in the Setswana calendar, is answered in Setswana.
  const day = page.locator(".date-choice input[type=radio]:not([value='" + appointmentDate + "'])").first();
  const iso = (await day.getAttribute("value"))!;
  const month = page.locator("details.date-choice__month", { has: page.locator(`input[value="${iso}"]`) });
  if ((await month.getAttribute("open")) === null) await month.locator("summary").click();
  await page.getByRole("radio", { name: formatLongDate(iso, "tn") }).check();
  await page.getByRole("button", { name: m.private_change_submit({}, tn) }).click();
  await expect(page.getByRole("main").getByRole("status").first()).toContainText(words.messages.changed);
  await expect(page.getByText(formatLongDate(iso, "tn"), { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});
