import { describe, expect, it } from "vitest";
import { signedInConsole } from "../helpers/console";
import { form, SAME_ORIGIN, seedConfirmedIn } from "../helpers/staff";
import { markArrived } from "../../server/appointments/front-desk/index";
import { staffRuntime } from "../../server/db/runtime";
import { clinicInstant, clinicToday } from "../../domain/dates";
import { until } from "../helpers/messages";

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

  it("reception marks a patient arrived from the day list, on the day; the printed list keeps its tick box", async () => {
    // The console follows the real clock: today in Gaborone, not within ten seconds of its end.
    await until(() => clinicToday(new Date(Date.now() + 10_000)) === clinicToday(new Date()), 15_000);
    const today = clinicToday(new Date());
    const id = await seedConfirmedIn(t.db, today, "07:15", "fluoroscopy", { name: "Onalenna", surname: "Dikgang" });
    const list = () =>
      t.app.inject({ method: "GET", url: `/staff/schedule/print?date=${today}`, headers: { cookie: t.cookie } });
    const mark = (values: Record<string, string>, headers: Record<string, string> = SAME_ORIGIN) =>
      t.app.inject({
        method: "POST",
        url: `/staff/schedule/print?date=${today}`,
        headers: { ...headers, cookie: t.cookie },
        payload: form(values),
      });
    const button = `<input type="hidden" name="id" value="${id}"/>`;
    const before = (await list()).body;
    expect(before).toContain(button);
    expect(before).toContain('class="staff-tickbox"');
    expect((await mark({ intent: "arrived", id: "abc" })).statusCode).toBe(400);
    // Another site's post is refused by the guard, and nothing is marked.
    expect(
      (await mark({ intent: "arrived", id: String(id) }, { ...SAME_ORIGIN, "sec-fetch-site": "cross-site" }))
        .statusCode,
    ).toBe(403);
    expect((await row(id)).arrived_at).toBeNull();

    const done = await mark({ intent: "arrived", id: String(id) });
    expect(done.statusCode).toBe(200);
    const at = (await row(id)).arrived_at!;
    const time = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Africa/Gaborone",
      hour: "2-digit",
      minute: "2-digit",
    }).format(new Date(at));
    expect(done.body).toContain(`Onalenna Dikgang marked arrived at ${time}.`);
    expect(done.body).not.toContain(button);
    expect((await row(id)).status).toBe("confirmed");
    // Once: a second post (another desk, an old page) is refused with the reason.
    const again = await mark({ intent: "arrived", id: String(id) });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain("already marked arrived");
    expect((await row(id)).arrived_at).toBe(at);
  });
});
