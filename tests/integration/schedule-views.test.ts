import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orThrow } from "../helpers/outcome";
import { addDays, clinicDate, clinicInstant, formatLongDate, formatShortDate, isoWeekday } from "../../domain/dates";
import { clinicMinutes } from "../../domain/rooms";
import { changeStatus } from "../../server/appointments/front-desk/staff-changes";
import { overdueRequests } from "../../server/appointments/front-desk/overview";
import { staffRuntime } from "../../server/db/runtime";
import { createTestApp, type TestApp } from "../helpers/app";
import {
  addStaff,
  errorSummaryLinks,
  nextOpenWeekday,
  seedAppointment,
  seedEnquiry,
  seedUpload,
  sessionCookieFor,
  type TestStaff,
} from "../helpers/staff";

/**
 * The console's schedule (decision 022): the day and week views,
 * reception's printable day list, and the overview's panels, including the
 * one-working-day rule for requests still unconfirmed.
 */

let t: TestApp;
let reception: TestStaff;
let cookie: string;
let date: string;

beforeAll(async () => {
  t = await createTestApp({}, { servePages: true });
  reception = await addStaff(t.db, { role: "reception", name: "Desk Reception" });
  cookie = await sessionCookieFor(t.db, t.config, reception.id);
  date = nextOpenWeekday(t.config, 21);
});
afterAll(() => t?.close());

const confirm = (id: number, time: string, extra: { room?: string; examination?: string } = {}, on = date) =>
  orThrow(changeStatus(staffRuntime(t.db, t.config), reception, id, { to: "confirmed", date: on, time, ...extra }));
const get = (url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });
// jsdom (vitest's DOM environment) ships no types: only its parser is used, typed here.
const { JSDOM } = (await import("jsdom" as string)) as {
  JSDOM: new (html: string) => { window: { document: Document } };
};
const dom = (html: string) => new JSDOM(html).window.document;
/** A clinic-local instant as the ISO string created_at holds. */
const madeAt = (day: string, time: string) => clinicInstant(day, time).toISOString();

