import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clinicInstant, formatLongDate } from "../../domain/dates";
import { closureRepository } from "../../server/closures/closure-repository";
import { createTestApp, type TestApp } from "../helpers/app";
import { bookingFormFields, formMultipart } from "../helpers/requests";
import { seedConfirmedIn } from "../helpers/staff";

// Decision 064: the booking page offers a self-bookable service's free times as plain forms (no
// JavaScript): a day (a GET form read by the page's loader, on the server), then a time (radio
// buttons in the booking form). The clock is fixed at Monday 1 March 2027, 08:00 in Gaborone.

const NOW = clinicInstant("2027-03-01", "08:00");

/** The element of `html` that starts with `open` (a regular expression over its opening tag), to its end tag `tag`. */
function element(html: string, open: RegExp, tag: string): string {
  const start = html.search(open);
  if (start === -1) return "";
  const end = html.indexOf(`</${tag}>`, start);
  return html.slice(start, end + tag.length + 3);
}

const dayButtons = (html: string) => [...html.matchAll(/<button[^>]*class="day-choice__day"[^>]*>/g)].map((m) => m[0]);
/** A button of the day step that loads another window: its value, by its words. */
const windowButton = (html: string, words: string) =>
  new RegExp(`<button[^>]*value="([^"]+)"[^>]*name="from"[^>]*>${words}<`).exec(html)?.[1];
const valueOf = (tag: string) => /value="([^"]*)"/.exec(tag)?.[1];
const times = (html: string) =>
  [...html.matchAll(/<input[^>]*name="appointmentTime"[^>]*value="([^"]+)"/g)].map((m) => m[1]);

describe("booking a time on the booking page, without JavaScript", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: "false" }, { servePages: true, now: () => NOW });
    // Tuesday 2 March: the X-ray room holds 11:00; Wednesday 3 March: the clinic is closed.
    await seedConfirmedIn(t.db, "2027-03-02", "11:00", "x-ray");
    await closureRepository(t.db).create({
      firstDate: "2027-03-03",
      lastDate: "2027-03-03",
      reason: "Staff training",
      room: null,
      createdBy: null,
      createdAt: NOW.toISOString(),
    });
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode, url).toBe(200);
    return res.body;
  };

  it("asks first how to book, linking each self-bookable examination to its free times, above the request form", async () => {
    const html = await get("/book-appointment");
    const question = element(html, /<section class="way-choice"/, "section");
    expect(question).toContain("How would you like to book?");
    const links = [...question.matchAll(/href="(\/book-appointment\?service=[^"]+)"/g)].map((m) => m[1]);
    expect(links.sort()).toEqual(
      [
        "3d-pregnancy-scan",
        "bone-densitometry-dexa-scan",
        "breast-ultrasound",
        "mammography",
        "ultrasound",
        "x-ray",
      ].map((slug) => `/book-appointment?service=${slug}`),
    );
    expect(question).toContain('href="#booking-title"');
    // The request form is there, as before, after the question.
    expect(html.indexOf('id="booking-title"')).toBeGreaterThan(html.indexOf('class="way-choice"'));
    expect(html).toContain('name="appointmentDate"');
    expect(html).not.toContain("day-choice");
  });

  it("leads a self-bookable service's address straight to its free days and the first one's times, in Gaborone time", async () => {
    const html = await get("/book-appointment?service=x-ray");
    expect(html).toMatch(/<h1>Book a time: X-ray Imaging<\/h1>/);
    const days = dayButtons(html);
    // The window's days with free times: Sundays and the closed Wednesday are not among them.
    expect(days.map(valueOf)).toEqual([
      "2027-03-01",
      "2027-03-02",
      "2027-03-04",
      "2027-03-05",
      "2027-03-06",
      "2027-03-08",
      "2027-03-09",
      "2027-03-10",
      "2027-03-11",
      "2027-03-12",
      "2027-03-13",
    ]);
    expect(days[0]).toContain('aria-pressed="true"');
    const dayForm = element(html, /<form class="day-choice"/, "form");
    expect(dayForm).toMatch(/action="\/book-appointment" method="get"/);
    expect(dayForm).toContain('name="service" value="x-ray"');
    expect(windowButton(dayForm, "Later days")).toBe("2027-03-15");
    expect(dayForm).not.toContain("Earlier days");
    // Today's times start two hours from now (the least notice).
    expect(times(html)[0]).toBe("10:00");
    expect(html).toContain("Free times on Monday 1 March 2027");
    expect(html).toContain("All times are Gaborone time.");
    // The booking form posts to this day's address, with the day as a hidden field.
    expect(html).toMatch(
      /<form class="form"[^>]* action="\/book-appointment\?service=x-ray&amp;from=2027-03-01&amp;day=2027-03-01"[^>]* method="post"/,
    );
    expect(html).toContain('<input type="hidden" name="appointmentDate" value="2027-03-01"/>');
    expect(html).toMatch(/<button type="submit"[^>]*value="true" name="bookTime"[^>]*>Book this time</);
    // The screening question for an examination with X-rays.
    expect(html).toContain("Could you be pregnant?");
  });

  it("shows the day a day button asks for, without the times its room holds", async () => {
    const html = await get("/book-appointment?service=x-ray&from=2027-03-01&day=2027-03-02");
    expect(html).toContain("Free times on Tuesday 2 March 2027");
    expect(dayButtons(html).find((b) => b.includes('aria-pressed="true"'))).toContain('value="2027-03-02"');
    // 11:00 to 11:30 is held: no X-ray (its length and changeover) may overlap it.
    const offered = times(html);
    expect(offered).toContain("10:15");
    for (const held of ["10:30", "10:45", "11:00", "11:15"]) expect(offered).not.toContain(held);
    expect(offered).toContain("11:30");
  });

  it("pages through later windows within the service's horizon", async () => {
    const html = await get("/book-appointment?service=x-ray&from=2027-03-15");
    expect(dayButtons(html).map(valueOf)[0]).toBe("2027-03-15");
    expect(windowButton(html, "Earlier days")).toBe("2027-03-01");
    expect(windowButton(html, "Later days")).toBe("2027-03-29");
    // A day inside a window shows that window, as the day step counts them from today.
    const inside = await get("/book-appointment?service=x-ray&day=2027-03-17");
    expect(dayButtons(inside).map(valueOf)[0]).toBe("2027-03-15");
    expect(inside).toContain("Free times on Wednesday 17 March 2027");
  });

  it("is in Setswana on the Setswana page", async () => {
    const html = await get("/tn/book-appointment?service=x-ray&day=2027-03-02");
    expect(html).toContain("Dinako tse di gololesegileng ka Labobedi 2 Mopitlo 2027");
    expect(html).toContain("Dinako tsotlhe ke nako ya Gaborone.");
    expect(html).toMatch(/action="\/tn\/book-appointment\?service=x-ray/);
  });

  it("keeps the request form for a service booked by request only, and for a patient who asks a date", async () => {
    for (const url of ["/book-appointment?service=fluoroscopy", "/book-appointment?service=x-ray&way=request"]) {
      const html = await get(url);
      expect(html, url).not.toContain("day-choice");
      expect(html, url).toContain('name="appointmentDate"');
      expect(html, url).toMatch(/<h1>Book an appointment<\/h1>/);
    }
  });
});

