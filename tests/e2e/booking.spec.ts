import { PDFDocument, PDFName, PDFString, StandardFonts } from "@cantoo/pdf-lib";
import type { Page } from "@playwright/test";
import { addDays, formatLongDate as longDate, formatMonth, formatShortDate } from "../../domain/dates";
import { contactPreferenceHint, textsAbroadWords } from "../../domain/contact-preference";
import { REFERRAL_WORDS, REQUEST_RECEIVED } from "../../domain/request-words";
import { APPOINTMENT_MESSAGES } from "../../domain/validation/appointment";
import { ALTERNATE_NUMBER_LABEL } from "../../domain/validation/appointment-form";
import { PHONE_REQUIRED } from "../../domain/validation/fields";
import { UNAVAILABLE_MESSAGE } from "../../server/requests/unavailable";
import { waitForMail } from "../helpers/staff-mail";
import { PDF_ACTIVE_CONTENT } from "../../server/uploads/pdf-check";
import { DAILY_CAP_REACHED, STORAGE_FULL } from "../../server/uploads/routes";
import { expectNoAxeViolations } from "./axe";
import { expect, test, type E2eDb } from "./fixtures";
import { hydrated } from "./hydrated";
import {
  answer,
  expectOnFirstScreen,
  expectPlainForm,
  fillBookingForm,
  fillDateOfBirth,
  forbidDialogs,
  RATE_LIMITED,
  TOO_MANY_REQUESTS,
  holdScripts,
  unique,
} from "./forms";
import { NO_DATABASE } from "./tags";

const BOOK = "**/api/appointment/public/appointments";
const UPLOAD = "**/api/cloudinary/upload/referrals_forms";

interface Calendar {
  today: string;
  firstDate: string;
  lastDate: string;
  closedDates: string[];
  whatsapp: boolean;
}

/** Appointments with this surname and their uploads, read from the server's database (SQLite or PostgreSQL). */
async function appointmentsBySurname({ db }: E2eDb, surname: string) {
  const rows = await db
    .selectFrom("appointments")
    .select([
      "id",
      "reference",
      "dob",
      "requested_date",
      "service_name",
      "payment_method",
      "medical_aid_number",
      "submitted_time",
    ])
    .where("surname", "=", surname)
    .execute();
  return await Promise.all(
    rows.map(async (row) => ({
      ...row,
      uploads: await db
        .selectFrom("uploads")
        .select(["display_name", "mime_type"])
        .where("appointment_id", "=", row.id)
        .execute(),
    })),
  );
}