describe("the day view", () => {
  it("lists a confirmed appointment in its room's column and its start row, spanning its length, with a link", async () => {
    const id = await seedAppointment(t.db, { service_name: "x-ray", name: "Kagiso", surname: "Grid" });
    await confirm(id, "10:00"); // x-ray: 30 minutes, first free room X-ray
    const res = await get(`/staff/schedule?date=${date}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const doc = dom(res.body);
    const table = doc.querySelector("table.staff-schedule")!;
    expect(table.querySelector("caption")?.textContent).toContain("by room");
    const columns = [...table.querySelectorAll("thead th[scope=col]")].map((th) => th.textContent);
    expect(columns.slice(0, 7)).toEqual([
      "Time",
      "X-ray",
      "Fluoroscopy",
      "Bone densitometry",
      "Ultrasound 1",
      "Ultrasound 2",
      "Procedure room",
    ]);
    // Time runs down the page: 15-minute rows from opening (Monday to Friday 08:00) to closing.
    const rowHeads = [...table.querySelectorAll("tbody th[scope=row]")].map((th) => th.textContent);
    expect(rowHeads[0]).toBe("08:00");
    expect(rowHeads[1]).toBe("08:15");
    expect(rowHeads.at(-1)).toBe("19:45");
    const row = [...table.querySelectorAll("tbody tr")].find((tr) => tr.querySelector("th")?.textContent === "10:00")!;
    const cells = [...row.querySelectorAll("td")];
    // Nothing else starts at 10:00 or spans into it that day: the first cell is X-ray's.
    const link = cells[0]!.querySelector(`a[href="/staff/appointments/${id}"]`);
    expect(link?.textContent).toContain("Kagiso Grid");
    expect(link?.textContent).toContain("X-ray");
    expect(link?.textContent).toContain("Confirmed");
    expect(link?.textContent).toMatch(/APT-/);
    expect(link?.textContent).toContain("10:00–10:30");
    expect(cells[0]!.getAttribute("rowspan")).toBe("2");
    expect(cells.slice(1).every((td) => td.textContent === "")).toBe(true);
    // The row after is one cell short in X-ray's column (spanned from above).
    const next = row.nextElementSibling!;
    expect(next.querySelector("th")?.textContent).toBe("10:15");
    expect(next.querySelectorAll("td")).toHaveLength(cells.length - 1);
    // Previous and next day, today one click away, and the day list.
    expect(doc.querySelector(`a[href="/staff/schedule?date=${addDays(date, -1)}"]`)?.textContent).toBe("Previous day");
    expect(doc.querySelector(`a[href="/staff/schedule?date=${addDays(date, 1)}"]`)?.textContent).toBe("Next day");
    expect(doc.querySelector('nav[aria-label="Choose the day"] a[href="/staff/schedule"]')?.textContent).toBe("Today");
    expect(doc.querySelector(`a[href="/staff/schedule/print?date=${date}"]`)?.textContent).toBe("Print the day list");
    // The staff navigation has the schedule, for reception too.
    expect(doc.querySelector('nav[aria-label="Staff console"] a[href="/staff/schedule"]')?.textContent).toBe(
      "Schedule",
    );
  });

  it("adds a 'No room' column for remote reporting, and leaves out cancelled appointments", async () => {
    const day = nextOpenWeekday(t.config, 35);
    const remote = await seedAppointment(t.db, { service_name: "remote-reporting", name: "Remote", surname: "Reader" });
    await confirm(remote, "09:00", {}, day);
    const gone = await seedAppointment(t.db, { service_name: "x-ray", name: "Cancelled", surname: "Patient" });
    await confirm(gone, "09:00", {}, day);
    await orThrow(changeStatus(staffRuntime(t.db, t.config), reception, gone, { to: "cancelled", reason: "Unwell." }));
    const doc = dom((await get(`/staff/schedule?date=${day}`)).body);
    const columns = [...doc.querySelectorAll("table.staff-schedule thead th[scope=col]")].map((th) => th.textContent);
    expect(columns.at(-1)).toBe("No room");
    const row = [...doc.querySelectorAll("table.staff-schedule tbody tr")].find(
      (tr) => tr.querySelector("th")?.textContent === "09:00",
    )!;
    const cells = [...row.querySelectorAll("td")];
    expect(cells.at(-1)!.querySelector(`a[href="/staff/appointments/${remote}"]`)).not.toBeNull();
    expect(doc.body.textContent).not.toContain("Cancelled Patient");
  });

  it("shows today for a missing or invalid date, and says when the clinic is closed", async () => {
    const today = clinicDate(new Date());
    for (const url of ["/staff/schedule", "/staff/schedule?date=2026-02-30"]) {
      const doc = dom((await get(url)).body);
      expect(doc.querySelector('input[name="date"]')?.getAttribute("value")).toBe(formatShortDate(today));
    }
    // "Go to date" sent empty or wrong: the console's summary says so, linked to the field, on both views.
    expect(errorSummaryLinks((await get("/staff/schedule")).body)).toEqual([]);
    for (const url of ["/staff/schedule?date=", "/staff/schedule?date=2026-02-30", "/staff/schedule/week?date="]) {
      const page = await get(url);
      expect(page.statusCode).toBe(200);
      expect(errorSummaryLinks(page.body), url).toEqual([
        { target: "schedule-date", message: "Enter the date to go to." },
      ]);
      const field = dom(page.body).getElementById("schedule-date");
      expect(field?.getAttribute("aria-invalid")).toBe("true");
      expect(field?.getAttribute("aria-describedby")).toBe("schedule-date-hint schedule-date-error");
      expect(field?.closest("form")?.hasAttribute("novalidate")).toBe(true);
    }
    let sunday = addDays(date, 1);
    while (isoWeekday(sunday) !== 7) sunday = addDays(sunday, 1);
    const closed = dom((await get(`/staff/schedule?date=${sunday}`)).body);
    expect(closed.body.textContent).toContain("The clinic is closed on this day (Sunday).");
    expect(closed.body.textContent).toContain("No appointments on this day.");
  });
});

describe("the week view", () => {
  it("shows Monday to Saturday as columns (Sunday too when something is dated then), hours down the page, with each appointment", async () => {
    const id = await seedAppointment(t.db, { service_name: "ultrasound", name: "Week", surname: "Viewer" });
    await confirm(id, "11:15", { examination: "Thyroid" });
    const res = await get(`/staff/schedule/week?date=${date}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const doc = dom(res.body);
    const table = doc.querySelector("table.staff-schedule--week")!;
    const heads = [...table.querySelectorAll("thead th[scope=col]")];
    expect(heads).toHaveLength(1 + 6);
    const monday = addDays(date, -(isoWeekday(date) - 1));
    expect(heads[1]!.querySelector("a")?.getAttribute("href")).toBe(`/staff/schedule?date=${monday}`);
    expect(heads[6]!.querySelector("a")?.getAttribute("href")).toBe(`/staff/schedule?date=${addDays(monday, 5)}`);
    const rows = [...table.querySelectorAll("tbody tr:not(.staff-schedule__waiting)")];
    expect(rows[0]!.querySelector("th")?.textContent).toBe("08:00");
    expect(rows.at(-1)!.querySelector("th")?.textContent).toBe("19:00");
    // In the 11:00 row, in its day's column, with its room.
    const row = rows.find((tr) => tr.querySelector("th")?.textContent === "11:00")!;
    const cell = row.querySelectorAll("td")[isoWeekday(date) - 1]!;
    const link = cell.querySelector(`a[href="/staff/appointments/${id}"]`);
    expect(link?.textContent).toContain("11:15–11:45, Ultrasound 1");
    expect(link?.textContent).toContain("Week Viewer");
    // Saturday closes at 13:00: its later hours are marked closed.
    const late = rows.find((tr) => tr.querySelector("th")?.textContent === "15:00")!;
    expect(late.querySelectorAll("td")[5]!.textContent).toBe("Closed");
    expect(doc.querySelector(`a[href="/staff/schedule/week?date=${addDays(monday, 7)}"]`)?.textContent).toBe(
      "Next week",
    );
    expect(doc.querySelector('a[href="/staff/schedule/week"]')?.textContent).toBe("This week");

    // A (stray) appointment dated on the Sunday adds a seventh column.
    const sunday = addDays(monday, 6);
    const start = clinicMinutes(sunday, "10:00");
    await seedAppointment(t.db, {
      service_name: "x-ray",
      status: "confirmed",
      confirmed_date: sunday,
      confirmed_time: "10:00",
      room: "x-ray",
      starts_at: start,
      ends_at: start + 30,
    });
    const seven = dom((await get(`/staff/schedule/week?date=${date}`)).body);
    expect(seven.querySelectorAll("table.staff-schedule--week thead th[scope=col]")).toHaveLength(1 + 7);
  });
});

describe("requests on the schedule", () => {
  it("shows the day's requests waiting beside the rooms, and the week's in a first row, each linked, never confirmed or cancelled ones", async () => {
    const day = nextOpenWeekday(t.config, 49);
    const waiting = await seedAppointment(t.db, {
      service_name: "mammography",
      requested_date: day,
      name: "Naledi",
      surname: "Waiting",
    });
    const cancelled = await seedAppointment(t.db, {
      requested_date: day,
      name: "Gone",
      surname: "Away",
      status: "cancelled",
    });
    const otherDay = await seedAppointment(t.db, { requested_date: addDays(day, 1), name: "Next", surname: "Day" });

    const doc = dom((await get(`/staff/schedule?date=${day}`)).body);
    expect(doc.querySelector(".staff-page-head p")?.textContent).toContain("0 appointments, 1 request waiting.");
    const aside = doc.querySelector("section.staff-waiting")!;
    expect(aside.querySelector("h2")?.textContent).toBe("Requests waiting (1)");
    const link = aside.querySelector(`a[href="/staff/appointments/${waiting}"]`);
    expect(link?.textContent).toContain("Naledi Waiting");
    expect(link?.textContent).toContain("Mammography");
    expect(link?.querySelector(".staff-badge")?.textContent).toBe("Waiting");
    expect(aside.querySelector(`a[href="/staff/appointments/${cancelled}"]`)).toBeNull();
    expect(aside.querySelector(`a[href="/staff/appointments/${otherDay}"]`)).toBeNull();

    const week = dom((await get(`/staff/schedule/week?date=${day}`)).body);
    const first = week.querySelector("table.staff-schedule--week tbody tr")!;
    expect(first.className).toBe("staff-schedule__waiting");
    expect(first.querySelector("th")?.textContent).toBe("Requests");
    const cells = [...first.querySelectorAll("td")];
    const column = isoWeekday(day) - 1;
    expect(cells[column]!.querySelector(`a[href="/staff/appointments/${waiting}"]`)).not.toBeNull();
    expect(cells[column]!.querySelector(`a[href="/staff/appointments/${otherDay}"]`)).toBeNull();
    if (column < 5)
      expect(cells[column + 1]!.querySelector(`a[href="/staff/appointments/${otherDay}"]`)).not.toBeNull();

    // Confirmed, it leaves the requests and takes its place in a room.
    await confirm(waiting, "10:00", {}, day);
    const after = dom((await get(`/staff/schedule?date=${day}`)).body);
    expect(after.querySelector("section.staff-waiting h2")?.textContent).toBe("Requests waiting (0)");
    expect(after.querySelector(`table.staff-schedule a[href="/staff/appointments/${waiting}"]`)).not.toBeNull();
  });

  it("marks a room out of service in the day view's column heading", async () => {
    const day = nextOpenWeekday(t.config, 56);
    await t.db
      .insertInto("clinic_closures")
      .values({
        first_date: day,
        last_date: day,
        reason: "Tube replacement",
        room: "x-ray",
        created_by: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const doc = dom((await get(`/staff/schedule?date=${day}`)).body);
    const heads = [...doc.querySelectorAll("table.staff-schedule thead th[scope=col]")].map((th) => th.textContent);
    expect(heads[1]).toBe("X-rayOut of service (Tube replacement)");
    expect(heads[2]).toBe("Fluoroscopy");
    // The clinic itself is open.
    expect(doc.body.textContent).not.toContain("The clinic is closed on this day");
  });
});

describe("the day list", () => {
  it("has the reception columns, sorted by time, the safety answers' flag, and is never stored", async () => {
    const day = nextOpenWeekday(t.config, 42);
    const late = await seedAppointment(t.db, {
      service_name: "x-ray",
      name: "Later",
      surname: "Patient",
      dob: "1975-11-30",
      payment_method: "bpomas",
      medical_aid_number: "BP-778899",
      phone: "+26771112233",
    });
    const early = await seedAppointment(t.db, {
      service_name: "ultrasound",
      name: "Earlier",
      surname: "Patient",
      dob: "1980-04-02",
      // Help moving about needs a look; no interpreter does not.
      safety_answers: JSON.stringify({
        "mobility-help": { choice: "yes" },
        interpreter: { choice: "no" },
      }),
      safety_saved_at: new Date().toISOString(),
    });
    await seedUpload(t.db, t.dataDir, { appointmentId: early });
    await confirm(late, "15:00", {}, day);
    await confirm(early, "09:30", { examination: "Thyroid" }, day);
    const res = await get(`/staff/schedule/print?date=${day}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const doc = dom(res.body);
    // The clinic, the day and when it was printed (the clinic's clock).
    expect(doc.querySelector(".staff-day-list__clinic")?.textContent).toBe(t.config.clinic.name);
    expect(doc.querySelector("h1")?.textContent).toBe(`Day list for ${formatLongDate(day)}`);
    expect(doc.querySelector(".staff-day-list__printed")?.textContent).toMatch(
      new RegExp(`^Printed ${formatLongDate(clinicDate(new Date()))} at \\d\\d:\\d\\d\\.$`),
    );
    const table = doc.querySelector("table.staff-day-list__table")!;
    expect([...table.querySelectorAll("thead th")].map((th) => th.textContent)).toEqual([
      "Time",
      "Room",
      "Name",
      "Date of birth",
      "Phone",
      "Examination",
      "Payment",
      "Referral form on file",
      "Safety answers",
      "Arrived",
    ]);
    const rows = [...table.querySelectorAll("tbody tr")].map((tr) =>
      [...tr.querySelectorAll("td, th")].map((c) => c.textContent),
    );
    expect(rows).toEqual([
      [
        "09:30",
        "Ultrasound 1",
        "Earlier Patient",
        "02/04/1980",
        "(+267) 71 234 567",
        "Ultrasound Imaging: Thyroid",
        "Cash Payment",
        "Yes",
        "1 to check",
        "Tick on arrival",
      ],
      [
        "15:00",
        "X-ray",
        "Later Patient",
        "30/11/1975",
        "(+267) 71 112 233",
        "X-ray Imaging",
        "BPOMASBP-778899",
        "No",
        "Not answered",
        "Tick on arrival",
      ],
    ]);
    expect(doc.querySelector(".staff-day-list button")?.textContent).toBe("Print the day list");
  });

  it("is for signed-in staff only", async () => {
    for (const url of ["/staff/schedule", "/staff/schedule/week", "/staff/schedule/print"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe("/staff/login");
      expect(res.headers["cache-control"], url).toBe("no-store");
    }
  });
});

describe("requests still unconfirmed after one working day", () => {
  const ids = async (now: Date) => (await overdueRequests(t.db, t.config, now, 1000)).map((r) => r.id);

  it("a request made on Saturday afternoon is not overdue on Monday, only once Monday is over", async () => {
    // Saturday 21 November 2026, 14:00 (after closing): Sunday is closed, so Monday is its working day.
    const saturday = await seedAppointment(t.db, { created_at: madeAt("2026-11-21", "14:00") });
    // Friday 20 November 2026: Saturday is a working day (the clinic opens 09:00 to 13:00).
    const friday = await seedAppointment(t.db, { created_at: madeAt("2026-11-20", "10:00") });
    // Monday 09:00: 43 hours after the Saturday request, but no working day has ended since.
    expect(await ids(clinicInstant("2026-11-23", "09:00"))).not.toContain(saturday);
    expect(await ids(clinicInstant("2026-11-23", "19:59"))).not.toContain(saturday);
    expect(await ids(clinicInstant("2026-11-23", "09:00"))).toContain(friday);
    // Friday's was not overdue on Saturday (Saturday was its working day).
    expect(await ids(clinicInstant("2026-11-21", "12:00"))).not.toContain(friday);
    // Tuesday morning: both, oldest first.
    const tuesday = await ids(clinicInstant("2026-11-24", "08:00"));
    expect(tuesday.filter((id) => id === saturday || id === friday)).toEqual([friday, saturday]);
  });

  it("skips public holidays: a request made the Thursday before Easter is due by the Tuesday after", async () => {
    // Good Friday 26 March 2027, Easter Saturday 27, Sunday 28, Easter Monday 29: closed.
    const thursday = await seedAppointment(t.db, { created_at: madeAt("2027-03-25", "16:00") });
    expect(await ids(clinicInstant("2027-03-30", "19:00"))).not.toContain(thursday);
    expect(await ids(clinicInstant("2027-03-31", "08:00"))).toContain(thursday);
  });

  it("skips a closure a manager added", async () => {
    // Monday 7 December 2026; Tuesday 8 closed by a manager: Wednesday is its working day.
    const monday = await seedAppointment(t.db, { created_at: madeAt("2026-12-07", "11:00") });
    expect(await ids(clinicInstant("2026-12-09", "09:00"))).toContain(monday);
    await t.db
      .insertInto("clinic_closures")
      .values({
        first_date: "2026-12-08",
        last_date: "2026-12-08",
        reason: "Staff training",
        created_by: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    expect(await ids(clinicInstant("2026-12-09", "09:00"))).not.toContain(monday);
    expect(await ids(clinicInstant("2026-12-10", "09:00"))).toContain(monday);
  });

  it("leaves out requests already confirmed or cancelled", async () => {
    const made = madeAt("2026-11-02", "10:00");
    const cancelled = await seedAppointment(t.db, { created_at: made, status: "cancelled" });
    const waiting = await seedAppointment(t.db, { created_at: made });
    const list = await ids(clinicInstant("2026-11-10", "10:00"));
    expect(list).toContain(waiting);
    expect(list).not.toContain(cancelled);
  });
});

describe("the overview", () => {
  it("groups today's appointments by room, lists overdue requests oldest first and open enquiries, with links", async () => {
    const today = clinicDate(new Date());
    const start = clinicMinutes(today, "19:30");
    const todays = await seedAppointment(t.db, {
      service_name: "bone-densitometry-dexa-scan",
      name: "Today",
      surname: "Dexa",
      status: "confirmed",
      confirmed_date: today,
      confirmed_time: "19:30",
      room: "bone-densitometry",
      starts_at: start,
      ends_at: start + 30,
    });
    const older = await seedAppointment(t.db, {
      name: "Oldest",
      surname: "Waiting",
      created_at: new Date(Date.now() - 20 * 86_400_000).toISOString(),
    });
    const newer = await seedAppointment(t.db, {
      name: "Newer",
      surname: "Waiting",
      created_at: new Date(Date.now() - 10 * 86_400_000).toISOString(),
    });
    const fresh = await seedAppointment(t.db, { name: "Fresh", surname: "Request" });
    await seedEnquiry(t.db, { name: "Open Enquirer" });
    await seedEnquiry(t.db, { name: "Handled Enquirer", status: "handled" });

    const res = await get("/staff");
    expect(res.statusCode).toBe(200);
    const doc = dom(res.body);
    const today_ = doc.querySelector('section[aria-labelledby="today-heading"]')!;
    const group = [...today_.querySelectorAll("th[scope=rowgroup]")].map((th) => th.textContent);
    expect(group).toContain("Bone densitometry");
    expect(today_.querySelector(`a[href="/staff/appointments/${todays}"]`)?.textContent).toBe("Today Dexa");
    expect(today_.querySelector('a[href="/staff/schedule"]')?.textContent).toBe("Open today’s schedule");

    const overdue = doc.querySelector('section[aria-labelledby="overdue-heading"]')!;
    const links = [...overdue.querySelectorAll("a")].map((a) => a.getAttribute("href"));
    expect(links.indexOf(`/staff/appointments/${older}`)).toBeGreaterThanOrEqual(0);
    expect(links.indexOf(`/staff/appointments/${older}`)).toBeLessThan(links.indexOf(`/staff/appointments/${newer}`));
    expect(links).not.toContain(`/staff/appointments/${fresh}`);

    const enquiries = doc.querySelector('section[aria-labelledby="enquiries-heading"]')!;
    expect(enquiries.textContent).toContain("Open Enquirer");
    expect(enquiries.textContent).not.toContain("Handled Enquirer");
    expect(enquiries.querySelector("a")?.getAttribute("href")).toBe("/staff/enquiries?status=new");
    expect(doc.querySelector('section[aria-labelledby="closures-heading"]')).not.toBeNull();
  });
});
