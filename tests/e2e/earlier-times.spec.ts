import type { Browser } from "@playwright/test";
import { sendDueOffers } from "../../server/appointments/earlier/index";
import { e2eStaff, nextOpenWeekday, signInByCookie } from "../helpers/staff-e2e";
import { expectNoAxeViolations } from "./axe";
import { expect, test, type E2eDb } from "./fixtures";
import { bookTimeThroughApi, forbidDialogs, unique } from "./forms";
import { shot } from "./shots";

// Issue 37, decisions 070 and 084: the whole flow of an earlier time in the browser. Two patients
// ask from their private pages (without and with JavaScript, in English and Setswana); a third
// gives back an earlier X-ray time; both are offered it; one takes it (and is then off the list,
// one tap from asking again); the other finds it gone on the first screen; a manager sees the
// overview and the figures. axe runs on each new public page, at 390 and 1280 px. Its own X-ray
// times at 11:30 and 12:30, 12 and 45 days ahead, where no other spec books the X-ray room.
// SHOTS_DIR=<folder>: each step's screenshot is saved there too.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function openPage(browser: Browser, { js, viewport }: { js: boolean; viewport: typeof PHONE }) {
  const context = await browser.newContext({ javaScriptEnabled: js, viewport });
  return { page: await context.newPage(), context };
}

/** The path of the offer's link e-mailed about `reference` (the queue holds it; the e-mail's host is the server's own). */
async function offerPath({ db }: E2eDb, reference: string): Promise<string> {
  const mail = await db
    .selectFrom("mail_queue")
    .select("text_body")
    .where("subject", "like", `%(${reference})`)
    .where("subject", "like", "An earlier time is free:%")
    .executeTakeFirstOrThrow();
  return new URL(/(\S+\/earlier\/[\w-]{43})/.exec(mail.text_body)![1]!).pathname;
}

forbidDialogs();