async function tinyPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([200, 100]);
  page.drawText("Referral", { x: 20, y: 50, size: 18, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

/** The booking window, from the server (for a page without its script, or before it loaded it). */
async function calendarOf(page: Page): Promise<Calendar> {
  return (await (await page.request.get("/api/appointment/public/calendar")).json()) as Calendar;
}

async function open(page: Page, query = ""): Promise<Calendar> {
  const calendar = page.waitForResponse("**/api/appointment/public/calendar");
  await page.goto(`/book-appointment${query}`);
  const data = (await (await calendar).json()) as Calendar;
  await expect(page.getByRole("grid")).toBeVisible();
  return data;
}

/** An open day a couple of days ahead. */
function openDay(calendar: Calendar): string {
  let day = addDays(calendar.firstDate, 2);
  while (calendar.closedDates.includes(day)) day = addDays(day, 1);
  return day;
}

async function fillBooking(page: Page, calendar: Calendar, surname: string) {
  const day = openDay(calendar);
  await fillBookingForm(page, { surname, email: "kagiso@example.net", date: day });
  return day;
}

/** A day in words, as every patient page and e-mail writes it: "Monday 30 November 2026". */
const DAY_IN_WORDS =
  /(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day \d{1,2} (?:January|February|March|April|May|June|July|August|September|October|November|December) \d{4}/;

/** The text of the patient's e-mail about this request (the clinic's carries the reference too). */
async function patientMail(reference: string): Promise<string> {
  const mail = await waitForMail(
    process.env.E2E_MAIL_DIR!,
    (m) =>
      (m.headers.to ?? "").includes("kagiso@example.net") &&
      m.parts.some((p) => p.contentType === "text/plain" && p.body.includes(reference)),
    60_000,
  );
  return mail.parts.find((p) => p.contentType === "text/plain")!.body;
}

forbidDialogs();
// Several tests run axe more than once: allow for a busy machine.
test.describe.configure({ timeout: 90_000 });

test(
  "the policy shows, required fields are checked with a focused summary, and a medical aid asks for its number",
  NO_DATABASE,
  async ({ page }) => {
    await open(page);
    for (const line of [
      "15 minutes",
      "24 hours",
      "late cancellation",
      "valid ID",
      "time of service",
      "BPOMAS and PULA",
    ]) {
      await expect(page.locator(".policy")).toContainText(line);
    }
    await expectNoAxeViolations(page);
    await expect(page.getByRole("radio", { name: "Cash Payment" })).toBeChecked();
    // In the page from the start (it works without JavaScript), hidden while cash is chosen.
    await expect(page.getByLabel("Medical aid membership number")).toBeHidden();

    await page.getByRole("radio", { name: "BPOMAS" }).check();
    await expect(page.getByLabel("Medical aid membership number")).toBeVisible();
    await page.getByRole("button", { name: "Request appointment" }).click();
    const summary = page.locator(".error-summary");
    await expect(summary).toBeFocused();
    for (const message of [
      "First name is required.",
      "Surname is required.",
      "Enter your date of birth, for example 27 3 1985.",
      "Choose Male, Female or Other.",
      "ID or passport number is required.",
      PHONE_REQUIRED,
      APPOINTMENT_MESSAGES.alternateNumber,
      "Enter a valid email address.",
      "Choose a service.",
      "Choose a date for your appointment.",
      "Enter your medical aid membership number.",
    ]) {
      await expect(summary.getByRole("link", { name: message, exact: true })).toBeVisible();
    }
    await expect(page.locator("#gender-error")).toHaveText("Error: Choose Male, Female or Other.");
    // One term for the second number: its label and its error say it alike.
    await expect(page.locator("label[for=alternateNumber]")).toHaveText(ALTERNATE_NUMBER_LABEL);
    await expect(page.locator("#alternateNumber-error")).toHaveText(`Error: ${ALTERNATE_NUMBER_LABEL} is required.`);
    await expectNoAxeViolations(page);

    await summary.getByRole("link", { name: "Choose Male, Female or Other." }).click();
    await expect(page.getByRole("radio", { name: "Male", exact: true })).toBeFocused();
    await page.getByRole("radio", { name: "Other" }).check();
    await expect(page.locator("#gender-error")).toHaveCount(0);
    for (const name of [
      "name",
      "surname",
      "dobDay",
      "dobMonth",
      "dobYear",
      "phoneNumber",
      "alternateNumber",
      "email",
      "idPassportNumber",
      "service",
    ]) {
      await expect(page.locator(`#${name}`)).toHaveAttribute("required", "");
    }
  },
);

test("a service in the address is preselected", NO_DATABASE, async ({ page }) => {
  // A service booked by request only (fluoroscopy), or one the patient chose to ask a date for (decision 064).
  for (const [query, title] of [
    ["?service=fluoroscopy", "Fluoroscopy Imaging"],
    ["?service=x-ray&way=request", "X-ray Imaging"],
  ]) {
    await open(page, query);
    await expect(page.getByLabel("Service", { exact: true })).toHaveValue(title!);
    await hydrated(page);
    await expect(page.getByLabel("Service", { exact: true })).toHaveValue(title!);
  }
  // An unknown service chooses nothing and is no error.
  await open(page, "?service=no-such-service");
  await expect(page.getByLabel("Service", { exact: true })).toHaveValue("");
  await expect(page.locator(".error-summary")).toHaveCount(0);
});

test("Book Now on a service page opens the form with that service chosen", NO_DATABASE, async ({ page }) => {
  await page.goto("/services/fluoroscopy");
  const closing = page.getByRole("region", { name: "Your results and your appointment" });
  await closing.getByRole("link", { name: "Book Now" }).click();
  await expect(page).toHaveURL(/\/book-appointment\?service=fluoroscopy$/);
  await hydrated(page);
  await expect(page.getByLabel("Service", { exact: true })).toHaveValue("Fluoroscopy Imaging");
  // A service patients may book a time for leads straight to its free times (decision 064).
  await page.goto("/services/ultrasound");
  await closing.getByRole("link", { name: "Book Now" }).click();
  await expect(page).toHaveURL(/\/book-appointment\?service=ultrasound$/);
  await expect(page.getByRole("heading", { level: 1, name: "Book a time: Ultrasound Imaging" })).toBeVisible();
  // The site's own Book Now (the phone's bottom bar, the header on wide screens) carries it too.
  await page.goto("/services/x-ray");
  // (One of the two is hidden at each width, so they are found by their classes.)
  const booking = page.locator(".action-bar__item--book, .site-header__book");
  await expect(booking).toHaveCount(2);
  for (const link of await booking.all()) await expect(link).toHaveAttribute("href", "/book-appointment?service=x-ray");
  await page.goto("/about");
  for (const link of await booking.all()) await expect(link).toHaveAttribute("href", "/book-appointment");
});

test(
  "errors show at the top with focus, on the screen, and the title says Error while they show",
  NO_DATABASE,
  async ({ page }) => {
    await open(page);
    await hydrated(page);
    const title = await page.title();
    expect(title).toMatch(/^Book an Appointment \| /);
    await page.getByRole("button", { name: "Request appointment" }).click();
    const summary = page.locator(".error-summary");
    await expect(summary).toBeFocused();
    await expectOnFirstScreen(page, summary);
    await expect(page).toHaveTitle(`Error: ${title}`);
    // The summary is the first thing in <main>, before the page's heading.
    expect(await page.locator("main .container > *").first().getAttribute("class")).toBe("error-summary");

    // The date of birth is three boxes; what is missing is named.
    await fillDateOfBirth(page, "27", "", "1985");
    await page.getByRole("button", { name: "Request appointment" }).click();
    await expect(page.locator("#dob-error")).toHaveText("Error: Date of birth must include a month.");
    await expect(summary.getByRole("link", { name: "Date of birth must include a month." })).toHaveAttribute(
      "href",
      "#dobDay",
    );
    await fillDateOfBirth(page, "27", "3", String(new Date().getFullYear() + 1));
    await page.getByRole("button", { name: "Request appointment" }).click();
    await expect(page.locator("#dob-error")).toHaveText("Error: Date of birth must be in the past.");
    const group = page.getByRole("group", { name: "Date of birth" });
    await expect(group).toHaveAttribute("aria-describedby", "dob-hint dob-error");
    for (const [box, autofill] of [
      ["Day", "bday-day"],
      ["Month", "bday-month"],
      ["Year", "bday-year"],
    ] as const) {
      await expect(group.getByLabel(box, { exact: true })).toHaveAttribute("inputmode", "numeric");
      await expect(group.getByLabel(box, { exact: true })).toHaveAttribute("autocomplete", autofill);
    }
    await expectNoAxeViolations(page);

    // Once every error is put right, the summary goes and the title is the page's own again.
    await page.reload();
    await hydrated(page);
    await page.getByRole("button", { name: "Request appointment" }).click();
    await expect(page).toHaveTitle(`Error: ${title}`);
    await fillBookingForm(page, {
      surname: "Clear",
      email: "kagiso@example.net",
      date: openDay(await calendarOf(page)),
    });
    await expect(summary).toHaveCount(0);
    await expect(page).toHaveTitle(title);
  },
);

test("the privacy policy is linked beside the submit button", NO_DATABASE, async ({ page }) => {
  await open(page);
  const note = page.locator("form .form__privacy");
  await expect(note).toContainText("We use these details to arrange your examination");
  await expect(note.getByRole("link", { name: "privacy policy" })).toHaveAttribute("href", "/privacy");
  const [noteBox, buttonBox] = await Promise.all([
    note.boundingBox(),
    page.getByRole("button", { name: "Request appointment" }).boundingBox(),
  ]);
  // Just above the button (the live regions between them are empty).
  expect(buttonBox!.y - (noteBox!.y + noteBox!.height)).toBeLessThan(80);

  // The floating back-to-top button never sits on it: scrolled so that the two are level, they do not meet.
  const button = page.getByRole("button", { name: "Request appointment" });
  const top = page.locator(".float-button--top");
  await button.scrollIntoViewIfNeeded();
  const [buttonNow, topNow] = await Promise.all([button.boundingBox(), top.boundingBox()]);
  const level = buttonNow!.y + buttonNow!.height / 2 - (topNow!.y + topNow!.height / 2);
  await page.evaluate((by) => window.scrollBy({ top: by, behavior: "instant" }), level);
  await expect(top).toBeVisible();
  const [b, f] = await Promise.all([button.boundingBox(), top.boundingBox()]);
  expect(Math.abs(b!.y + b!.height / 2 - (f!.y + f!.height / 2)), "level").toBeLessThan(2);
  const apart =
    b!.x + b!.width <= f!.x || f!.x + f!.width <= b!.x || b!.y + b!.height <= f!.y || f!.y + f!.height <= b!.y;
  expect(apart, `the submit button ${JSON.stringify(b)} and back to top ${JSON.stringify(f)}`).toBe(true);
});

test(
  "the form comes first: its first field is on a 390 x 844 phone's first screen, with and without JavaScript, in both languages; the policy in a short line at the top and beside the button",
  NO_DATABASE,
  async ({ browser }) => {
    test.setTimeout(180_000); // four pages and two axe runs
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      for (const [path, firstName, ways] of [
        ["/book-appointment", "First name", ["Book a time now", "Ask the clinic for a date"]],
        ["/tn/book-appointment", "Leina la ntlha", ["Beeletsa nako jaanong", "Kopa kliniki letlha"]],
      ] as const) {
        const where = `${path}, ${javaScriptEnabled ? "with" : "without"} JavaScript`;
        await page.goto(path);
        if (javaScriptEnabled) await hydrated(page);
        // The page asks first how to book (decision 064): both ways on the first screen, above the phone's bar
        // of actions; the request form's first field is one tap away.
        const bottom = (await page.locator(".action-bar").boundingBox())?.y ?? 844;
        for (const way of ways) {
          const box = await page.getByRole("heading", { name: way, exact: true }).boundingBox();
          expect(box!.y + box!.height, `${where}: ${way}`).toBeLessThanOrEqual(bottom);
        }
        await page.getByRole("link", { name: ways[1], exact: true }).click();
        const field = page.getByRole("textbox", { name: firstName, exact: true });
        const [box, label, header, bar] = await Promise.all([
          field.boundingBox(),
          page.locator('label[for="name"]').boundingBox(),
          page.locator(".site-header").boundingBox(),
          page.locator(".action-bar").boundingBox(),
        ]);
        // Under the header, its label too, and wholly above the phone's bottom bar of actions.
        expect(label!.y, where).toBeGreaterThanOrEqual(header!.y + header!.height);
        expect(box!.y + box!.height, where).toBeLessThanOrEqual(bar ? bar.y : 844);
        // The short line of policy above the form links to the whole policy, which sits just above the button.
        const line = page.locator(".form-page__policy-line");
        await expect(line, where).toContainText(path.startsWith("/tn") ? "metsotso e le 15" : "15 minutes");
        await expect(line.getByRole("link"), where).toHaveAttribute("href", "#policy");
        const policy = page.locator("form #policy");
        await expect(policy, where).toContainText(path.startsWith("/tn") ? "diura di le 24" : "24 hours");
        const [policyBox, button] = await Promise.all([
          policy.boundingBox(),
          page.locator('form button[type="submit"]').boundingBox(),
        ]);
        expect(policyBox!.y, where).toBeGreaterThan(box!.y);
        // Only the privacy sentence (and the empty live regions) between the policy and the button.
        expect(button!.y - (policyBox!.y + policyBox!.height), where).toBeLessThan(200);
        // axe runs in the page's own script: checked with JavaScript (the markup is the same without).
        if (javaScriptEnabled) await expectNoAxeViolations(page);
      }
      await context.close();
    }
  },
);

// A field the browser brings into view as it gets the focus is there at once: were it to glide there (smooth
// scrolling), the patient's next tap could press one radio button and let go over another, choosing nothing. That
// flaked the test below in CI under load ("Clicking the checkbox did not change its state", on "E-mail only").
test(
  "a field near the bottom of the screen comes clear of it at once as it gets the focus",
  NO_DATABASE,
  async ({ page }) => {
    await open(page);
    await hydrated(page);
    await page.getByLabel("First name").focus();
    const moved = await page.getByLabel("Phone number", { exact: true }).evaluate((phone) => {
      // Its bottom just above the screen's, in the room kept for the phone's action bar (scroll-padding-bottom).
      window.scrollBy({ top: phone.getBoundingClientRect().bottom - (window.innerHeight - 20), behavior: "instant" });
      const before = window.scrollY;
      phone.focus();
      return window.scrollY - before;
    });
    expect(moved).toBeGreaterThan(0);
  },
);

test("the language switch keeps what was typed, and asks for a chosen file again", NO_DATABASE, async ({ page }) => {
  const calendar = await open(page, "?service=x-ray&way=request");
  await hydrated(page);
  await page.getByLabel("First name").fill("Kagiso");
  await page.getByLabel("Surname").fill("Molefhe");
  await fillDateOfBirth(page, "12", "3", "1984");
  await page.getByRole("radio", { name: "Female" }).check();
  await page.getByLabel("Phone number", { exact: true }).fill("71234567");
  await page.getByRole("radio", { name: "E-mail only" }).check();
  await page.getByLabel("Preferred date").fill(formatShortDate(openDay(calendar)));
  await page.getByRole("radio", { name: "PULA Medical Aid" }).check();
  await page.getByLabel("Medical aid membership number").fill("PULA-123");
  await page.getByLabel("Anything we should know?").fill("Left wrist.");
  await page.setInputFiles("#referral", {
    name: "referral.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4"),
  });

  const tnCalendar = page.waitForResponse("**/api/appointment/public/calendar");
  await page.getByRole("link", { name: "Setswana" }).click();
  await page.waitForURL("**/tn/book-appointment?service=x-ray&way=request");
  await tnCalendar;
  await hydrated(page);
  await expect(page.getByLabel("Leina la ntlha")).toHaveValue("Kagiso");
  await expect(page.getByLabel("Sefane")).toHaveValue("Molefhe");
  await expect(page.locator("#dobYear")).toHaveValue("1984");
  await expect(page.locator("#gender-female")).toBeChecked();
  await expect(page.locator("#phoneNumber")).toHaveValue("71234567");
  await expect(page.locator("#contactPreference-email")).toBeChecked();
  await expect(page.locator("#service")).toHaveValue("X-ray Imaging");
  await expect(page.locator("#appointmentDate")).toHaveValue(formatShortDate(openDay(calendar)));
  await expect(page.locator("#paymentMethod-pula")).toBeChecked();
  await expect(page.locator("#medicalAidNumber")).toHaveValue("PULA-123");
  await expect(page.locator("#notes")).toHaveValue("Left wrist.");
  // A file cannot be carried: the field asks for it again, in Setswana. Nothing went wrong, so no summary.
  await expect(page.locator("#referral-reattach")).toContainText("tsweetswee le tsenye gape");
  await expect(page.locator(".error-summary")).toHaveCount(0);
  // The file control speaks Setswana, not the browser's English ("Choose File", "No file chosen").
  const control = page.locator(".file-upload__control");
  await expect(control).toHaveText("Tlhopha faeleGa go faele e e tlhophilweng.");
  await expect(page.getByLabel("Lekwalo la go romelwa")).toHaveAttribute("aria-describedby", /referral-chosen/);
  await page.setInputFiles("#referral", {
    name: "lekwalo.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4"),
  });
  await expect(control).toContainText("lekwalo.pdf");
  await expect(page.locator("#referral-reattach")).toHaveCount(0);
  // What carried it is gone: a reload starts empty.
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  await page.reload();
  await hydrated(page);
  await expect(page.getByLabel("Leina la ntlha")).toHaveValue("");
  await expectNoAxeViolations(page);
});

