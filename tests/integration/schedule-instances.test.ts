import { describe, expect, it } from "vitest";
import { twoInstances } from "../helpers/instances";
import { addStaff, form, nextOpenWeekday, SAME_ORIGIN, seedAppointment, signInByForm } from "../helpers/staff";

// No double booking across instances (decision 018): 20 receptionists' posts
// confirming 20 different requests into one X-ray slot, split between two
// server processes on one PostgreSQL database. The check before writing
// cannot see the other process's transaction; the exclusion constraint
// (migration 0016) refuses all but one. Needs TEST_DATABASE_URL.

const admin = process.env.TEST_DATABASE_URL;
if (!admin) console.warn("schedule-instances.test.ts skipped: set TEST_DATABASE_URL");

describe.skipIf(!admin)("confirmations across two instances", () => {
  const instances = twoInstances("schedule");

  it("20 parallel confirmations into one slot through two servers: exactly one succeeds, the rest are told the time was taken", async () => {
    const { a, b, db, config } = instances;
    const reception = await addStaff(db, { email: "desk@clinic.example.org", role: "reception" });
    const cookie = await signInByForm(a.url, db, reception);
    const date = nextOpenWeekday(config, 10);
    const ids = await Promise.all(Array.from({ length: 20 }, () => seedAppointment(db, { service_name: "x-ray" })));
    const answers = await Promise.all(
      ids.map((id, i) =>
        fetch(`${(i % 2 ? b : a).url}/staff/appointments/${id}`, {
          method: "POST",
          redirect: "manual",
          headers: { ...SAME_ORIGIN, cookie },
          body: form({ intent: "confirm", date, time: "10:00" }),
        }).then(async (res) => ({ status: res.status, body: await res.text() })),
      ),
    );
    const done = answers.filter((r) => r.status >= 300 && r.status < 400);
    const refused = answers.filter((r) => r.status === 422);
    expect(done).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.body).toMatch(/That time was just taken|No room is free at 10:00/);
    const rows = await db.selectFrom("appointments").select(["status", "room"]).where("id", "in", ids).execute();
    expect(rows.filter((r) => r.status === "confirmed")).toEqual([{ status: "confirmed", room: "x-ray" }]);
  });
});
