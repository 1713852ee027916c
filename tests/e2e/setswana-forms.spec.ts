import fs from "node:fs";
import path from "node:path";
import type { Browser, Page, Response } from "@playwright/test";
import { addDays, calendarNames, formatLongDate, formatMonth, formatShortDate } from "../../domain/dates";
import { m } from "../../domain/paraglide/messages.js";
import { requestReceived } from "../../domain/request-words";
import { appointmentMessages } from "../../domain/validation/appointment";
import { dateMessages, dobMessages } from "../../domain/validation/appointment-dates";
import { contactMessages } from "../../domain/validation/contact";
import { fieldMessages } from "../../domain/validation/fields";
import { referralMessages } from "../../domain/validation/referral";
import { uploadMessages } from "../../server/uploads/intake";
import { expectNoAxeViolations } from "./axe";
import { expect, test, type E2eDb } from "./fixtures";
import { hydrated } from "./hydrated";
import { waitForMail } from "../helpers/staff-mail";
import { forbidDialogs, unique } from "./forms";

/*
 * Both forms in Setswana (issue 26), at phone width: booking from /tn/book-appointment and sending
 * an enquiry from /tn/contact-us, with JavaScript (the browser's checks and the server's answers in
 * Setswana) and without it (the page's plain post answered in Setswana); the header's switch, links
 * that stay under /tn, and axe.
 */

const tn = "tn" as const;
const BOOK = "**/api/appointment/public/appointments";
const ENQUIRE = "**/api/contact-enquire/public/create";

interface Calendar {
  today: string;
  firstDate: string;
  lastDate: string;
  closedDates: string[];
}

/** An open day a couple of days ahead. */
function openDay(calendar: Calendar): string {
  let day = addDays(calendar.firstDate, 2);
  while (calendar.closedDates.includes(day)) day = addDays(day, 1);
  return day;
}

async function calendarOf(page: Page): Promise<Calendar> {
  return (await (await page.request.get("/api/appointment/public/calendar")).json()) as Calendar;
}

/** The language a request was stored in, by the patient's surname or the enquirer's name. */
const appointmentLanguage = async ({ db }: E2eDb, surname: string) =>
  (await db.selectFrom("appointments").select(["language"]).where("surname", "=", surname).execute()).map(
    (r) => r.language,
  );
const enquiryLanguage = async ({ db }: E2eDb, name: string) =>
  (await db.selectFrom("enquiries").select(["language"]).where("name", "=", name).execute()).map((r) => r.language);

/** Fills the Setswana booking form by its Setswana labels: an X-ray, paid in cash (the form's default). */
async function fillBooking(page: Page, surname: string, date?: string) {
  await page.getByLabel("Leina la ntlha").fill("Kagiso");
  await page.getByLabel("Sefane").fill(surname);
  const dob = page.getByRole("group", { name: "Letlha la matsalo" });
  await dob.getByLabel("Letsatsi", { exact: true }).fill("12");
  await dob.getByLabel("Kgwedi", { exact: true }).fill("3");
  await dob.getByLabel("Ngwaga", { exact: true }).fill("1984");
  await page.getByRole("radio", { name: "Mosadi" }).check();
  await page.getByLabel("Nomoro ya Omang kgotsa ya phasepoto").fill("123456789");
  await page.getByLabel("Nomoro ya mogala", { exact: true }).fill("71234567");
  await page.getByLabel("Nomoro e nngwe ya mogala").fill("72345678");
  await page.getByLabel("Aterese ya imeile", { exact: true }).fill("kagiso@example.net");
  await page.getByLabel("Tirelo", { exact: true }).selectOption("X-ray Imaging");
  if (date) await page.getByLabel("Letlha le o le batlang").fill(formatShortDate(date));
}

async function fillEnquiry(page: Page, name: string) {
  await page.getByLabel("Leina la gago").fill(name);
  await page.getByLabel("Nomoro ya mogala").fill("71234567");
  await page.getByLabel("Aterese ya imeile", { exact: true }).fill("neo.sebego@example.net");
  await page.getByLabel("Potso ya gago").fill("A lo bula ka Matlhatso?");
}

/**
 * axe on a page a plain post was answered with: axe needs script, which the page without JavaScript
 * has not got, so the same HTML is shown again in a page that has (its island's script held back, so
 * what axe reads is what the server sent).
 */
