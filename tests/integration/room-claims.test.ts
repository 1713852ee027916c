import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { changeStatus } from "../../server/appointments/front-desk/index";
import { staffRuntime } from "../../server/db/runtime";
import { signedInConsole } from "../helpers/console";
import { until } from "../helpers/messages";
import { seedAppointment } from "../helpers/staff";
import { bookTimeBody } from "../helpers/requests";
import { APPOINTMENT_PATH } from "../../domain/api-paths";
import { clinicMinutes } from "../../domain/rooms";

// Claims of one room at the same moment on PostgreSQL. A claim that finds another's pending row
// while checking the room's exclusion constraint (migration 0016) waits for it; when that one rolls
// back, every claim still waiting finds the others' pending rows and waits for them, and PostgreSQL
// ends all but one as deadlocks (40P01). Each must be answered as the time taken, never an error (a
// 500). The test's own claim, held open and rolled back, is the one they wait for. Needs TEST_DATABASE_URL.

const admin = process.env.TEST_DATABASE_URL;
if (!admin) console.warn("room-claims.test.ts skipped: set TEST_DATABASE_URL");

/** Thrown to roll the test's own claim back. */
class RollBack extends Error {}

describe.skipIf(!admin)("claims of one room at the same moment", () => {
  const t = signedInConsole("reception", { RATE_LIMIT_ENABLED: "false" });

  /**
   * Runs `requests` while the test's own transaction claims `room` on `date` at `time` (30 minutes):
   * once every request waits (for that claim, or for their turn), it rolls back.
   */
  async function behindAClaim<T>(
    claim: { date: string; time: string; room: string },
    requests: (() => Promise<T>)[],
  ): Promise<PromiseSettledResult<T>[]> {
    const id = await seedAppointment(t.db, { service_name: claim.room, id_passport_number: `G${claim.date}` });
    const starts = clinicMinutes(claim.date, claim.time);
    let answers: Promise<PromiseSettledResult<T>[]> | undefined;
    await t.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable("appointments")
          .set({ status: "confirmed", confirmed_date: claim.date, confirmed_time: claim.time, room: claim.room })
          .set({ starts_at: starts, ends_at: starts + 30 })
          .where("id", "=", id)
          .execute();
        answers = Promise.allSettled(requests.map((request) => request()));
        await until(async () => {
          const { rows } = await sql<{ waiting: number }>`select count(*)::int as waiting from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db);
          return rows[0]!.waiting === requests.length;
        }, 15_000);
        throw new RollBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RollBack)) throw error;
      });
    return answers!;
  }

  /** `count` requests for an X-ray on `date`, each of another patient, and a receptionist's confirmation of each at 10:00. */
  async function confirmations(date: string, count: number) {
    const ids = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        seedAppointment(t.db, { service_name: "x-ray", id_passport_number: `C${date.replaceAll("-", "")}${i}` }),
      ),
    );
    const rt = staffRuntime(t.db, t.config);
    return {
      ids,
      confirm: ids.map((id) => () => changeStatus(rt, t.staff, id, { to: "confirmed", date, time: "10:00" })),
    };
  }

  it("six receptionists confirming six patients into one X-ray slot at once: one confirmed, five told it was taken", async () => {
    const date = t.day(10);
    const { ids, confirm } = await confirmations(date, 6);
    const answers = await behindAClaim({ date, time: "10:00", room: "x-ray" }, confirm);
    const outcomes = answers.map((a) => (a.status === "fulfilled" ? a.value : { thrown: String(a.reason) }));
    expect(outcomes.filter((o) => "kind" in o && o.kind === "done")).toHaveLength(1);
    expect(outcomes.filter((o) => !("kind" in o && o.kind === "done"))).toEqual(
      Array(5).fill({ kind: "invalid", errors: { time: "That time was just taken. Choose another." } }),
    );
    const rows = await t.db.selectFrom("appointments").select(["status", "room"]).where("id", "in", ids).execute();
    expect(rows.filter((r) => r.status === "confirmed")).toEqual([{ status: "confirmed", room: "x-ray" }]);
  });

  it("a patient booking the same X-ray time online among four confirmations: one holds it, the rest are told it was taken", async () => {
    const date = t.day(12);
    const { confirm } = await confirmations(date, 4);
    const book = () =>
      t.app
        .inject({
          method: "POST",
          url: APPOINTMENT_PATH,
          headers: { "content-type": "application/json" },
          payload: bookTimeBody(date, "10:00", { service: { name: "x-ray", paymentMethod: "cash" } }),
        })
        .then((res) => ({ kind: res.statusCode === 201 ? "done" : `http ${res.statusCode}` }));
    const answers = await behindAClaim({ date, time: "10:00", room: "x-ray" }, [book, ...confirm]);
    const kinds = answers.map((a) => (a.status === "fulfilled" ? a.value.kind : String(a.reason)));
    expect(kinds.filter((k) => k === "done")).toHaveLength(1);
    expect(kinds.filter((k) => k !== "done").sort()).toEqual(
      kinds[0] === "done"
        ? ["invalid", "invalid", "invalid", "invalid"]
        : ["http 409", "invalid", "invalid", "invalid"],
    );
    const rows = await t.db.selectFrom("appointments").select("room").where("confirmed_date", "=", date).execute();
    expect(rows).toEqual([{ room: "x-ray" }]);
  });
});
