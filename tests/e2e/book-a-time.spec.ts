import type { Browser, Page } from "@playwright/test";
import { SLOTS_PATH } from "../../domain/api-paths";
import { formatLongDate } from "../../domain/dates";
import { m } from "../../domain/paraglide/messages.js";
import { nextOpenWeekday, seedConfirmedIn } from "../helpers/staff";
import { expectNoAxeViolations } from "./axe";
import { expect, test, type E2eDb } from "./fixtures";
import { bookTimeThroughApi, expectOnFirstScreen, fillDateOfBirth, forbidDialogs, unique } from "./forms";
import { hydrated } from "./hydrated";
import { shot } from "./shots";
import { MARKUP } from "./tags";

// Decision 064: a patient books a free time on the booking page, with and without JavaScript, at
// 390 and 1280 px. Each test books its own service and day, far ahead (35 days and more), where no
// other spec books, so no test takes another's time by chance.

const DEXA = { slug: "bone-densitometry-dexa-scan", title: "Bone Densitometry (DEXA Scan)", room: "bone-densitometry" };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** A page of its own, with or without JavaScript, at a width. */
async function openPage(browser: Browser, { js, viewport = PHONE }: { js: boolean; viewport?: typeof PHONE }) {
  const context = await browser.newContext({ javaScriptEnabled: js, viewport });
  return { page: await context.newPage(), close: () => context.close() };
}

/** The booking page for a service's free times on `day` (the day step's own address). */
async function openDay(page: Page, slug: string, day: string, { js, path = "" }: { js: boolean; path?: string }) {
  await page.goto(`${path}/book-appointment?service=${slug}&day=${day}`);
  if (js) await hydrated(page);
}

/** The time step's group for a day, by its legend. */
const timesOn = (page: Page, day: string) => page.getByRole("group", { name: `Free times on ${formatLongDate(day)}` });

/** Fills in the patient's details as a patient would (the time step asks no service and no date), and "No" to the pregnancy question. */
async function fillDetails(page: Page, surname: string, { pregnant = "No" }: { pregnant?: string | null } = {}) {
  if (pregnant)
    await page
      .getByRole("group", { name: "Could you be pregnant?" })
      .getByRole("radio", { name: pregnant, exact: true })
      .check();
  await page.getByLabel("First name").fill("Kagiso");
  await page.getByLabel("Surname").fill(surname);
  await fillDateOfBirth(page, "12", "3", "1984");
  await page.getByRole("radio", { name: "Female" }).check();
  await page.getByLabel("ID or passport number").fill("123456789");
  await page.getByLabel("Phone number", { exact: true }).fill("71234567");
  await page.getByLabel("Alternative phone number").fill("+27821234567");
  await page.getByLabel("Email address").fill("kagiso@example.net");
}

async function appointment({ db }: E2eDb, surname: string) {
  return db
    .selectFrom("appointments")
    .select(["status", "service_name", "confirmed_date", "confirmed_time", "requested_date", "room"])
    .where("surname", "=", surname)
    .execute();
}

forbidDialogs();
test.describe.configure({ timeout: 120_000 });

