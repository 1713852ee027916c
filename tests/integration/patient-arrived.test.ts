import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app";
import {
  addStaff,
  form,
  openWeekdays,
  SAME_ORIGIN,
  seedConfirmedIn,
  sessionCookieFor,
  type TestStaff,
} from "../helpers/staff";
import { markArrived } from "../../server/appointments/front-desk/index";
import { staffRuntime } from "../../server/db/runtime";
import { clinicInstant } from "../../domain/dates";

/**
 * Reception marks a patient arrived (issue 36): on the appointment's day, once, with the time
 * recorded; the status stays confirmed; the day list and the schedule show it.
 */

let t: TestApp;
let staff: TestStaff;
let cookie: string;
let day: (offset?: number) => string;

beforeAll(async () => {
  t = await createTestApp({}, { servePages: true });
  staff = await addStaff(t.db, { role: "reception" });
  cookie = await sessionCookieFor(t.db, t.config, staff.id);
  day = openWeekdays(t.config);
});
afterAll(async () => {
  await t?.close();
});

const row = (id: number) => t.db.selectFrom("appointments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("marking a patient arrived", () => {
  it("records the time on the appointment's day, once, and leaves the status confirmed", async () => {
    const date = day(8);
    const id = await seedConfirmedIn(t.db, date, "09:30", "x-ray");
    const at = (time: string) => staffRuntime(t.db, t.config, () => clinicInstant(date, time));
    const dayBefore = staffRuntime(t.db, t.config, () => clinicInstant(day(7), "09:00"));
    expect(await markArrived(dayBefore, staff, id)).toMatchObject({ kind: "refused" });
    expect(await markArrived(at("09:12"), staff, id)).toEqual({ kind: "done" });
    const arrived = await row(id);
    expect(arrived.status).toBe("confirmed");
    expect(arrived.arrived_at).toBe(clinicInstant(date, "09:12").toISOString());
    expect(await markArrived(at("09:20"), staff, id)).toMatchObject({ kind: "refused" });
    expect((await row(id)).arrived_at).toBe(arrived.arrived_at);
    const audit = await t.db
      .selectFrom("staff_audit")
      .select(["action", "target_id"])
      .where("action", "=", "patient_arrived")
      .execute();
    expect(audit).toEqual([{ action: "patient_arrived", target_id: String(id) }]);
  });

  it("the day list and the schedule show the arrival time; the page refuses it on another day", async () => {
    const date = day(9);
    const id = await seedConfirmedIn(t.db, date, "10:00", "x-ray");
    const refused = await t.app.inject({
      method: "POST",
      url: `/staff/appointments/${id}`,
      headers: { ...SAME_ORIGIN, cookie },
      payload: form({ intent: "arrived" }),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain("only on the day of their appointment");
    await markArrived(
      staffRuntime(t.db, t.config, () => clinicInstant(date, "09:47")),
      staff,
      id,
    );
    const print = await t.app.inject({ method: "GET", url: `/staff/schedule/print?date=${date}`, headers: { cookie } });
    expect(print.body).toContain(">09:47<");
    const schedule = await t.app.inject({ method: "GET", url: `/staff/schedule?date=${date}`, headers: { cookie } });
    expect(schedule.body).toContain("Arrived 09:47");
    const page = await t.app.inject({ method: "GET", url: `/staff/appointments/${id}`, headers: { cookie } });
    expect(page.body).toContain("Arrived at 09:47.");
  });
});
