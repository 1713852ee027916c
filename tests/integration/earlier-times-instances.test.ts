import { describe, expect, it } from "vitest";
import { EARLIER_TAKE_PATH } from "../../domain/api-paths";
import { clinicMinutes } from "../../domain/rooms";
import { sendDueOffers } from "../../server/appointments/earlier/index";
import { twoInstances } from "../helpers/instances";
import { nextOpenWeekday, seedConfirmedIn } from "../helpers/staff";

// Decision 070: five patients take one earlier time at the same moment, through two server
// processes on one PostgreSQL database. The freed time is filled in the move's own transaction
// (decision 067's moveTime), so the database lets exactly one through. Needs TEST_DATABASE_URL.

const admin = process.env.TEST_DATABASE_URL;
if (!admin) console.warn("earlier-times-instances.test.ts skipped: set TEST_DATABASE_URL");

describe.skipIf(!admin)("taking one earlier time across two instances", () => {
  const two = twoInstances("earlier_times", () => ({ RATE_LIMIT_ENABLED: "false" }));

  it("five patients taking one freed time at once through two servers give exactly one move", async () => {
    const own = nextOpenWeekday(two.config, 14);
    const early = nextOpenWeekday(two.config, 5);
    const stamp = new Date().toISOString();
    const patients: number[] = [];
    for (const time of ["08:00", "09:00", "10:00", "11:00", "12:00"]) {
      patients.push(await seedConfirmedIn(two.db, own, time, "x-ray", { booked_online: 1, earlier_wanted_at: stamp }));
    }
    await two.db
      .insertInto("freed_times")
      .values({
        room: "x-ray",
        date: early,
        starts_at: clinicMinutes(early, "10:00"),
        ends_at: clinicMinutes(early, "11:00"),
        cause: "cancelled",
        from_appointment_id: null,
        created_at: stamp,
        next_batch_at: stamp,
      })
      .execute();
    // Two batches (3, then 2), made due at once here rather than 20 minutes apart.
    for (let i = 0; i < 5; i++) {
      await sendDueOffers(two.db, two.config, new Date());
      const offered = await two.db.selectFrom("earlier_offers").select("id").execute();
      if (offered.length === 5) break;
      await two.db.updateTable("freed_times").set({ next_batch_at: new Date().toISOString() }).execute();
    }
    const mails = await two.db
      .selectFrom("mail_queue")
      .select("text_body")
      .where("subject", "like", "An earlier time is free:%")
      .execute();
    const tokens = mails.map((m) => /\/earlier\/([\w-]{43})/.exec(m.text_body)![1]!);
    expect(tokens).toHaveLength(5);

    const answers = await Promise.all(
      tokens.map((offer, i) =>
        fetch(`${(i % 2 ? two.b : two.a).url}${EARLIER_TAKE_PATH}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ offer }),
        }).then((res) => res.status),
      ),
    );
    expect(answers.sort()).toEqual([200, 409, 409, 409, 409]);
    const rows = await two.db
      .selectFrom("appointments")
      .select(["id", "confirmed_date", "confirmed_time"])
      .where("id", "in", patients)
      .execute();
    expect(rows.filter((r) => r.confirmed_date === early)).toHaveLength(1);
    expect(rows.filter((r) => r.confirmed_date === own)).toHaveLength(4);
    const filled = await two.db
      .selectFrom("freed_times")
      .selectAll()
      .where("date", "=", early)
      .executeTakeFirstOrThrow();
    expect(patients).toContain(filled.filled_by);
  });
});