// The plain post reads the app's one clock, as the page and the slots API do: fixed here at Monday
// 1 March 2027, 08:00 in Gaborone, months past the real clock's horizon; each test its own day.
describe("a time posted without JavaScript", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: "false" }, { servePages: true, now: () => NOW });
  });
  afterAll(() => t.close());

  /** The booking form as the time step posts it: the day and time, the answer, and the button's bookTime. */
  const bookTime = (day: string, time: string, surname: string) => {
    const fields = bookingFormFields({ surname, appointmentDate: day }).filter(([name]) => name !== "service");
    const body = formMultipart([
      ...fields,
      ["service", "X-ray Imaging"],
      ["appointmentTime", time],
      ["screening-pregnant", "no"],
      ["bookTime", "true"],
    ]);
    return t.app.inject({
      method: "POST",
      url: `/book-appointment?service=x-ray&day=${day}`,
      payload: body.payload,
      headers: { "content-type": body.contentType, "sec-fetch-site": "same-origin" },
    });
  };

  it("books the first time the notice leaves today, by the app's clock, not the machine's", async () => {
    // 08:00 now, and the X-ray's two hours' notice: 10:00 today is the first free time the page offers.
    const res = await bookTime("2027-03-01", "10:00", "Clock Plain");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Your appointment is booked: Monday 1 March 2027 at 10:00");
    const early = await bookTime("2027-03-01", "09:45", "Too Soon Plain");
    expect(early.statusCode).toBe(400);
    expect(early.body).toContain("at least 2 hours");
  });

  it("answers a booked time with the day and time, what to bring, and the private link", async () => {
    const day = "2027-03-09";
    const res = await bookTime(day, "09:00", "Booked Plain");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`Your appointment is booked: ${formatLongDate(day)} at 09:00`);
    expect(res.body).toContain("What to bring");
    expect(res.body).toMatch(/href="http:\/\/[^"]+\/appointment\/[A-Za-z0-9_-]{43}"/);
    expect(res.body).not.toContain("day-choice");
    const row = await t.db
      .selectFrom("appointments")
      .select(["status", "confirmed_date", "confirmed_time"])
      .where("surname", "=", "Booked Plain")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "confirmed", confirmed_date: day, confirmed_time: "09:00" });
  });

  it("answers a time taken meanwhile with the nearest free times, that day's times afresh, and everything typed", async () => {
    const day = "2027-03-11";
    await seedConfirmedIn(t.db, day, "10:00", "x-ray");
    const res = await bookTime(day, "10:00", "Too Late");
    expect(res.statusCode).toBe(409);
    const notice = element(res.body, /<div[^>]*class="error-summary taken"/, "ul");
    // The notice names the time taken, as the page with JavaScript does (issue 35).
    expect(notice).toContain(`Someone else booked ${formatLongDate(day)} at 10:00 a moment ago`);
    expect(notice).toContain(formatLongDate(day));
    expect(notice).toContain("10:30");
    // The form again, for that day, without the time taken, with what was typed.
    expect(res.body).toContain(`Free times on ${formatLongDate(day)}`);
    expect(times(res.body)).not.toContain("10:00");
    expect(times(res.body)).toContain("10:30");
    expect(res.body).toContain('value="Too Late"');
    expect(res.body).toMatch(/<input[^>]*id="screening-pregnant-no"[^>]*checked=""/);
    expect(await t.db.selectFrom("appointments").where("surname", "=", "Too Late").select("id").execute()).toEqual([]);
  });
});