test("patients ask for an earlier time, one takes the time freed, the other finds it gone, and the desk sees it", async ({
  browser,
  e2e,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const own = nextOpenWeekday(e2e.config, 45);
  const early = nextOpenWeekday(e2e.config, 12);
  const phone = await openPage(browser, { js: false, viewport: PHONE });
  const desktop = await openPage(browser, { js: true, viewport: DESKTOP });
  // axe runs in the page, so needs its script: a page without JavaScript is checked again with it, at 390 px.
  const scripted = await openPage(browser, { js: true, viewport: PHONE });
  const axeAt = async (url: string) => {
    await scripted.page.goto(url);
    await expectNoAxeViolations(scripted.page);
  };
  const first = await bookTimeThroughApi(phone.page, own, "11:30", { surname: unique("Earlyone") });
  const second = await bookTimeThroughApi(phone.page, own, "12:30", { surname: unique("Earlytwo") });
  const freed = await bookTimeThroughApi(phone.page, early, "11:30", { surname: unique("Giveback") });

  // Asking, without JavaScript at 390 px in English: one tap, then the page says so and how to leave.
  await phone.page.goto(first.path);
  const ask = phone.page.getByRole("button", { name: "Tell me if an earlier time opens" });
  await shot(phone.page, "ask-390-nojs-en", ask);
  await ask.click();
  await expect(phone.page.getByText("You are on the list for an earlier time.").first()).toBeVisible();
  await expect(phone.page.getByRole("button", { name: "Leave the list" })).toBeVisible();
  await shot(phone.page, "on-list-390-nojs-en", phone.page.getByRole("button", { name: "Leave the list" }));
  await axeAt(first.path);

  // With JavaScript at 1280 px in Setswana: the same one tap.
  // (The private page has no form island: its forms are plain with JavaScript too.)
  await desktop.page.goto(`/tn${second.path}`);
  const askTn = desktop.page.getByRole("button", { name: "Mpolelele fa nako ya pele e bulega" });
  await shot(desktop.page, "ask-1280-js-tn", askTn);
  await askTn.click();
  await expect(desktop.page.getByText("O mo lenaneng la nako ya pele.").first()).toBeVisible();
  await shot(desktop.page, "on-list-1280-js-tn", desktop.page.getByRole("button", { name: "Tswa mo lenaneng" }));
  await expectNoAxeViolations(desktop.page);

  // The earlier time is given back (its patient cancels on the private page); the job offers it.
  const version = await e2e.db
    .selectFrom("appointments")
    .select("updated_at")
    .where("reference", "=", freed.reference)
    .executeTakeFirstOrThrow();
  const cancelled = await phone.page.request.post(freed.path, {
    form: { intent: "cancel", version: version.updated_at, reason: "" },
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(cancelled.status()).toBe(200);
  // The server's own job may send the batch first: either way each patient gets one offer.
  await sendDueOffers(e2e.db, e2e.config, new Date());
  const firstOffer = await offerPath(e2e, first.reference);
  const secondOffer = await offerPath(e2e, second.reference);

  // The offer: the freed time beside the patient's own, and one button.
  await phone.page.goto(firstOffer);
  await expect(phone.page.getByRole("heading", { level: 1, name: "An earlier time is free" })).toBeVisible();
  await expect(phone.page.getByRole("button")).toHaveText(["Take this time"]);
  await shot(phone.page, "offer-390-nojs-en");
  await axeAt(firstOffer);
  await desktop.page.goto(`/tn${secondOffer}`);
  await expect(desktop.page.getByRole("button", { name: "Tsaya nako e" })).toBeVisible();
  await shot(desktop.page, "offer-1280-js-tn");
  await expectNoAxeViolations(desktop.page);

  // Taken: the appointment moved; off the list, one tap asks again.
  await phone.page.getByRole("button", { name: "Take this time" }).click();
  await expect(
    phone.page.getByRole("heading", { level: 1, name: "Done: your appointment is at the earlier time" }),
  ).toBeVisible();
  await expect(phone.page.getByText("You are no longer on the list for an earlier time.")).toBeVisible();
  await shot(phone.page, "taken-390-nojs-en");
  await axeAt(firstOffer);
  await phone.page.getByRole("button", { name: "Tell me if an even earlier time opens" }).click();
  await expect(phone.page.getByText("You are on the list for an earlier time.")).toBeVisible();
  await shot(phone.page, "taken-asked-again-390-nojs-en");

  // Gone: the other patient is told on the first screen, and keeps their own time.
  await desktop.page.goto(secondOffer);
  await expect(desktop.page.getByRole("heading", { level: 1, name: "This time has gone" })).toBeVisible();
  await expect(desktop.page.getByRole("button", { name: "Take this time" })).toHaveCount(0);
  await shot(desktop.page, "gone-1280-js-en");
  await expectNoAxeViolations(desktop.page);
  await phone.page.goto(`/tn${secondOffer}`);
  await expect(phone.page.getByRole("heading", { level: 1, name: "Nako e e tserwe" })).toBeVisible();
  await shot(phone.page, "gone-390-nojs-tn");
  await axeAt(`/tn${secondOffer}`);

  // The page the reminder's link opens (decision 069), now for the earlier time: "Are you coming?".
  await phone.page.goto(first.path);
  const coming = phone.page.getByRole("heading", { name: "Are you coming?" });
  await expect(coming).toBeVisible();
  await shot(phone.page, "reminder-confirm-390-nojs-en", coming);
  await desktop.page.goto(`/tn${first.path}`);
  const tsamaya = desktop.page.getByRole("heading", { name: "A o tla tla?" });
  await expect(tsamaya).toBeVisible();
  await shot(desktop.page, "reminder-confirm-1280-js-tn", tsamaya);

  // The desk: the overview's count links a manager to the figures, which show the time filled.
  const manager = await e2eStaff(e2e.db, "earlier-times");
  for (const { page, context, width } of [
    { ...desktop, width: 1280 },
    { ...scripted, width: 390 },
  ]) {
    await signInByCookie(context, baseURL!, e2e, manager.id);
    await page.goto("/staff");
    await expect(page.getByRole("heading", { name: "Waiting for an earlier time" })).toBeVisible();
    await shot(page, `staff-overview-${width}`);
    await page.goto(`/staff/figures?from=${early.slice(0, 7)}&to=${early.slice(0, 7)}`);
    const filled = page.getByRole("region", { name: "Freed times filled table" });
    await expect(filled.getByRole("row").nth(1)).toContainText(/\d+\s*\d+\s*\d+/);
    await shot(page, `staff-figures-${width}`);
    await expectNoAxeViolations(page);
  }
  for (const { context } of [phone, desktop, scripted]) await context.close();
});
