import { describe, expect, it } from "vitest";
import { APPOINTMENT_PATH } from "../../domain/api-paths";
import { twoInstances } from "../helpers/instances";
import { bookTimeBody } from "../helpers/requests";
import { nextOpenWeekday } from "../helpers/staff";

// Never twice across instances (decision 063): 20 patients posting one X-ray time, split between
// two server processes on one PostgreSQL database. Neither process sees the other's transaction
// before it commits; the exclusion constraint (migration 0016) refuses all but one. Two
// ultrasound rooms hold exactly two. Needs TEST_DATABASE_URL.

const admin = process.env.TEST_DATABASE_URL;
if (!admin) console.warn("self-booking-instances.test.ts skipped: set TEST_DATABASE_URL");

describe.skipIf(!admin)("booking a free time across two instances", () => {
  const instances = twoInstances("self_booking", () => ({ RATE_LIMIT_ENABLED: "false" }));

  const postAll = (date: string, service: string) =>
    Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`${(i % 2 ? instances.b : instances.a).url}${APPOINTMENT_PATH}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(bookTimeBody(date, "10:00", { service: { name: service, paymentMethod: "cash" } })),
        }).then(async (res) => ({ status: res.status, body: (await res.json()) as { alternatives?: unknown[] } })),
      ),
    );

  it("20 parallel posts for one X-ray time through two servers: exactly one 201, the rest 409 with alternatives", async () => {
    const date = nextOpenWeekday(instances.config, 10);
    const answers = await postAll(date, "x-ray");
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    const taken = answers.filter((r) => r.status === 409);
    expect(taken).toHaveLength(19);
    for (const r of taken) expect(r.body.alternatives?.length).toBeGreaterThan(0);
    const rows = await instances.db
      .selectFrom("appointments")
      .select(["status", "room"])
      .where("confirmed_date", "=", date)
      .execute();
    expect(rows).toEqual([{ status: "confirmed", room: "x-ray" }]);
  });

  it("20 parallel posts for one ultrasound time through two servers: exactly two bookings", async () => {
    const date = nextOpenWeekday(instances.config, 12);
    const answers = await postAll(date, "ultrasound");
    expect(answers.filter((r) => r.status === 201)).toHaveLength(2);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(18);
  });
});