test(
  "WhatsApp is offered only while the clinic has it set up: never in the page as sent, and this server has not",
  NO_DATABASE,
  async ({ page }) => {
    const updates = page.getByRole("group", { name: "How should we send you updates about this appointment?" });
    // The page as sent (prerendered at build time, or rendered for a service) never offers it: only the
    // running server knows, and says so in the calendar's answer (decision 046).
    for (const path of [
      "/book-appointment",
      "/tn/book-appointment",
      "/book-appointment?service=x-ray&way=request",
      "/book-appointment?service=x-ray",
    ]) {
      const sent = await (await page.request.get(path)).text();
      expect(sent, path).toContain('value="sms"');
      expect(sent, path).not.toContain('value="whatsapp"');
      expect(sent, path).not.toMatch(/id="contactPreference-hint"[^<]*WhatsApp/);
    }
    const calendar = await open(page);
    expect(calendar.whatsapp).toBe(false);
    await expect(updates.getByRole("radio")).toHaveCount(2);
    await expect(updates.getByRole("radio", { name: "WhatsApp" })).toHaveCount(0);
    await expect(updates.getByRole("radio", { name: "Text message (SMS)" })).toBeChecked();
    // Nor does its hint name WhatsApp any more.
    await expect(updates).toContainText(contactPreferenceHint("en", { whatsapp: false }));
    await expect(updates).not.toContainText("WhatsApp");
  },
);

