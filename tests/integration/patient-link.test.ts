import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LATE_CANCELLATION_FEE } from "../../domain/booking-policy";
import { addDays, clinicDate, clinicToday, formatLongDate } from "../../domain/dates";
import { serviceGuidance } from "../../domain/catalogue";
import { mapsHref } from "../../domain/contact-links";
import { nextOpenDay } from "../../domain/opening-days";
import { LINK_NOT_VALID, PATIENT_MESSAGES, PATIENT_STATUS_WORDS } from "../../domain/patient-link";
import { REQUEST_RECEIVED, requestNextStep } from "../../domain/request-words";
import { SAFETY_MESSAGES } from "../../domain/safety-questions";
import { DATE_MESSAGES } from "../../domain/validation/appointment-dates";
import { APPOINTMENT_PATH } from "../../domain/api-paths";
import { hashToken } from "../../server/base/tokens";
import { createTestApp, type TestApp } from "../helpers/app";
import { distinctDays } from "../helpers/days";
import { bookWithLink } from "../helpers/patient-link";
import { openDate, validAppointment } from "../helpers/requests";

/**
 * A patient's private link (decision 019): the booking answers and e-mails it,
 * its page shows the appointment without anything cacheable, indexable or
 * logged, and the patient cancels or asks for another date through plain
 * form posts under the booking rules. Needs a client build (`npm run build`).
 */

/** The late-cancellation warning in the cancel step, if the page has one. */
const lateNotice = (html: string) => /<p class="notice">(.*?)<\/p>/s.exec(html)?.[1];

const SAME_ORIGIN = { "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" };

/** The page's <main>, where a post's outcome must come first. */
const mainOf = (html: string) => html.slice(html.indexOf("<main"), html.indexOf("</main>"));
/** The page's title. */
const titleOf = (html: string) => /<title>(.*?)<\/title>/s.exec(html)?.[1];
/** HTML-escaped as React writes text. */
const esc = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");
/** The first Sunday at least `after` days from today. */
const sundayAfter = (after: number) => {
  let d = addDays(clinicToday(new Date()), after);
  while (new Date(`${d}T12:00:00Z`).getUTCDay() !== 0) d = addDays(d, 1);
  return d;
};