// Markup: the times any database gives alike, at two widths, measured and checked by axe; the PostgreSQL
// run reads and books free times in the tests below.
test(
  "the first question and the day step work as plain forms, at 390 and 1280 px, with targets of 44 px",
  MARKUP,
  async ({ browser }) => {
    test.setTimeout(240_000); // two widths, four pages, four axe runs
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, close } = await openPage(browser, { js: false, viewport });
      await page.goto("/book-appointment");
      await expect(page.getByRole("heading", { name: "How would you like to book?" })).toBeVisible();
      // The request form is unchanged, below the question.
      await expect(page.getByLabel("Preferred date")).toBeAttached();
      await page.getByRole("list", { name: "Book a time now" }).getByRole("link", { name: DEXA.title }).click();
      await expect(page).toHaveURL(new RegExp(`\\?service=${DEXA.slug}$`));
      await expect(page.getByRole("heading", { level: 1, name: `Book a time: ${DEXA.title}` })).toBeVisible();
      // The first free day is open; the next one is one tap away (a GET form, read on the server).
      const days = page.locator(".day-choice__day");
      await expect(days.first()).toHaveAttribute("aria-pressed", "true");
      const next = (await days.nth(1).getAttribute("value"))!;
      await days.nth(1).click();
      await expect(page).toHaveURL(new RegExp(`day=${next}`));
      const group = timesOn(page, next);
      await expect(group).toBeVisible();
      await expect(page.getByText("All times are Gaborone time.")).toBeVisible();
      // Every time, and every day, is a target of at least 44 × 44 CSS px (WCAG 2.5.8).
      for (const target of [...(await group.locator("label").all()), ...(await days.all())]) {
        const box = (await target.boundingBox())!;
        expect(box.width, "width").toBeGreaterThanOrEqual(44);
        expect(box.height, "height").toBeGreaterThanOrEqual(44);
      }
      const dayAddress = page.url();
      await close();
      // axe runs in the page, so it reads the same two pages as the script hydrates them.
      const scripted = await openPage(browser, { js: true, viewport });
      for (const address of ["/book-appointment", dayAddress]) {
        await scripted.page.goto(address);
        await hydrated(scripted.page);
        await expectNoAxeViolations(scripted.page);
      }
      await scripted.close();
    }
  },
);

test("with JavaScript, days come from the slots API without a page load, and the keyboard chooses a time with visible focus", async ({
  browser,
}) => {
  const { page, close } = await openPage(browser, { js: true });
  await page.goto(`/book-appointment?service=${DEXA.slug}`);
  await hydrated(page);
  const address = page.url();
  const slots = page.waitForResponse((r) => r.url().includes("/api/appointment/public/slots?"));
  await page.getByRole("button", { name: "Later days" }).click();
  expect((await slots).status()).toBe(200);
  await expect(page.getByRole("button", { name: "Earlier days" })).toBeVisible();
  const day = (await page.locator(".day-choice__day").nth(2).getAttribute("value"))!;
  await page.locator(".day-choice__day").nth(2).click();
  expect(page.url()).toBe(address);
  const group = timesOn(page, day);
  await expect(group).toBeVisible();
  // Into the group with the keyboard, then along it with the arrow keys.
  const first = group.getByRole("radio").first();
  await first.focus();
  await page.keyboard.press("Space");
  await expect(first).toBeChecked();
  await page.keyboard.press("ArrowRight");
  const second = group.getByRole("radio").nth(1);
  await expect(second).toBeChecked();
  await expect(second).toBeFocused();
  // The focus shows on the time's label (the radio button itself is under it).
  const label = group.locator(`label[for="${await second.getAttribute("id")}"]`);
  expect(await label.evaluate((l) => getComputedStyle(l).outlineStyle)).toBe("solid");
  const time = (await second.getAttribute("value"))!;
  await expect(page.getByText(`Your time: ${formatLongDate(day)} at ${time}`)).toBeVisible();
  await expectNoAxeViolations(page);
  await close();
});