test("closed days are marked and cannot be picked; typing one gives a clear error", async ({ page }) => {
  const calendar = await open(page);
  const sunday = calendar.closedDates.find(
    (d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 0 && d > calendar.firstDate,
  )!;
  expect(sunday).toBeTruthy();
  while ((await page.locator(".calendar__month").textContent()) !== formatMonth(sunday)) {
    await page.getByRole("button", { name: "Next month" }).click();
  }
  const closed = page.getByRole("button", { name: `${longDate(sunday)}, clinic closed` });
  await expect(closed).toHaveAttribute("aria-disabled", "true");
  await closed.click({ force: true });
  await expect(page.getByLabel("Preferred date")).toHaveValue("");

  // Picking an open day fills the field; the keyboard moves through the grid.
  const monday = addDays(sunday, 1);
  const mondayText = formatShortDate(monday);
  await page.getByRole("button", { name: longDate(monday), exact: true }).click();
  await expect(page.getByLabel("Preferred date")).toHaveValue(mondayText);
  await expect(page.locator(".date-picker__chosen")).toHaveText(longDate(monday));
  await page.getByRole("button", { name: longDate(monday), exact: true }).focus();
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("button", { name: `${longDate(sunday)}, clinic closed` })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Preferred date")).toHaveValue(mondayText);

  await page.getByLabel("Preferred date").fill(formatShortDate(sunday));
  await page.getByRole("button", { name: "Request appointment" }).click();
  await expect(page.locator("#appointmentDate-error")).toHaveText(
    `Error: The clinic is closed on ${longDate(sunday)}. Choose another day.`,
  );
});

test("with a referral PDF: the upload shows progress, then the booking is stored with the file and the reference shown", async ({
  page,
  e2e,
}) => {
  const calendar = await open(page);
  const surname = unique("Molefhe");
  const day = await fillBooking(page, calendar, surname);
  await page.getByRole("radio", { name: "PULA Medical Aid" }).check();
  await page.getByLabel("Medical aid membership number").fill("PULA-4411");
  await page
    .getByLabel("Referral form")
    .setInputFiles({ name: "referral.pdf", mimeType: "application/pdf", buffer: await tinyPdf() });
  // The referring doctor, with JavaScript (referrers.test.ts posts it without).
  await page.getByLabel("Doctor's name").fill("Dr Mpho Kgosi");
  await page.getByLabel("Practice number").fill("BW 1234");
  await page.getByLabel("Doctor's e-mail address").fill("dr.kgosi@example.org");
  await page.getByLabel("Doctor's phone number").fill("71234599");

  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(BOOK, async (route) => {
    await held;
    await route.continue();
  });
  const booking = page.waitForRequest(BOOK);
  await page.getByRole("button", { name: "Request appointment" }).click();
  await expect(page.getByRole("button", { name: "Submitting..." })).toBeDisabled();
  // The progress shows once, beside the button, in sentences without stray punctuation.
  await expect(page.getByRole("status")).toHaveText("Processing your request. Please wait.");
  await expect(page.getByText("Processing your request")).toHaveCount(1);
  await expect(page.getByRole("progressbar")).toHaveCount(1);
  await expect(page.getByRole("progressbar", { name: "Uploading your referral form: 100%" })).toHaveAttribute(
    "value",
    "100",
  );
  await expect(page.getByText(/Uploading your referral form/)).toHaveCount(1);
  expect(await page.locator("main").innerText()).not.toMatch(/\.[!?]|!\./);
  const body = (await booking).postDataJSON();
  // The date of birth's three boxes reach the API joined, as before (`dob`, YYYY-MM-DD).
  expect(body.dob).toBe("1984-03-12");
  expect(Object.keys(body).filter((k) => k.startsWith("dob"))).toEqual(["dob"]);
  expect(body.referralForms).toEqual([{ url: expect.any(String), publicId: expect.any(String), name: "referral.pdf" }]);
  expect(body.referrer).toEqual({
    name: "Dr Mpho Kgosi",
    practiceNumber: "BW 1234",
    email: "dr.kgosi@example.org",
    phone: "71234599",
  });
  expect(body).toMatchObject({
    appointmentDate: day,
    appointmentTime: expect.stringMatching(/^\d\d:\d\d$/),
    website: "",
  });
  expect((await booking).headers()["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
  const answered = page.waitForResponse(BOOK);
  release();
  // The API's message: a request received, and by when the clinic answers (its shape unchanged).
  const { message } = (await (await answered).json()) as { message: string };
  expect(message.startsWith(`${REQUEST_RECEIVED}. `)).toBe(true);
  const nextStep = message.slice(REQUEST_RECEIVED.length + 2);
  expect(nextStep).toMatch(new RegExp(`by the end of ${DAY_IN_WORDS.source} to confirm the time`));

  const title = page.getByRole("heading", { name: REQUEST_RECEIVED });
  await expect(title).toBeFocused();
  await expectOnFirstScreen(page, title);
  await expect(page.locator("form")).toHaveCount(0);
  const rows = await appointmentsBySurname(e2e, surname);
  expect(rows).toHaveLength(1);
  const row = rows[0]!;
  expect(row).toMatchObject({
    requested_date: day,
    dob: "1984-03-12",
    service_name: "x-ray", // the slug (migration 0012); the page shows the title
    payment_method: "pula",
    medical_aid_number: "PULA-4411",
  });
  expect(row.uploads).toEqual([
    expect.objectContaining({ display_name: "referral.pdf", mime_type: "application/pdf" }),
  ]);
  const doctor = await e2e.db
    .selectFrom("appointment_referrers")
    .select(["name", "practice_number", "email", "phone"])
    .where("appointment_id", "=", row.id)
    .executeTakeFirst();
  expect(doctor).toEqual({
    name: "Dr Mpho Kgosi",
    practice_number: "BW 1234",
    email: "dr.kgosi@example.org",
    phone: "+26771234599",
  });

  const confirmation = page.locator(".confirmation");
  await expect(confirmation).toContainText(row.reference);
  await expect(confirmation).toContainText(longDate(day));
  await expect(confirmation).toContainText("X-ray Imaging");
  // The page, the API and the e-mail say the same: what happens next and by when, and that the referral came.
  await expect(confirmation.locator(".confirmation__next")).toHaveText(nextStep);
  await expect(confirmation).toContainText(REFERRAL_WORDS.received);
  await expect(confirmation).not.toContainText(/scheduled|successfully/i);
  const mail = await patientMail(row.reference);
  expect(mail).toContain(REQUEST_RECEIVED);
  expect(mail).toContain(nextStep);
  expect(mail).toContain(REFERRAL_WORDS.received);
  expect(mail).toContain(`Requested date: ${longDate(day)}`);
  // No chat link while the WhatsApp number is the default placeholder (with a real number the
  // link carries the reference only: tests/unit/confirmation-whatsapp.test.tsx).
  await expect(confirmation.getByRole("link", { name: /WhatsApp/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("an upload the server rejects shows the red text and no appointment is sent", async ({ page, e2e }) => {
  const calendar = await open(page);
  const surname = unique("Rejected");
  await fillBooking(page, calendar, surname);
  await page.getByLabel("Referral form").setInputFiles({
    name: "referral.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("This is plain text pretending to be a PDF.\n".repeat(20)),
  });
  let booked = false;
  page.on("request", (request) => {
    if (request.url().includes("/api/appointment/public/appointments")) booked = true;
  });
  const upload = page.waitForResponse(UPLOAD);
  await page.getByRole("button", { name: "Request appointment" }).click();
  expect((await upload).status()).toBe(415);
  const failed = page.locator(".file-upload__failed");
  // The server's own words say what to do.
  await expect(failed).toHaveText("Upload a PDF, JPEG or PNG file.");
  await expect(page.locator("#referral ~ [role=alert]")).toContainText("Upload a PDF, JPEG or PNG file.");
  await expect(failed).toHaveCSS("color", "rgb(176, 0, 32)");
  await expect(page.getByRole("button", { name: "Request appointment" })).toBeEnabled();
  expect(booked).toBe(false);
  expect(await appointmentsBySurname(e2e, surname)).toHaveLength(0);
});

test("a double submit creates one appointment", async ({ page, e2e }) => {
  const calendar = await open(page);
  const surname = unique("Double");
  await fillBooking(page, calendar, surname);
  const requests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/appointment/public/appointments"))
      requests.push(request.headers()["idempotency-key"] ?? "");
  });
  await page.getByRole("button", { name: "Request appointment" }).dblclick();
  await expect(page.getByRole("heading", { name: REQUEST_RECEIVED })).toBeVisible();
  // No file was attached: the confirmation says so.
  await expect(page.locator(".confirmation")).toContainText(REFERRAL_WORDS.none);
  expect(requests).toHaveLength(1);
  expect(await appointmentsBySurname(e2e, surname)).toHaveLength(1);
});

test("a number abroad: the booking is kept, and the confirmation says texts go only to Botswana numbers, so updates come by e-mail", async ({
  page,
  e2e,
}) => {
  const calendar = await open(page);
  await hydrated(page);
  const surname = unique("Abroad");
  await fillBooking(page, calendar, surname);
  await page.getByLabel("Phone number", { exact: true }).fill("+27821234567");
  await page.getByRole("button", { name: "Request appointment" }).click();
  await expect(page.getByRole("heading", { name: REQUEST_RECEIVED })).toBeVisible();
  await expect(page.locator(".confirmation")).toContainText(textsAbroadWords(["BW"]));
  expect(await appointmentsBySurname(e2e, surname)).toHaveLength(1);
});

test("a failed booking shows the failure message; a rate limit and an unavailable database show the server's message", async ({
  page,
}) => {
  const calendar = await open(page);
  await fillBooking(page, calendar, "Failure");
  await answer(page, BOOK, { status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" });
  await page.getByRole("button", { name: "Request appointment" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "An error occurred. Please try again." })).toBeVisible();
  await expect(page.getByLabel("Surname")).toHaveValue("Failure");

  await answer(page, BOOK, {
    status: 503,
    headers: { "retry-after": "30" },
    json: { message: UNAVAILABLE_MESSAGE, errors: {} },
  });
  await page.getByRole("button", { name: "Request appointment" }).click();
  await expect(page.getByRole("alert").filter({ hasText: UNAVAILABLE_MESSAGE })).toBeVisible();

  await answer(page, BOOK, RATE_LIMITED);
  await page.getByRole("button", { name: "Request appointment" }).click();
  await expect(page.getByRole("alert").filter({ hasText: TOO_MANY_REQUESTS })).toBeVisible();
});

test("a PDF with JavaScript in it is refused by the server and the page says why", async ({ page, e2e }) => {
  const calendar = await open(page);
  const surname = unique("Scripted");
  await fillBooking(page, calendar, surname);
  const doc = await PDFDocument.load(await tinyPdf());
  doc.catalog.set(PDFName.of("OpenAction"), doc.context.obj({ S: "JavaScript", JS: PDFString.of("app.alert(1)") }));
  await page
    .getByLabel("Referral form")
    .setInputFiles({ name: "referral.pdf", mimeType: "application/pdf", buffer: Buffer.from(await doc.save()) });
  const upload = page.waitForResponse(UPLOAD);
  await page.getByRole("button", { name: "Request appointment" }).click();
  expect((await upload).status()).toBe(415);
  await expect(page.locator(".file-upload__failed")).toHaveText(PDF_ACTIVE_CONTENT);
  await expect(page.getByRole("button", { name: "Request appointment" })).toBeEnabled();
  expect(await appointmentsBySurname(e2e, surname)).toHaveLength(0);
  await expectNoAxeViolations(page);
});

test(
  "an 11 MB file: the page refuses it before sending, and the server answers the browser's own upload with a readable 413",
  NO_DATABASE,
  async ({ page }) => {
    const calendar = await open(page);
    await fillBooking(page, calendar, unique("Large"));
    let uploaded = false;
    page.on("request", (request) => {
      if (request.url().includes("/api/cloudinary/upload/")) uploaded = true;
    });
    const big = Buffer.concat([await tinyPdf(), Buffer.alloc(11 * 1024 * 1024, 0x20)]);
    await page.getByLabel("Referral form").setInputFiles({ name: "big.pdf", mimeType: "application/pdf", buffer: big });
    await page.getByRole("button", { name: "Request appointment" }).click();
    await expect(page.locator(".error-summary")).toContainText("The referral form must be smaller than 10 MB.");
    expect(uploaded).toBe(false);
    // The same size sent by the browser anyway (as an old copy of the page would): a JSON answer it can read.
    const answer = await page.evaluate(async () => {
      const form = new FormData();
      form.append("file", new File([new Uint8Array(11 * 1024 * 1024)], "big.pdf", { type: "application/pdf" }));
      const res = await fetch("/api/cloudinary/upload/referrals_forms", { method: "POST", body: form });
      return { status: res.status, body: (await res.json()) as { message: string } };
    });
    expect(answer).toEqual({
      status: 413,
      body: {
        message: "The file is too large: the limit is 10 MB.",
        errors: { file: "The file is too large: the limit is 10 MB." },
      },
    });
  },
);

test("past an upload cap the page shows the server's message", async ({ page }) => {
  const calendar = await open(page);
  await fillBooking(page, calendar, unique("Capped"));
  await page
    .getByLabel("Referral form")
    .setInputFiles({ name: "referral.pdf", mimeType: "application/pdf", buffer: await tinyPdf() });
  for (const [status, message] of [
    [507, STORAGE_FULL],
    [429, DAILY_CAP_REACHED],
  ] as const) {
    await answer(page, UPLOAD, { status, json: { message, errors: { file: message } } });
    await page.getByRole("button", { name: "Request appointment" }).click();
    await expect(page.locator(".file-upload__failed")).toHaveText(message);
  }
  await expectNoAxeViolations(page);
});

test.describe("before the script takes over", () => {
  test("a booking submitted before the script runs is posted by the browser and stored once", async ({ page, e2e }) => {
    const calendar = (await (await page.request.get("/api/appointment/public/calendar")).json()) as Calendar;
    const release = await holdScripts(page);
    await page.goto("/book-appointment", { waitUntil: "domcontentloaded" });
    const surname = unique("Early");
    const day = await fillBooking(page, calendar, surname);
    await page.getByRole("button", { name: "Request appointment" }).click();
    await expect(page.getByRole("heading", { name: REQUEST_RECEIVED })).toBeVisible();
    release();
    const rows = await appointmentsBySurname(e2e, surname);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ requested_date: day });
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a booking with a referral file posts to the page, is stored with the file, and the reference is shown", async ({
    page,
    e2e,
  }) => {
    await page.goto("/book-appointment");
    await expectPlainForm(page, {
      heading: "Book an appointment",
      action: "/book-appointment",
      submit: "Request appointment",
      multipart: true,
    });
    await expect(page.locator(".policy")).toContainText("15 minutes");
    const surname = unique("NoScript");
    const day = await fillBooking(page, await calendarOf(page), surname);
    await expect(page.getByLabel("Medical aid membership number")).toBeHidden();
    await page.getByRole("radio", { name: "PULA Medical Aid" }).check();
    await page.getByLabel("Medical aid membership number").fill("PULA-4411");
    await page
      .getByLabel("Referral form")
      .setInputFiles({ name: "referral.pdf", mimeType: "application/pdf", buffer: await tinyPdf() });
    await expect(page.locator("form .form__privacy a[href='/privacy']")).toBeVisible();
    await page.getByRole("button", { name: "Request appointment" }).click();

    const heading = page.getByRole("heading", { name: REQUEST_RECEIVED });
    await expect(heading).toBeVisible();
    // On the first screen of a phone: the page came back at its top.
    await expectOnFirstScreen(page, heading);
    const rows = await appointmentsBySurname(e2e, surname);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      requested_date: day,
      dob: "1984-03-12",
      payment_method: "pula",
      medical_aid_number: "PULA-4411",
    });
    expect(rows[0]!.uploads).toEqual([
      expect.objectContaining({ display_name: "referral.pdf", mime_type: "application/pdf" }),
    ]);
    const confirmation = page.locator(".confirmation");
    await expect(confirmation).toContainText(rows[0]!.reference);
    await expect(confirmation).toContainText(longDate(day));
    // What happens next and by when (the server reckoned the day), the same as in the e-mail; the referral came.
    const nextStep = (await confirmation.locator(".confirmation__next").innerText()).trim();
    expect(nextStep).toMatch(new RegExp(`by the end of ${DAY_IN_WORDS.source} to confirm the time`));
    await expect(confirmation).toContainText(REFERRAL_WORDS.received);
    await expect(confirmation).not.toContainText(/scheduled|successfully/i);
    const mail = await patientMail(rows[0]!.reference);
    expect(mail).toContain(nextStep);
    expect(mail).toContain(REFERRAL_WORDS.received);
    // No personal data in the address: the page answered the post itself.
    expect(new URL(page.url()).search).toBe("");
    await expect(confirmation.getByRole("link", { name: "Request another appointment" })).toHaveAttribute(
      "href",
      "/book-appointment",
    );
  });

  test("an invalid booking comes back with the errors beside the fields, the values kept, and nothing stored", async ({
    page,
    e2e,
  }) => {
    await page.goto("/book-appointment");
    const surname = unique("NoScriptBad");
    await fillBooking(page, await calendarOf(page), surname);
    await page.getByLabel("First name").fill("");
    await page.getByLabel("Phone number", { exact: true }).fill("12");
    await page.getByLabel("Preferred date").fill("next week");
    await fillDateOfBirth(page, "31", "2", "1984");
    await page
      .getByLabel("Referral form")
      .setInputFiles({ name: "referral.pdf", mimeType: "application/pdf", buffer: await tinyPdf() });
    await page.getByRole("button", { name: "Request appointment" }).click();

    const summary = page.locator(".error-summary");
    await expect(summary.getByRole("heading", { name: "There is a problem" })).toBeVisible();
    // The outcome is on the phone's first screen, and the title says so.
    await expectOnFirstScreen(page, summary);
    await expect(page).toHaveTitle(/^Error: Book an Appointment \| /);
    await expect(page.locator("#dob-error")).toHaveText(
      "Error: Date of birth must be a real date, for example 27 3 1985.",
    );
    await expect(page.getByRole("group", { name: "Date of birth" }).getByLabel("Day", { exact: true })).toHaveValue(
      "31",
    );
    await expect(summary.getByRole("link", { name: "First name is required." })).toHaveAttribute("href", "#name");
    await expect(page.locator("#name-error")).toHaveText("Error: First name is required.");
    await expect(page.locator("#phoneNumber-error")).toContainText("Enter a valid phone number");
    await expect(page.locator("#appointmentDate-error")).toContainText("day/month/year");
    await expect(page.getByLabel("Surname")).toHaveValue(surname);
    await expect(page.getByLabel("Service", { exact: true })).toHaveValue("X-ray Imaging");
    await expect(page.getByRole("radio", { name: "Female" })).toBeChecked();
    await expect(page.getByLabel("Preferred date")).toHaveValue("next week");
    // Beside the file field, and in the summary too (its link goes to the field).
    await expect(page.locator("#referral-reattach")).toContainText("Your referral form was not kept");
    await expect(summary.getByRole("link", { name: /^Your referral form was not kept/ })).toHaveAttribute(
      "href",
      "#referral",
    );
    expect(await appointmentsBySurname(e2e, surname)).toHaveLength(0);
  });

  test("a service page's Book Now opens the form with that service chosen", NO_DATABASE, async ({ page }) => {
    await page.goto("/services/fluoroscopy");
    await page
      .getByRole("region", { name: "Your results and your appointment" })
      .getByRole("link", { name: "Book Now" })
      .click();
    await expect(page).toHaveURL(/\/book-appointment\?service=fluoroscopy$/);
    await expect(page.getByLabel("Service", { exact: true })).toHaveValue("Fluoroscopy Imaging");
    await page.goto("/book-appointment?service=no-such-service");
    await expect(page.getByLabel("Service", { exact: true })).toHaveValue("");
    await expect(page.locator(".error-summary")).toHaveCount(0);
  });
});