async function expectAnsweredPageAxeClean(browser: Browser, answered: Response) {
  const html = await answered.text();
  const context = await browser.newContext({ javaScriptEnabled: true, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.route(answered.url(), (route) => route.fulfill({ body: html, contentType: "text/html" }));
  await page.route(/\/islands\/[^/]+\.js$/, (route) => route.abort());
  await page.goto(answered.url());
  await expect(page.locator(".error-summary, .confirmation, .notice--success")).toBeVisible();
  await expectNoAxeViolations(page);
  await context.close();
}

/** Submits the page's plain form with `button` and gives the answer the browser got. */
async function post(page: Page, button: string): Promise<Response> {
  const answered = page.waitForResponse((r) => r.request().method() === "POST");
  await page.getByRole("button", { name: button }).click();
  return await answered;
}

forbidDialogs();
// Several tests run axe more than once: allow for a busy machine.
test.describe.configure({ timeout: 120_000 });

test("booking from /tn/book-appointment with JavaScript: the browser's and the server's errors in Setswana, the Setswana calendar, then the confirmation", async ({
  page,
  e2e,
}) => {
  const loaded = page.waitForResponse("**/api/appointment/public/calendar");
  await page.goto("/tn/book-appointment");
  const calendar = (await (await loaded).json()) as Calendar;
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dira peeletso");
  await expect(page).toHaveTitle(/^Dira peeletso \| /);
  // The calendar in Setswana: the month, the days' names, its buttons and its days.
  const grid = page.getByRole("grid");
  await expect(page.locator(".calendar__month")).toHaveText(formatMonth(calendar.firstDate, tn));
  await expect(grid.locator("thead th").first()).toHaveAttribute("abbr", "Mosupologo");
  await expect(grid.locator("thead th").first().locator("[aria-hidden]")).toHaveText(
    calendarNames(tn).weekdaysShort[0]!,
  );
  await expect(page.getByRole("button", { name: "Kgwedi e e latelang" })).toBeVisible();
  await expect(
    page.getByRole("button", { name: `${formatLongDate(calendar.today, tn)}, gompieno`, exact: false }),
  ).toHaveCount(1);
  // Links within the site stay in Setswana.
  await expect(page.locator("form .form__privacy a")).toHaveAttribute("href", "/tn/privacy");
  await expectNoAxeViolations(page);

  // The browser's checks, in Setswana.
  await page.getByRole("button", { name: "Kopa peeletso" }).click();
  const summary = page.locator(".error-summary");
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("heading", { name: "Go na le bothata" })).toBeVisible();
  await expect(page).toHaveTitle(/^Phoso: Dira peeletso \| /);
  const M = appointmentMessages(tn);
  for (const message of [M.name, M.surname, dobMessages(tn).missing, M.gender, M.appointmentDate]) {
    await expect(summary.getByRole("link", { name: message, exact: true })).toBeVisible();
  }
  await expect(page.locator("#name-error")).toHaveText(`Phoso: ${M.name}`);
  await expectNoAxeViolations(page);

  // A typed date that is not a date, and a file the browser refuses: said in Setswana too.
  const surname = unique("Setswana");
  await fillBooking(page, surname);
  await page.getByLabel("Letlha le o le batlang").fill("Labobedi");
  await page.getByLabel(/^Lekwalo la go romelwa/).setInputFiles({
    name: "lekwalo.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("not a referral form"),
  });
  await expect(page.locator("#referral-error")).toHaveText(`Phoso: ${referralMessages(tn).type}`);
  await page.getByRole("button", { name: "Kopa peeletso" }).click();
  await expect(page.locator("#appointmentDate-error")).toHaveText(`Phoso: ${dateMessages(tn).format}`);

  // A file the server refuses by its content: the upload answers in Setswana.
  await page.getByLabel(/^Lekwalo la go romelwa/).setInputFiles({
    name: "lekwalo.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("just text, not a PDF at all"),
  });
  // A day picked in the calendar, by its Setswana name.
  const day = openDay(calendar);
  while (!(await grid.getByRole("button", { name: formatLongDate(day, tn), exact: true }).count()))
    await page.getByRole("button", { name: "Kgwedi e e latelang" }).click();
  await grid.getByRole("button", { name: formatLongDate(day, tn), exact: true }).click();
  await expect(page.getByLabel("Letlha le o le batlang")).toHaveValue(formatShortDate(day));
  await expect(page.locator(".date-picker__chosen")).toHaveText(formatLongDate(day, tn));
  const upload = page.waitForResponse((r) => r.url().includes("/api/cloudinary/upload/referrals_forms?language=tn"));
  await page.getByRole("button", { name: "Kopa peeletso" }).click();
  expect((await upload).status()).toBe(415);
  await expect(page.locator(".file-upload__failed")).toHaveText(uploadMessages(tn).wrongType);
  await page.getByLabel(/^Lekwalo la go romelwa/).setInputFiles([]);

  // A number only the server can tell is wrong: its answer, in Setswana, beside the field.
  await page.getByLabel("Nomoro ya mogala", { exact: true }).fill("12");
  const refused = page.waitForResponse(BOOK);
  await page.getByRole("button", { name: "Kopa peeletso" }).click();
  const answer = await refused;
  expect(answer.status()).toBe(400);
  expect(answer.request().postDataJSON()).toMatchObject({ language: "tn" });
  await expect(page.locator("#phoneNumber-error")).toHaveText(`Phoso: ${fieldMessages(tn).phoneInvalid}`);
  await expect(summary.getByRole("link", { name: fieldMessages(tn).phoneInvalid })).toBeVisible();

  // Put right: the request is stored in Setswana and confirmed in Setswana.
  await page.getByLabel("Nomoro ya mogala", { exact: true }).fill("71234567");
  await page.getByRole("button", { name: "Kopa peeletso" }).click();
  const heading = page.getByRole("heading", { name: requestReceived(tn) });
  await expect(heading).toBeFocused();
  const confirmation = page.locator(".confirmation");
  await expect(confirmation).toContainText("Nomoro ya tshupetso ya gago ke");
  await expect(confirmation).toContainText(formatLongDate(day, tn));
  await expect(confirmation.getByRole("heading", { name: "Linki ya gago ya sephiri" })).toBeVisible();
  await expect(confirmation.getByRole("link", { name: "Bona, fetola kgotsa khansela peeletso ya gago" })).toBeVisible();
  await expect(confirmation.getByRole("link", { name: "Kopa peeletso e nngwe" })).toHaveAttribute(
    "href",
    "/tn/book-appointment",
  );
  await expect(confirmation).not.toContainText("We have received");
  expect(await appointmentLanguage(e2e, surname)).toEqual(["tn"]);
  await expectNoAxeViolations(page);

  // Afterwards the patient hears from the clinic in Setswana: the e-mail and the SMS, each with the
  // private link to the Setswana page, which opens in Setswana.
  const { reference } = await e2e.db
    .selectFrom("appointments")
    .select("reference")
    .where("surname", "=", surname)
    .executeTakeFirstOrThrow();
  const mail = await waitForMail(
    process.env.E2E_MAIL_DIR!,
    (m) => (m.headers.to ?? "").includes("kagiso@example.net") && (m.headers.subject ?? "").includes(reference),
    60_000,
  );
  expect(mail.headers.subject).toBe(m.mail_received_subject({ ref: reference }, { locale: tn }));
  const html = mail.parts.find((p) => p.contentType.startsWith("text/html"))!.body;
  expect(html).toMatch(/<html lang="tn"/);
  const link = /https?:\/\/[^"\s]+\/tn\/appointment\/[A-Za-z0-9_-]{43}/.exec(html)?.[0];
  expect(link, "the e-mail's private link leads to the Setswana page").toBeTruthy();
  const sms = await waitForSms(reference);
  expect(sms).toMatch(/ kopo /);
  expect(sms).toContain("/tn/appointment/");
  await page.goto(link!);
  await expect(page.locator("html")).toHaveAttribute("lang", "tn");
  await expect(page.getByRole("main")).toContainText(reference);
  await expect(page.getByRole("main")).not.toContainText("Your appointment");
});

/** The SMS written to the e2e server's outbox (no SMS centre is configured there) about `reference`. */
async function waitForSms(reference: string, timeoutMs = 60_000): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR!, "sms-outbox");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const file of fs.existsSync(dir)
      ? fs.readdirSync(dir).filter((f) => f.endsWith(".txt") && !f.startsWith("."))
      : []) {
      const text = fs.readFileSync(path.join(dir, file), "utf8");
      if (text.includes(`About: ${reference}\n`)) return text.slice(text.indexOf("\n\n") + 2);
    }
    if (Date.now() > deadline) throw new Error(`no SMS about ${reference} in ${dir} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("booking from /tn/book-appointment: the plain post answered in Setswana, errors then the confirmation; the switch leads to English and back", async ({
    page,
    e2e,
    browser,
  }) => {
    await page.goto("/tn/book-appointment");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dira peeletso");
    const form = page.locator("main form");
    await expect(form).toHaveAttribute("action", "/tn/book-appointment");
    await expect(form).toHaveAttribute("enctype", "multipart/form-data");
    await expect(page.locator(".policy")).toContainText("Pholisi ya rona ya dipeeletso");
    // The header's switch: the same page in English, and back.
    await page.locator("header").getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/book-appointment$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Book an appointment");
    await page.locator("header").getByRole("link", { name: "Setswana" }).click();
    await expect(page).toHaveURL(/\/tn\/book-appointment$/);

    const surname = unique("Plain");
    const day = openDay(await calendarOf(page));
    await fillBooking(page, surname, day);
    await page.getByLabel("Leina la ntlha").fill("");
    await page.getByLabel("Letlha le o le batlang").fill("Labobedi");
    const refused = await post(page, "Kopa peeletso");
    expect(refused.status()).toBe(400);

    await expect(page).toHaveURL(/\/tn\/book-appointment$/);
    const summary = page.locator(".error-summary");
    await expect(summary.getByRole("heading", { name: "Go na le bothata" })).toBeVisible();
    await expect(page).toHaveTitle(/^Phoso: Dira peeletso \| /);
    await expect(page.locator("#name-error")).toHaveText(`Phoso: ${appointmentMessages(tn).name}`);
    await expect(page.locator("#appointmentDate-error")).toHaveText(`Phoso: ${dateMessages(tn).format}`);
    await expect(summary.getByRole("link", { name: appointmentMessages(tn).name })).toHaveAttribute("href", "#name");
    await expect(page.getByLabel("Sefane")).toHaveValue(surname);
    await expect(page.getByRole("radio", { name: "Mosadi" })).toBeChecked();
    expect(await appointmentLanguage(e2e, surname)).toEqual([]);
    await expectAnsweredPageAxeClean(browser, refused);

    await page.getByLabel("Leina la ntlha").fill("Kagiso");
    await page.getByLabel("Letlha le o le batlang").fill(formatShortDate(day));
    const booked = await post(page, "Kopa peeletso");
    await expect(page.getByRole("heading", { name: requestReceived(tn) })).toBeVisible();
    const confirmation = page.locator(".confirmation");
    await expect(confirmation).toContainText(formatLongDate(day, tn));
    await expect(confirmation).toContainText("Kliniki e tla ikgolaganya le wena");
    await expect(confirmation.getByRole("heading", { name: "Linki ya gago ya sephiri" })).toBeVisible();
    expect(await appointmentLanguage(e2e, surname)).toEqual(["tn"]);
    await expectAnsweredPageAxeClean(browser, booked);
  });

  test("an enquiry from /tn/contact-us: errors in Setswana with the values kept, then the thank-you", async ({
    page,
    e2e,
    browser,
  }) => {
    await page.goto("/tn/contact-us");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ikgolaganye le rona");
    await expect(page.locator("main form")).toHaveAttribute("action", "/tn/contact-us");
    // The hours in Setswana beside the form.
    await expect(page.locator("main .contact-options")).toContainText(
      "Mosupologo go ya go Labotlhano: 08:00 go ya go 20:00",
    );
    await expect(page.locator("main .contact-options")).toContainText("Tshipi");
    const name = unique("Neo Plain", " ");
    await fillEnquiry(page, name);
    await page.getByLabel("Aterese ya imeile", { exact: true }).fill("neo@example");
    const refused = await post(page, "Romela potso");
    await expect(page.locator(".error-summary").getByRole("heading", { name: "Go na le bothata" })).toBeVisible();
    await expect(page.locator("#email-error")).toHaveText(`Phoso: ${fieldMessages(tn).emailInvalid}`);
    await expect(page.getByLabel("Potso ya gago")).toHaveValue("A lo bula ka Matlhatso?");
    await expectAnsweredPageAxeClean(browser, refused);

    await page.getByLabel("Aterese ya imeile", { exact: true }).fill("neo.sebego@example.net");
    const sent = await post(page, "Romela potso");
    const thanks = page.locator(".notice--success");
    await expect(thanks).toContainText("Re amogetse potso ya gago");
    await expect(thanks).toContainText(/Nomoro ya tshupetso ya gago ke [A-Z]/);
    expect(await enquiryLanguage(e2e, name)).toEqual(["tn"]);
    await expectAnsweredPageAxeClean(browser, sent);
  });
});

test("an enquiry from /tn/contact-us with JavaScript: the browser's errors in Setswana, then the thank-you", async ({
  page,
  e2e,
}) => {
  await page.goto("/tn/contact-us");
  await hydrated(page);
  await page.getByRole("button", { name: "Romela potso" }).click();
  const summary = page.locator(".error-summary");
  await expect(summary).toBeFocused();
  for (const message of [contactMessages(tn).name, fieldMessages(tn).phoneRequired, contactMessages(tn).description])
    await expect(summary.getByRole("link", { name: message, exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  const name = unique("Neo Script", " ");
  await fillEnquiry(page, name);
  await expect(summary).toHaveCount(0);
  const sent = page.waitForRequest(ENQUIRE);
  await page.getByRole("button", { name: "Romela potso" }).click();
  expect((await sent).postDataJSON()).toMatchObject({ name, language: "tn" });
  const thanks = page.locator(".notice--success");
  await expect(thanks).toBeFocused();
  await expect(thanks).toContainText("Re amogetse potso ya gago");
  await expect(thanks).toContainText("Kliniki e tla go araba");
  expect(await enquiryLanguage(e2e, name)).toEqual(["tn"]);
  await expectNoAxeViolations(page);
});