for (const js of [true, false]) {
  const how = js ? "with JavaScript" : "without JavaScript";

  test(`a free time is booked at once, ${how}`, async ({ browser, e2e }) => {
    const day = nextOpenWeekday(e2e.config, js ? 35 : 38);
    const surname = unique("Booked");
    const { page, close } = await openPage(browser, { js });
    await openDay(page, DEXA.slug, day, { js });
    const group = timesOn(page, day);
    const time = (await group.getByRole("radio").nth(3).getAttribute("value"))!;
    await group.getByRole("radio", { name: time }).check();
    await fillDetails(page, surname);
    await page.getByRole("button", { name: "Book this time" }).click();
    const booked = page.getByRole("heading", {
      name: `Your appointment is booked: ${formatLongDate(day)} at ${time}`,
    });
    await expectOnFirstScreen(page, booked);
    await expect(page.getByRole("heading", { name: "What to bring" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "How to prepare" })).toBeVisible();
    if (js) await expectNoAxeViolations(page);
    expect(await appointment(e2e, surname)).toEqual([
      expect.objectContaining({ status: "confirmed", confirmed_date: day, confirmed_time: time, room: DEXA.room }),
    ]);
    await close();
  });

  test(`someone else was faster: the time taken meanwhile, the nearest free times, nothing typed lost, ${how}`, async ({
    browser,
    e2e,
  }) => {
    const day = nextOpenWeekday(e2e.config, js ? 41 : 44);
    const surname = unique("Faster");
    const { page, close } = await openPage(browser, { js });
    await openDay(page, DEXA.slug, day, { js });
    const group = timesOn(page, day);
    const time = (await group.getByRole("radio").nth(4).getAttribute("value"))!;
    await group.getByRole("radio", { name: time }).check();
    await fillDetails(page, surname);
    await page.getByLabel("Anything we should know?").fill("I use a wheelchair.");
    // Someone else books that time while this patient types.
    await seedConfirmedIn(e2e.db, day, time, DEXA.room, { service_name: DEXA.slug });
    await page.getByRole("button", { name: "Book this time" }).click();
    const notice = page.locator(".taken");
    await expectOnFirstScreen(page, notice);
    // The time taken is named, with and without JavaScript (issue 35).
    await expect(notice).toContainText(`${formatLongDate(day)} at ${time}`);
    await expect(notice).toContainText(formatLongDate(day));
    await expect(page.getByLabel("First name")).toHaveValue("Kagiso");
    await expect(page.getByLabel("Anything we should know?")).toHaveValue("I use a wheelchair.");
    await expect(timesOn(page, day).getByRole("radio", { name: time })).toHaveCount(0);
    if (js) await expectNoAxeViolations(page);
    // One of the nearest free times, then booked.
    let chosen: string;
    if (js) {
      const offered = notice.getByRole("link").first();
      chosen = (await offered.textContent())!;
      await offered.click();
      await expect(timesOn(page, day).getByRole("radio", { name: chosen })).toBeChecked();
    } else {
      chosen = (await timesOn(page, day).getByRole("radio").nth(4).getAttribute("value"))!;
      await timesOn(page, day).getByRole("radio", { name: chosen }).check();
    }
    await page.getByRole("button", { name: "Book this time" }).click();
    await expect(
      page.getByRole("heading", { name: `Your appointment is booked: ${formatLongDate(day)} at ${chosen}` }),
    ).toBeVisible();
    expect(await appointment(e2e, surname)).toEqual([
      expect.objectContaining({ status: "confirmed", confirmed_time: chosen }),
    ]);
    await close();
  });

  test(`a screening answer says why and leads to a request, keeping what was typed, ${how}`, async ({
    browser,
    e2e,
  }) => {
    const day = nextOpenWeekday(e2e.config, js ? 47 : 50);
    const surname = unique("Screened");
    const { page, close } = await openPage(browser, { js });
    await openDay(page, "x-ray", day, { js });
    await timesOn(page, day).getByRole("radio").first().check();
    await fillDetails(page, surname, { pregnant: "Not sure" });
    if (!js) await page.getByRole("button", { name: "Book this time" }).click();
    await expect(
      page.getByText(/An examination with X-rays needs a word with the radiographer first/).first(),
    ).toBeVisible();
    await expect(page.getByLabel("First name")).toHaveValue("Kagiso");
    await page.getByRole("button", { name: "Send it as a request" }).click();
    if (js) {
      // The request form, with what was typed and the chosen day as the requested date.
      await expect(page.getByLabel("Surname")).toHaveValue(surname);
      await expect(page.getByLabel("Service", { exact: true })).toHaveValue("X-ray Imaging");
      await page.getByRole("button", { name: "Request appointment" }).click();
    }
    await expect(page.getByRole("heading", { name: "We have received your appointment request" })).toBeVisible();
    expect(await appointment(e2e, surname)).toEqual([
      expect.objectContaining({ status: "requested", requested_date: day, confirmed_time: null }),
    ]);
    await close();
  });
}