describe("a patient's private link", () => {
  let t: TestApp;
  const logged: string[] = [];
  /** This describe's days (its own database), each given once (docs/testing-dates.md); every booking takes `booked`. */
  let day: (offset: number) => string;
  let booked: string;
  beforeAll(async () => {
    t = await createTestApp(
      { LOG_LEVEL: "info", RATE_LIMIT_ENABLED: "false" },
      { servePages: true, logStream: { write: (l) => logged.push(l) } },
    );
    day = distinctDays((offset) => openDate(offset));
    booked = day(2); // validAppointment()'s day (tests/helpers/requests.ts)
  });
  afterAll(() => t.close());

  const book = (overrides: Record<string, unknown> = {}) => bookWithLink(t, overrides);
  const open = (path: string) => t.app.inject({ method: "GET", url: path });
  const version = async (id: number) =>
    (await t.db.selectFrom("appointments").select("updated_at").where("id", "=", id).executeTakeFirstOrThrow())
      .updated_at;
  const post = async (
    path: string,
    id: number,
    fields: Record<string, string>,
    headers: Record<string, string> = SAME_ORIGIN,
  ) =>
    t.app.inject({
      method: "POST",
      url: path,
      headers,
      payload: new URLSearchParams({ version: await version(id), ...fields }).toString(),
    });
  const appointment = (id: number) =>
    t.db.selectFrom("appointments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const history = (id: number) =>
    t.db.selectFrom("appointment_status_history").selectAll().where("appointment_id", "=", id).orderBy("id").execute();

  it("the booking answers with an absolute link on PUBLIC_BASE_URL, e-mails the same one, and stores only its hash", async () => {
    const { manageUrl, token, row, reference } = await book();
    expect(manageUrl.startsWith(`${t.config.publicBaseUrl}/appointment/`)).toBe(true);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    const links = await t.db.selectFrom("appointment_links").selectAll().where("appointment_id", "=", row.id).execute();
    expect(links.map((l) => l.token_hash)).toContain(hashToken(token));
    expect(links).toHaveLength(1);
    for (const l of links) expect(l.token_hash).not.toContain(token);
    // The acknowledgement carries the same link; the idempotency record carries none.
    const mail = await t.db
      .selectFrom("mail_queue")
      .selectAll()
      .where("subject", "=", `Your appointment request ${reference}`)
      .executeTakeFirstOrThrow();
    const mailed = /\/appointment\/([A-Za-z0-9_-]{43})/.exec(mail.text_body)![1]!;
    expect(mailed).toBe(token);
    expect(links.map((l) => l.token_hash)).toContain(hashToken(mailed));
    expect(mail.html_body).toContain(`/appointment/${mailed}`);
    const replies = await t.db.selectFrom("idempotency_keys").selectAll().execute();
    for (const r of replies) expect(JSON.stringify(r)).not.toContain("/appointment/");
  });

  it("opens the appointment: reference, service, status, date, preparation, policy, contacts; private headers; no script", async () => {
    const { path, reference } = await book();
    const res = await open(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(res.body).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(res.body).toContain(reference);
    expect(res.body).toContain("X-ray Imaging");
    expect(res.body).toContain(PATIENT_STATUS_WORDS.requested);
    expect(res.body).toContain(formatLongDate(booked));
    expect(res.body).toContain("Before your visit");
    expect(res.body).toContain("A late cancellation may incur a fee.");
    expect(res.body).toContain(t.config.clinic.email);
    expect(res.body).not.toMatch(/<script\b(?![^>]*application\/ld\+json)/);
    // Nothing about the patient beyond the reference.
    expect(res.body).not.toContain("Molefhe");
    expect(res.body).not.toContain("BP-998877");
  });

  it("a wrong, altered or expired link gets the same 404 page, and the logs never hold a token", async () => {
    const { path, token, row } = await book();
    const altered = path.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    const answers = await Promise.all(
      ["/appointment/nonsense", altered, `/appointment/${"x".repeat(43)}`].map((p) => open(p)),
    );
    // Seven days after the requested date, the link stops working.
    await t.db
      .updateTable("appointments")
      .set({ requested_date: addDays(clinicToday(new Date()), -8) })
      .where("id", "=", row.id)
      .execute();
    answers.push(await open(path));
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.body).toContain(LINK_NOT_VALID);
      expect(res.body).toContain(t.config.clinic.email);
    }
    // The same page, but for the nonce and the header's language switch, which leads to this address in Setswana.
    const bodies = new Set(
      answers.map((r) => r.body.replace(/nonce="[^"]*"/g, "").replace(/href="\/tn\/appointment\/[^"]*"/g, "")),
    );
    expect(bodies.size).toBe(1);
    const lines = logged.join("");
    expect(lines).toContain('"path":"/appointment/[token]"');
    expect(lines).not.toContain(token);
  });

  it("cancel: a confirm step, an optional reason, history 'cancelled by the patient', the clinic told the reference only", async () => {
    const { path, row } = await book();
    const step = await open(`${path}?step=cancel`);
    expect(step.body).toContain("Yes, cancel my appointment");
    expect(step.body).toContain("Why are you cancelling?");
    expect(lateNotice(step.body)).toBeUndefined();
    const res = await post(path, row.id, { intent: "cancel", reason: "I feel better" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(PATIENT_MESSAGES.cancelled);
    expect((await appointment(row.id)).status).toBe("cancelled");
    const last = (await history(row.id)).at(-1)!;
    expect(last).toMatchObject({
      to_status: "cancelled",
      staff_id: null,
      note: "Cancelled by the patient: I feel better",
    });
    const mail = await t.db
      .selectFrom("mail_queue")
      .selectAll()
      .where("subject", "=", `Appointment ${row.reference} cancelled by the patient`)
      .executeTakeFirstOrThrow();
    expect(mail.to_address).toBe(t.config.clinic.email);
    for (const secret of ["Kagiso", "Molefhe", "feel better", "X-ray", "kagiso.molefhe"]) {
      expect(mail.text_body).not.toContain(secret);
    }
    // Cancelled: a second cancel, or a change, is refused and changes nothing.
    const again = await post(path, row.id, { intent: "cancel" });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain(PATIENT_MESSAGES.alreadyCancelled);
    const change = await post(path, row.id, { intent: "change", date: day(5) });
    expect(change.statusCode).toBe(409);
    expect(await history(row.id)).toHaveLength(1);
  });

  it("within 24 hours of a confirmed time: cancelling warns of the fee, changing says to phone", async () => {
    const { path, row } = await book();
    const soon = new Date(Date.now() + 5 * 3600_000);
    const date = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Gaborone" }).format(soon);
    const time = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Africa/Gaborone",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(soon);
    await t.db
      .updateTable("appointments")
      .set({ status: "confirmed", confirmed_date: date, confirmed_time: time })
      .where("id", "=", row.id)
      .execute();
    const page = await open(`${path}?step=cancel`);
    // The warning stands in the cancel form, apart from the policy list every page shows.
    expect(lateNotice(page.body)).toContain(LATE_CANCELLATION_FEE);
    expect(page.body).toContain("please call the clinic to change it");
    expect(page.body).not.toContain("Ask for this date");
    const change = await post(path, row.id, { intent: "change", date: day(5) });
    expect(change.statusCode).toBe(409);
    expect(change.body).toContain(PATIENT_MESSAGES.tooLate);
    expect((await appointment(row.id)).status).toBe("confirmed");
  });

  it("after the visit (attended, missed) the patient may neither cancel nor change it (APPOINTMENT_TRANSITIONS); nothing changes", async () => {
    const visited = day(3);
    const asked = day(6);
    for (const status of ["attended", "no_show"] as const) {
      const { path, row } = await book();
      await t.db
        .updateTable("appointments")
        .set({ status, confirmed_date: visited, confirmed_time: "09:00" })
        .where("id", "=", row.id)
        .execute();
      const page = await open(`${path}?step=cancel`);
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain("Yes, cancel my appointment");
      expect(page.body).not.toContain("Ask for this date");
      const cancel = await post(path, row.id, { intent: "cancel", reason: "Too late now" });
      expect(cancel.statusCode, status).toBe(409);
      expect(cancel.body).toContain(PATIENT_MESSAGES.cannotCancel);
      const change = await post(path, row.id, { intent: "change", date: asked });
      expect(change.statusCode, status).toBe(409);
      expect(change.body).toContain(PATIENT_MESSAGES.cannotChange);
      expect(await appointment(row.id)).toMatchObject({ status, confirmed_time: "09:00", cancel_reason: null });
      expect(await history(row.id)).toHaveLength(0);
    }
  });

  it("change: a new open date goes back to requested with the old one in the history; bad dates change nothing", async () => {
    const { path, row } = await book();
    const confirmed = day(10);
    const next = day(6);
    await t.db
      .updateTable("appointments")
      .set({ status: "confirmed", confirmed_date: confirmed, confirmed_time: "09:00" })
      .where("id", "=", row.id)
      .execute();
    const sunday = (() => {
      let d = addDays(clinicToday(new Date()), 3);
      while (new Date(`${d}T12:00:00Z`).getUTCDay() !== 0) d = addDays(d, 1);
      return d;
    })();
    const refusals: [string, number, string][] = [
      [sunday, 400, DATE_MESSAGES.closed(sunday)],
      [addDays(clinicToday(new Date()), -1), 400, DATE_MESSAGES.past],
      [
        addDays(clinicToday(new Date()), t.config.bookingHorizonDays + 5),
        400,
        DATE_MESSAGES.tooFar(t.config.bookingHorizonDays),
      ],
      ["not a date", 400, DATE_MESSAGES.format],
    ];
    for (const [date, status, message] of refusals) {
      const res = await post(path, row.id, { intent: "change", date });
      expect(res.statusCode, date).toBe(status);
      expect(res.body).toContain(message.replace(/'/g, "&#x27;"));
    }
    expect(await appointment(row.id)).toMatchObject({ status: "confirmed", confirmed_time: "09:00" });

    const res = await post(path, row.id, { intent: "change", date: next });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(PATIENT_MESSAGES.changed);
    expect(await appointment(row.id)).toMatchObject({
      status: "requested",
      requested_date: next,
      confirmed_date: null,
      confirmed_time: null,
    });
    const last = (await history(row.id)).at(-1)!;
    expect(last).toMatchObject({ from_status: "confirmed", to_status: "requested", staff_id: null });
    expect(last.note).toBe(`Date changed by the patient from ${confirmed} 09:00 to ${next}`);
    // The link still opens: its expiry follows the new date.
    expect((await open(path)).statusCode).toBe(200);
  });

  it("a post from the page itself, which the no-referrer policy sends with Origin: null, is taken", async () => {
    const { path, row } = await book();
    const res = await post(path, row.id, { intent: "cancel" }, { ...SAME_ORIGIN, origin: "null" });
    expect(res.statusCode).toBe(200);
    expect((await appointment(row.id)).status).toBe("cancelled");
    // Without the browser's word that it is same-origin, an opaque origin is refused.
    const other = await book();
    const refused = await post(
      other.path,
      other.row.id,
      { intent: "cancel" },
      {
        "content-type": "application/x-www-form-urlencoded",
        origin: "null",
      },
    );
    expect(refused.statusCode).toBe(403);
    expect((await appointment(other.row.id)).status).toBe("requested");
  });

  it("parallel posts from one page change the appointment once; a stale page and a cross-site post are refused", async () => {
    const { path, row } = await book();
    const v = await version(row.id);
    const send = (fields: Record<string, string>, headers: Record<string, string> = SAME_ORIGIN) =>
      t.app.inject({
        method: "POST",
        url: path,
        headers,
        payload: new URLSearchParams({ version: v, ...fields }).toString(),
      });
    const answers = await Promise.all(Array.from({ length: 8 }, () => send({ intent: "cancel" })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(7);
    // The others lost the race to a cancellation: they say so, not "changed since you opened this page".
    for (const r of answers.filter((a) => a.statusCode === 409))
      expect(r.body).toContain(PATIENT_MESSAGES.alreadyCancelled.replace(/'/g, "&#x27;"));
    expect(await history(row.id)).toHaveLength(1);

    const other = await book();
    const stale = await t.app.inject({
      method: "POST",
      url: other.path,
      headers: SAME_ORIGIN,
      payload: new URLSearchParams({ version: "2000-01-01T00:00:00.000Z", intent: "cancel" }).toString(),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.body).toContain(PATIENT_MESSAGES.stale.replace(/;/g, ";"));
    const crossSite = await post(
      other.path,
      other.row.id,
      { intent: "cancel" },
      {
        ...SAME_ORIGIN,
        "sec-fetch-site": "cross-site",
      },
    );
    expect(crossSite.statusCode).toBe(403);
    expect((await appointment(other.row.id)).status).toBe("requested");
  });
});

describe("a patient's private page, ordered for the patient (decision 026)", () => {
  let t: TestApp;
  /** This describe's database has its own days, each given once; every booking takes the first. */
  let day: (offset: number) => string;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: "false" }, { servePages: true });
    day = distinctDays((offset) => openDate(offset));
    day(2); // validAppointment()'s day (tests/helpers/requests.ts)
  });
  afterAll(() => t.close());

  const book = (overrides: Record<string, unknown> = {}) => bookWithLink(t, overrides);
  const open = (path: string) => t.app.inject({ method: "GET", url: path });
  const versionOf = async (id: number) =>
    (await t.db.selectFrom("appointments").select("updated_at").where("id", "=", id).executeTakeFirstOrThrow())
      .updated_at;
  const send = (path: string, fields: Record<string, string>) =>
    t.app.inject({ method: "POST", url: path, headers: SAME_ORIGIN, payload: new URLSearchParams(fields).toString() });
  const post = async (path: string, id: number, fields: Record<string, string>) =>
    send(path, { version: await versionOf(id), ...fields });
  const mailsTo = (email: string) =>
    t.db.selectFrom("mail_queue").selectAll().where("to_address", "=", email).orderBy("id").execute();
  const expectInOrder = (html: string, parts: string[]) => {
    const at = parts.map((p) => html.indexOf(p));
    at.forEach((i, n) => expect(i, parts[n]).toBeGreaterThan(-1));
    expect(
      [...at].sort((a, b) => a - b),
      parts.join(" < "),
    ).toEqual(at);
  };

  it("puts first the status, the date, where to go, what to bring and how to change or cancel; then the safety questions", async () => {
    const { path, row } = await book();
    const main = mainOf((await open(path)).body);
    expectInOrder(main, [
      "<h1",
      PATIENT_STATUS_WORDS.requested,
      formatLongDate(row.requested_date),
      REQUEST_RECEIVED,
      "Where to go",
      "Before your visit",
      "Change the date",
      "Cancel the appointment",
      "Safety questions",
      "Our booking policy",
    ]);
    // Not yet confirmed, in the words the booking page and the e-mail use: answered by the next open day.
    const answerBy = nextOpenDay(clinicDate(new Date(row.updated_at)), t.config.closedDates)!;
    expect(main).toContain(esc(requestNextStep(answerBy)));
    expect(main).toContain(esc(t.config.clinic.address.street));
    expect(main).toContain(esc(mapsHref(t.config.clinic)));
    expect(main).toContain(esc(serviceGuidance("x-ray").notes[0]!));
  });

  it("a cancelled appointment reads as final: Book a new appointment, no preparation, no forms; a second post says it is already cancelled", async () => {
    const { path, row } = await book();
    const shown = await versionOf(row.id);
    const res = await send(path, { version: shown, intent: "cancel" });
    expect(res.statusCode).toBe(200);
    const main = mainOf(res.body);
    expect(main).toMatch(/<a[^>]*href="\/book-appointment"[^>]*>Book a new appointment<\/a>/);
    for (const gone of ["Before your visit", "Where to go", esc(serviceGuidance("x-ray").notes[0]!), 'value="change"'])
      expect(main, gone).not.toContain(gone);
    expect(main).not.toContain('value="cancel"');
    // The same page posted again (a second tab, the back button): already cancelled, not "changed since".
    const posts: Record<string, string>[] = [{ intent: "cancel" }, { intent: "change", date: day(5) }];
    for (const fields of posts) {
      const again = await send(path, { version: shown, ...fields });
      expect(again.statusCode, fields.intent).toBe(409);
      expect(again.body).toContain(esc(PATIENT_MESSAGES.alreadyCancelled));
      expect(again.body).not.toContain(esc(PATIENT_MESSAGES.stale));
    }
    const safety = await send(path, { intent: "safety", "safety-pregnant": "no" });
    expect(safety.statusCode).toBe(409);
    expect(safety.body).toContain(esc(PATIENT_MESSAGES.alreadyCancelled));
  });

  it("each post's outcome comes first in <main>, focused; a refused post's title starts with Error: and its summary links to the field", async () => {
    const { path, row } = await book();
    const outcomeFirst = (html: string, words: string) => {
      const main = mainOf(html);
      expect(main.indexOf(esc(words)), words).toBeGreaterThan(-1);
      expect(main.indexOf(esc(words)), words).toBeLessThan(main.indexOf("<h1"));
      // Focused on arrival without script (the autofocus attribute), so it is read out first.
      expect(main.slice(0, main.indexOf(esc(words)))).toMatch(/autofocus=""/);
    };
    const saved = await send(path, { intent: "safety", "safety-pregnant": "no" });
    expect(saved.statusCode).toBe(200);
    outcomeFirst(saved.body, SAFETY_MESSAGES.saved);
    expect(titleOf(saved.body)).toBe("Your appointment");
    // Every form posts to the page's own address with no fragment (not #safety, nor a #date the patient followed).
    const forms = [...saved.body.matchAll(/<form\b[^>]*>/g)].map((m) => m[0]);
    // The change of date, the safety answers and how updates are sent.
    expect(forms).toHaveLength(3);
    for (const form of forms) expect(form).toContain(`action="${path}"`);

    const badSafety = await send(path, { intent: "safety", "safety-pregnant": "maybe" });
    expect(badSafety.statusCode).toBe(400);
    outcomeFirst(badSafety.body, "There is a problem");
    expect(titleOf(badSafety.body)).toBe("Error: Your appointment");
    expect(mainOf(badSafety.body)).toContain('href="#safety-pregnant-yes"');

    // Nothing chosen in the calendar: said in the calendar's words, not the typed date's.
    const none = await post(path, row.id, { intent: "change" });
    expect(none.statusCode).toBe(400);
    outcomeFirst(none.body, PATIENT_MESSAGES.chooseDate);

    const sunday = sundayAfter(3);
    const closed = await post(path, row.id, { intent: "change", date: sunday });
    expect(closed.statusCode).toBe(400);
    outcomeFirst(closed.body, "There is a problem");
    expect(titleOf(closed.body)).toBe("Error: Your appointment");
    const summary = mainOf(closed.body).slice(0, mainOf(closed.body).indexOf("<h1"));
    expect(summary).toContain('href="#date"');
    expect(summary).toContain(esc(DATE_MESSAGES.closed(sunday)));
    expect(closed.body).toMatch(/<input[^>]*id="date"/);

    const changed = await post(path, row.id, { intent: "change", date: day(6) });
    expect(changed.statusCode).toBe(200);
    outcomeFirst(changed.body, PATIENT_MESSAGES.changed);
    expect(titleOf(changed.body)).toBe("Your appointment");

    const cancelled = await post(path, row.id, { intent: "cancel" });
    expect(cancelled.statusCode).toBe(200);
    outcomeFirst(cancelled.body, PATIENT_MESSAGES.cancelled);
    // A page opened afresh has no outcome to focus.
    expect(mainOf((await open(path)).body)).not.toContain('autofocus=""');
  });

  it("Change the date offers only the days the clinic is open: Sundays, holidays and closures are greyed, not offered", async () => {
    const { path } = await book();
    const closure = day(9);
    const offered = day(4);
    await t.db
      .insertInto("clinic_closures")
      .values({ first_date: closure, last_date: closure, reason: "Staff training", created_by: null, created_at: "" })
      .execute();
    const html = mainOf((await open(path)).body);
    const radio = (date: string) => new RegExp(`<input[^>]*type="radio"[^>]*name="date"[^>]*value="${date}"`);
    expect(html).toMatch(radio(offered));
    for (const shut of [sundayAfter(2), closure]) {
      expect(html, shut).not.toMatch(radio(shut));
      expect(html, shut).toContain(`${formatLongDate(shut)}, clinic closed`);
    }
    // Each offered day is named in full for screen readers; past days are not offered.
    expect(html).toMatch(new RegExp(`<label[^>]*for="[^"]*${offered}"[^>]*>.*?${formatLongDate(offered)}`, "s"));
    expect(html).not.toMatch(radio(addDays(clinicToday(new Date()), -1)));
  });

  it("the patient is e-mailed their own change and cancellation: the least data, the reference and a fresh link", async () => {
    const email = "own.change.qq@example.net";
    const { path, row, reference, token } = await book({ email, notes: "Secretnotesxyzzy" });
    const next = day(6);
    expect((await post(path, row.id, { intent: "change", date: next })).statusCode).toBe(200);
    const cancelled = await post(path, row.id, { intent: "cancel", reason: "Reasonplughxyz" });
    expect(cancelled.statusCode).toBe(200);

    const [ack, change, cancel] = await mailsTo(email);
    expect(ack!.subject).toContain("request");
    for (const m of [change!, cancel!]) {
      expect(m.about_reference).toBe(reference);
      expect(m.subject).toContain(reference);
      expect(m.text_body).toContain("Dear Kagiso,");
      expect(m.text_body).toContain(`Reference: ${reference}`);
      // Never the service, the patient's words or health details.
      const all = [m.subject, m.text_body, m.html_body ?? ""].join("\n");
      for (const secret of ["X-ray", "x-ray", "Molefhe", "BP-998877", "Secretnotesxyzzy", "Reasonplughxyz", "pregnan"])
        expect(all, secret).not.toContain(secret);
      // A fresh private link of its own, which opens the appointment.
      const mailed = /\/appointment\/([A-Za-z0-9_-]{43})/.exec(m.text_body)![1]!;
      expect(mailed).not.toBe(token);
      expect((await open(`/appointment/${mailed}`)).statusCode).toBe(200);
    }
    expect(change!.text_body).toContain(formatLongDate(next));
    expect(change!.text_body).toContain(formatLongDate(row.requested_date));
    expect(change!.text_body).toContain(requestNextStep(nextOpenDay(clinicToday(new Date()), t.config.closedDates)));
    expect(cancel!.subject).toMatch(/cancelled/i);
    expect(cancel!.text_body).toContain(`${formatLongDate(next)} is cancelled`);
    expect(cancel!.text_body).toContain("/book-appointment");
  });
});

describe("a patient's private link, rate limited", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: "true" }, { servePages: true });
  });
  afterAll(() => t.close());

  it("answers 429 past 30 openings a minute from one address", async () => {
    // Counters are per calendar minute: 61 openings put at least 31 into one minute however they
    // straddle a boundary, and none of the first 30 can be refused.
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      statuses.push((await t.app.inject({ method: "GET", url: `/appointment/${"a".repeat(43)}` })).statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 404 || s === 429)).toBe(true);
  });
});

describe("a patient's private link, rate limited, posts", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: "true" }, { servePages: true });
  });
  afterAll(() => t.close());

  it("a form post counts once, though the page's loader runs again after its action", async () => {
    const res = await t.app.inject({ method: "POST", url: APPOINTMENT_PATH, payload: validAppointment() });
    const path = new URL(res.json().data.manageUrl as string).pathname;
    // 30 saves within one minute are all taken (counted twice, the 16th was refused).
    const headers = SAME_ORIGIN;
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const post = await t.app.inject({
        method: "POST",
        url: path,
        headers,
        payload: new URLSearchParams({ intent: "safety", "safety-pregnant": "no" }).toString(),
      });
      statuses.push(post.statusCode);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(0);
  });
});
