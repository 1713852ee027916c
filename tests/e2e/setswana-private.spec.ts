import type { Page } from "@playwright/test";
import { APPOINTMENT_PATH } from "../../domain/api-paths";
import { formatLongDate } from "../../domain/dates";
import { m } from "../../domain/paraglide/messages.js";
import { patientLinkWords } from "../../domain/patient-link";
import { openDate, validAppointment } from "../helpers/requests";
import { seedConfirmedIn } from "../helpers/staff";
import { closeAndFollowMail, nextOpenWeekday } from "../helpers/staff-e2e";
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

/**
 * A Setswana patient whose X-ray room is out of service on their day (decision 044): the link in the
 * closure's e-mail opens a Setswana page whose first screen says the examination cannot be done that
 * day, why, that the time is no longer held, and to choose another date, one tap from the calendar;
 * at phone and desktop width, with and without JavaScript (the page has none of its own).
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("a room out of service on a Setswana patient's day: said first, in Setswana, with the calendar one tap away", async ({
      page,
      e2e,
    }) => {
      // Two widths, each with a closure, an axe run and a change of date: well past a minute on a busy machine.
      test.setTimeout(180_000);
      const { db, config } = e2e;
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        // A week apart for each width, with and without script, and from the English spec's closed days.
        const day = nextOpenWeekday(config, 185 + (width === 390 ? 0 : 7) + (javaScriptEnabled ? 0 : 14));
        const reference = `APT-E2E-ROOM-TN-${width}-${javaScriptEnabled ? "js" : "nojs"}-${Date.now().toString(36)}`;
        await seedConfirmedIn(db, day, "10:00", "x-ray", { reference, language: "tn" });
        const reason = "Motšhine wa X-ray o a baakanngwa";
        const { saved, path } = await closeAndFollowMail(
          e2e,
          `room-tn-${width}`,
          { firstDate: day, reason, room: "x-ray" },
          reference,
        );
        expect(saved).toMatchObject({ ok: true, saved: true });
        expect(path).toMatch(/^\/tn\/appointment\//);

        await page.goto(path!);
        const notice = page.getByRole("region", {
          name: m.private_closed_room({ date: formatLongDate(day, "tn") }, tn),
        });
        await expect(notice).toContainText(m.private_closed_reason_room({ reason }, tn));
        await expect(notice).toContainText(m.private_closed_released({}, tn));
        await expect(notice).toContainText(m.private_closed_choose({}, tn));
        await expect(notice).toBeInViewport({ ratio: 1 });
        const choose = notice.getByRole("link", { name: m.private_closed_action({}, tn) });
        await expect(choose).toBeInViewport({ ratio: 1 });
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        // axe runs in the page, so only where scripts may run; the page itself has none either way.
        if (javaScriptEnabled) await expectNoAxeViolations(page);
        await shot(page, `tn-room-closed-${width}-${javaScriptEnabled ? "js" : "nojs"}`);
        await choose.click();
        await expect(page.getByRole("heading", { level: 2, name: m.private_change_title({}, tn) })).toBeInViewport();
        await expect(page.locator("details.date-choice__month").first()).toBeInViewport();
        await shot(page, `tn-room-closed-calendar-${width}-${javaScriptEnabled ? "js" : "nojs"}`);
      }
    });
  });
}

async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}
