import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatLongDate } from "../../domain/dates";
import { m } from "../../domain/paraglide/messages.js";
import { REQUEST_RECEIVED } from "../../domain/request-words";
import { closeAndTell } from "../../server/appointments/front-desk/closure-effects";
import { staffRuntime } from "../../server/db/runtime";
import { createTestApp, type TestApp } from "../helpers/app";
import { mainOf, privatePageFromMail } from "../helpers/patient-link";
import { addStaff, nextOpenWeekday, seedAppointment, seedConfirmedIn } from "../helpers/staff";

/**
 * A closed day on the patient's private page (decision 044): a patient who
 * follows the closure's e-mail reads first that the clinic is closed that day
 * (or that the equipment for their examination is out of service), the
 * reason, that a confirmed time is no longer held, and what to do, with
 * "Change the date" one tap away (#change) and right under the appointment;
 * never "Request received … we will contact you". In English and Setswana.
 * The page has no script, so this HTML is what every browser shows. Needs a
 * client build (`npm run build`).
 */

const tn = { locale: "tn" } as const;
const esc = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");
/** Where `text` first appears in `html`, failing when it does not. */
const at = (html: string, text: string) => {
  const i = html.indexOf(esc(text));
  expect(i, `"${text}" on the page`).toBeGreaterThan(-1);
  return i;
};

