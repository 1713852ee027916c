import { describe, expect, it } from "vitest";
import { twoInstances } from "../helpers/instances";
import { postJson, validAppointment } from "../helpers/requests";
import { addStaff, form, nextOpenWeekday, SAME_ORIGIN, signInByForm } from "../helpers/staff";

// A closure a manager adds through instance A is obeyed by instance B at
// once: B reads closures from the shared PostgreSQL database per request
// (server/closures/closed-dates.ts), with no cache and no restart.
// Needs TEST_DATABASE_URL.

const admin = process.env.TEST_DATABASE_URL;
if (!admin) console.warn("closures-instances.test.ts skipped: set TEST_DATABASE_URL");

describe.skipIf(!admin)("closures across two instances", () => {
  const instances = twoInstances("closures");

  it("a closure added on A closes the day on B at once, and removing it on A reopens it on B", async () => {
    const { a, b, db, config } = instances;
    const manager = await addStaff(db, { email: "manager@clinic.example.org", name: "Clinic Manager" });
    const cookie = await signInByForm(a.url, db, manager);
    const day = nextOpenWeekday(config, 6);
    const calendarOnB = async () =>
      ((await (await fetch(`${b.url}/api/appointment/public/calendar`)).json()) as { closedDates: string[] })
        .closedDates;
    expect(await calendarOnB()).not.toContain(day);

    const added = await fetch(`${a.url}/staff/closures`, {
      method: "POST",
      headers: { ...SAME_ORIGIN, cookie },
      body: form({ intent: "add", firstDate: day, lastDate: "", reason: "Closed for staff training" }),
    });
    expect(added.status).toBe(200);
    expect(await calendarOnB()).toContain(day);
    const refused = await postJson(
      `${b.url}/api/appointment/public/appointments`,
      validAppointment({ appointmentDate: day }),
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Closed for staff training");

    const row = await db.selectFrom("clinic_closures").select("id").executeTakeFirstOrThrow();
    const removed = await fetch(`${a.url}/staff/closures`, {
      method: "POST",
      headers: { ...SAME_ORIGIN, cookie },
      body: form({ intent: "remove", id: String(row.id), confirm: "yes" }),
    });
    expect(removed.status).toBe(200);
    expect(await calendarOnB()).not.toContain(day);
  });
});