test("in Setswana, with JavaScript, from the question to the answer", async ({ browser, e2e }) => {
  const day = nextOpenWeekday(e2e.config, 53);
  const surname = unique("Setswana");
  const { page, close } = await openPage(browser, { js: true });
  await openDay(page, "mammography", day, { js: true, path: "/tn" });
  await expect(page.getByRole("heading", { level: 1, name: "Beeletsa nako: Mammography" })).toBeVisible();
  const group = page.getByRole("group", { name: /^Dinako tse di gololesegileng ka / });
  const time = (await group.getByRole("radio").nth(2).getAttribute("value"))!;
  await group.getByRole("radio", { name: time }).check();
  await page.getByLabel("Leina la ntlha").fill("Kagiso");
  await page.getByLabel("Sefane").fill(surname);
  await page.locator("#dobDay").fill("12");
  await page.locator("#dobMonth").fill("3");
  await page.locator("#dobYear").fill("1980");
  await page.getByRole("radio", { name: "Mosadi" }).check();
  await page.locator("#idPassportNumber").fill("123456789");
  await page.locator("#phoneNumber").fill("71234567");
  await page.locator("#alternateNumber").fill("+27821234567");
  await page.locator("#email").fill("kagiso@example.net");
  await page
    .getByRole("group", { name: "A o ka tswa o imile?" })
    .getByRole("radio", { name: "Nnyaa", exact: true })
    .check();
  await page.getByRole("button", { name: "Beeletsa nako e" }).click();
  await expect(page.getByRole("heading", { name: /^Peeletso ya gago e / })).toContainText(time);
  await expectNoAxeViolations(page);
  expect(await appointment(e2e, surname)).toEqual([
    expect.objectContaining({ status: "confirmed", confirmed_time: time }),
  ]);
  await close();
});

// Decision 067: the private page of a time booked online (a page without script) moves it to
// another free time in one step, a day then a time, and the old time is free again at once. Its
// own DEXA times, 56 and 59 days ahead; the move goes to the second or third day the page offers.
for (const locale of ["en", "tn"] as const) {
  const t = { locale };
  test(`a booked time moves from its private page to another free time, ${locale === "tn" ? "in Setswana" : "in English"}`, async ({
    browser,
    e2e,
  }) => {
    const day = nextOpenWeekday(e2e.config, locale === "tn" ? 59 : 56);
    const surname = unique("Moving");
    const { page, close } = await openPage(browser, { js: true });
    const freeOn = async (date: string) => {
      const res = await page.request.get(`${SLOTS_PATH}?service=${DEXA.slug}&from=${date}&to=${date}`);
      return ((await res.json()).data.days[0]?.times ?? []) as string[];
    };
    const [time] = await freeOn(day);
    const { path } = await bookTimeThroughApi(page, day, time!, {
      surname,
      service: { name: DEXA.title, paymentMethod: "cash" },
      ...(locale === "tn" ? { language: "tn" } : {}),
    });
    expect(await freeOn(day)).not.toContain(time);

    await page.goto(path);
    const section = page.getByRole("region", { name: m.private_move_title({}, t) });
    await expect(section).toBeVisible();
    // Each language's test moves to a day of its own (the second or third offered), so neither takes the other's time.
    const next = section.locator("button.day-choice__day").nth(locale === "tn" ? 2 : 1);
    const target = (await next.getAttribute("value"))!;
    await next.click();
    await expect(section.locator("button.day-choice__day[aria-pressed=true]")).toHaveAttribute("value", target);
    const choice = section.locator("form[method=post]").getByRole("radio").last();
    const newTime = (await choice.getAttribute("value"))!;
    await choice.check();
    await shot(page, `move-390-${locale}`, choice);
    await section.getByRole("button", { name: m.private_move_submit({}, t) }).click();

    const moved = page.getByText(m.private_done_moved({}, t));
    await expectOnFirstScreen(page, moved);
    const when = m.self_booking_booked_at({ date: formatLongDate(target, locale), time: newTime }, t);
    await expect(page.getByText(m.self_booking_booked({ when }, t))).toBeVisible();
    await shot(page, `moved-390-${locale}`, moved);
    await expectNoAxeViolations(page);
    expect(await appointment(e2e, surname)).toEqual([
      expect.objectContaining({
        status: "confirmed",
        confirmed_date: target,
        confirmed_time: newTime,
        room: DEXA.room,
      }),
    ]);
    // The old time is free again at once; the new one is not.
    expect(await freeOn(day)).toContain(time);
    expect(await freeOn(target)).not.toContain(newTime);
    await close();
  });
}
