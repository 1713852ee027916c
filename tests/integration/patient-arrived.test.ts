import { describe, expect, it } from "vitest";
import { signedInConsole } from "../helpers/console";
import { form, SAME_ORIGIN, seedConfirmedIn } from "../helpers/staff";
import { markArrived } from "../../server/appointments/front-desk/index";
import { staffRuntime } from "../../server/db/runtime";
import { clinicInstant } from "../../domain/dates";

/**
 * Reception marks a patient arrived (issue 36): on the appointment's day, once, with the time
 * recorded; the status stays confirmed; the day list and the schedule show it.
 */

const t = signedInConsole("reception");

const row = (id: number) => t.db.selectFrom("appointments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("marking a patient arrived", () => {
  it("records the time on the appointment's day, once, and leaves the status confirmed", async () => {
    const date = t.day(8);
    const id = await seedConfirmedIn(t.db, date, "09:30", "x-ray");
    const at = (time: string) => staffRuntime(t.db, t.config, () => clinicInstant(date, time));
    const dayBefore = staffRuntime(t.db, t.config, () => clinicInstant(t.day(7), "09:00"));
    expect(await markArrived(dayBefore, t.staff, id)).toMatchObject({ kind: "refused" });
    expect(await markArrived(at("09:12"), t.staff, id)).toEqual({ kind: "done" });
    const arrived = await row(id);
    expect(arrived.status).toBe("confirmed");
    expect(arrived.arrived_at).toBe(clinicInstant(date, "09:12").toISOString());
    expect(await markArrived(at("09:20"), t.staff, id)).toMatchObject({ kind: "refused" });
    expect((await row(id)).arrived_at).toBe(arrived.arrived_at);
    const audit = await t.db
      .selectFrom("staff_audit")
      .select(["action", "target_id"])
      .where("action", "=", "patient_arrived")
      .execute();
    expect(audit).toEqual([{ action: "patient_arrived", target_id: String(id) }]);
  });

  it("the day list and the schedule show the arrival time; the page refuses it on another day", async () => {
    const date = t.day(9);
    const id = await seedConfirmedIn(t.db, date, "10:00", "x-ray");
    const refused = await t.app.inject({
      method: "POST",
      url: `/staff/appointments/${id}`,
      headers: { ...SAME_ORIGIN, cookie: t.cookie },
      payload: form({ intent: "arrived" }),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain("only on the day of their appointment");
    await markArrived(
      staffRuntime(t.db, t.config, () => clinicInstant(date, "09:47")),
      t.staff,
      id,
    );
    const print = await t.app.inject({
      method: "GET",
      url: `/staff/schedule/print?date=${date}`,
      headers: { cookie: t.cookie },
    });
    expect(print.body).toContain(">09:47<");
    const schedule = await t.app.inject({
      method: "GET",
      url: `/staff/schedule?date=${date}`,
      headers: { cookie: t.cookie },
    });
    expect(schedule.body).toContain("Arrived 09:47");
    const page = await t.app.inject({ method: "GET", url: `/staff/appointments/${id}`, headers: { cookie: t.cookie } });
    expect(page.body).toContain("Arrived at 09:47.");
    // Beside its status at the top, and with the day in the record, as "Images received" is.
    expect(page.body).toContain('<span class="staff-badge staff-badge--arrived">Arrived 09:47</span>');
    expect(page.body).toMatch(/<dt>Arrived<\/dt><dd>\w{3} \d{1,2} \w{3} \d{4} 09:47<\/dd>/);
  });
});