describe("a closed day on the patient's private page", () => {
  let t: TestApp;
  let staff: { id: number; email: string; name: string; role: "manager" };
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: "false" }, { servePages: true });
    const s = await addStaff(t.db, { email: "closures-page@clinic.example.org", name: "Clinic Manager" });
    staff = { id: s.id, email: "closures-page@clinic.example.org", name: "Clinic Manager", role: "manager" };
  });
  afterAll(() => t.close());

  const rt = () => staffRuntime(t.db, t.config);
  /** Open weekdays, each one this file alone uses: no two tests share a day by chance. */
  const used = new Set<string>();
  const ownDay = (offset: number) => {
    let day = nextOpenWeekday(t.config, offset);
    while (used.has(day)) day = nextOpenWeekday(t.config, (offset += 1));
    used.add(day);
    return day;
  };
  const confirmedIn = (date: string, time: string, room: string, extra: Parameters<typeof seedAppointment>[1] = {}) =>
    seedConfirmedIn(t.db, date, time, room, extra);
  /** The private page the closure's e-mail to this reference links to. */
  const pageFromMail = (reference: string) => privatePageFromMail(t, reference);

  it("a whole-clinic closure: closed, the reason, the time no longer held, choose another date, the calendar one tap away", async () => {
    const day = ownDay(30);
    await confirmedIn(day, "09:00", "x-ray", { reference: "APT-CLOSEDPAGE-01" });
    await seedAppointment(t.db, { reference: "APT-CLOSEDPAGE-02", service_name: "x-ray", requested_date: day });
    const saved = await closeAndTell(rt(), staff, { firstDate: day, reason: "Power cut" }, { confirmed: true });
    expect(saved).toMatchObject({ ok: true, saved: true });

    const confirmed = (await pageFromMail("APT-CLOSEDPAGE-01")).html;
    const heading = at(confirmed, m.private_closed_clinic({ date: formatLongDate(day) }));
    // First under the page's heading, before the appointment's summary and every other section.
    expect(heading).toBeGreaterThan(at(confirmed, m.private_title()));
    expect(heading).toBeLessThan(confirmed.indexOf("<dl"));
    expect(at(confirmed, "Reason: Power cut")).toBeLessThan(confirmed.indexOf("<dl"));
    expect(at(confirmed, "The time you were given that day is no longer held for you.")).toBeLessThan(
      confirmed.indexOf("<dl"),
    );
    const ask = at(confirmed, "Please choose another date. The clinic will then contact you to confirm a time.");
    expect(ask).toBeLessThan(confirmed.indexOf("<dl"));
    expect(confirmed).toMatch(/<a href="#change" class="button button--primary">Choose another date<\/a>/);
    // The date reads as closed; "Change the date" is the section right after the summary, before where to go.
    expect(confirmed).toContain(esc(`${formatLongDate(day)} (closed)`));
    const change = confirmed.indexOf('<section class="form__section" id="change"');
    expect(change).toBeGreaterThan(confirmed.indexOf("</dl>"));
    expect(change).toBeLessThan(at(confirmed, m.private_where_title()));
    // Nothing says the request is simply waiting for the clinic.
    expect(confirmed).not.toContain(esc(REQUEST_RECEIVED));
    expect(confirmed).not.toContain("This is a request, not yet a booked time");

    // A request on that day: the same, but no time was held.
    const request = (await pageFromMail("APT-CLOSEDPAGE-02")).html;
    at(request, m.private_closed_clinic({ date: formatLongDate(day) }));
    at(request, "Reason: Power cut");
    expect(request).not.toContain("no longer held");
    expect(request).toContain('href="#change"');
    expect(request).not.toContain(esc(REQUEST_RECEIVED));
  });

  it("in Setswana for a Setswana patient", async () => {
    const day = ownDay(33);
    await confirmedIn(day, "10:00", "x-ray", { reference: "APT-CLOSEDPAGE-TN", language: "tn" });
    await closeAndTell(rt(), staff, { firstDate: day, reason: "Motlakase o kgaotse" }, { confirmed: true });
    const { path, html } = await pageFromMail("APT-CLOSEDPAGE-TN");
    expect(path).toMatch(/^\/tn\/appointment\//);
    const heading = at(html, m.private_closed_clinic({ date: formatLongDate(day, "tn") }, tn));
    expect(heading).toBeLessThan(html.indexOf("<dl"));
    at(html, m.private_closed_reason_clinic({ reason: "Motlakase o kgaotse" }, tn));
    at(html, m.private_closed_released({}, tn));
    at(html, m.private_closed_choose({}, tn));
    expect(html).toContain(
      `<a href="#change" class="button button--primary">${esc(m.private_closed_action({}, tn))}</a>`,
    );
    expect(html).not.toContain("The clinic is closed");
  });

  it("one room out of service: the examination cannot be done that day, with the reason; the other patients' pages say nothing", async () => {
    const day = ownDay(36);
    await confirmedIn(day, "09:00", "x-ray", { reference: "APT-ROOMPAGE-01" });
    // One of two ultrasound rooms out: the appointment held in it is told; the other room could hold it, yet its patient was told to move.
    await confirmedIn(day, "09:00", "ultrasound-1", { reference: "APT-ROOMPAGE-02" });
    await confirmedIn(day, "11:00", "ultrasound-2", { reference: "APT-ROOMPAGE-03" });
    const xray = await closeAndTell(
      rt(),
      staff,
      { firstDate: day, reason: "X-ray tube replaced", room: "x-ray" },
      { confirmed: true },
    );
    expect(xray).toMatchObject({ ok: true, saved: true });
    const us = await closeAndTell(
      rt(),
      staff,
      { firstDate: day, reason: "Probe repair", room: "ultrasound-1" },
      { confirmed: true },
    );
    expect(us).toMatchObject({ ok: true, saved: true, told: [{ reference: "APT-ROOMPAGE-02" }] });

    const inXray = (await pageFromMail("APT-ROOMPAGE-01")).html;
    const heading = at(inXray, m.private_closed_room({ date: formatLongDate(day) }));
    expect(heading).toBeLessThan(inXray.indexOf("<dl"));
    at(inXray, "The equipment for your examination is out of service that day: X-ray tube replaced");
    at(inXray, "The time you were given that day is no longer held for you.");
    expect(inXray).toContain('href="#change"');
    expect(inXray).not.toContain("The clinic is closed");
    // The clinic is open: the date is not marked closed.
    expect(inXray).not.toContain(esc(`${formatLongDate(day)} (closed)`));

    const inUltrasound = (await pageFromMail("APT-ROOMPAGE-02")).html;
    at(inUltrasound, m.private_closed_room({ date: formatLongDate(day) }));
    at(inUltrasound, "The equipment for your examination is out of service that day: Probe repair");

    // The patient in the room still in service was not told, and their page says nothing of it.
    const [row] = await t.db
      .selectFrom("appointments")
      .select(["id", "status"])
      .where("reference", "=", "APT-ROOMPAGE-03")
      .execute();
    expect(row!.status).toBe("confirmed");
    const { issueManageLink } = await import("../../server/appointments/manage-links");
    const link = new URL(await issueManageLink(t.db, t.config, { id: row!.id, language: "en" }, new Date()));
    const other = mainOf((await t.app.inject({ method: "GET", url: link.pathname })).body);
    expect(other).toContain(esc(m.private_title()));
    expect(other).not.toContain("notice--closed");
    expect(other).not.toContain("out of service");
  });

  it("once the patient asks for another date, the notice is gone and the request waits as usual", async () => {
    const day = ownDay(39);
    const next = ownDay(42);
    await seedAppointment(t.db, { reference: "APT-CLOSEDPAGE-MOVE", service_name: "x-ray", requested_date: day });
    await closeAndTell(rt(), staff, { firstDate: day, reason: "Staff training" }, { confirmed: true });
    const { path, html } = await pageFromMail("APT-CLOSEDPAGE-MOVE");
    at(html, m.private_closed_clinic({ date: formatLongDate(day) }));
    const version = /name="version" value="([^"]+)"/.exec(html)![1]!;
    const moved = await t.app.inject({
      method: "POST",
      url: path,
      headers: { "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ intent: "change", version, date: next }).toString(),
    });
    expect(moved.statusCode).toBe(200);
    const after = mainOf(moved.body);
    expect(after).toContain(esc(m.private_done_changed()));
    expect(after).not.toContain("notice--closed");
    expect(after).not.toContain("Power cut");
    expect(after).toContain(esc(formatLongDate(next)));
  });
});
