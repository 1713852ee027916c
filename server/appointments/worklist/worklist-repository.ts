import type { ExpressionBuilder, Kysely } from "kysely";
import type { Db } from "../../db/index";
import type { Database } from "../../db/schema";
import { perDatabase } from "../../db/repository";

/** The columns a worklist item is made from, and what decides whether it should exist. */
const ENTRY_COLUMNS = [
  "id",
  "reference",
  "status",
  "room",
  "name",
  "surname",
  "dob",
  "gender",
  "service_name",
  "examination",
  "confirmed_date",
  "confirmed_time",
  "clinic_patient_id",
  "study_uid",
] as const;

/** The referring doctor's name as given (appointment_referrers; decision 071), or null. */
const referrerName = (eb: ExpressionBuilder<Database, "appointments">) =>
  eb
    .selectFrom("appointment_referrers")
    .select("appointment_referrers.name")
    .whereRef("appointment_referrers.appointment_id", "=", "appointments.id")
    .as("referrer_name");

/** The worklist outbox (worklist_outbox) and the appointments' columns the worklist reads (decision 065). */
export const worklistRepository = perDatabase((db: Db) => ({
  /** The oldest changes waiting to be written, up to `limit`. */
  async pendingChanges(limit: number, trx: Kysely<Database> = db) {
    return trx.selectFrom("worklist_outbox").select(["id", "appointment_id"]).orderBy("id").limit(limit).execute();
  },

  /** Forgets an appointment's changes up to `upToId`, once its file is written or removed. */
  async clearChanges(appointmentId: number, upToId: number, trx: Kysely<Database> = db): Promise<void> {
    await trx
      .deleteFrom("worklist_outbox")
      .where("appointment_id", "=", appointmentId)
      .where("id", "<=", upToId)
      .execute();
  },

  /** How many changes wait, and since when (the system page). */
  async waiting(trx: Kysely<Database> = db): Promise<{ count: number; since: string | null }> {
    const row = await trx
      .selectFrom("worklist_outbox")
      .select((eb) => [eb.fn.countAll<number | string>().as("count"), eb.fn.min("created_at").as("since")])
      .executeTakeFirst();
    return { count: Number(row?.count ?? 0), since: (row?.since as string | null | undefined) ?? null };
  },

  async entry(id: number, trx: Kysely<Database> = db) {
    return trx
      .selectFrom("appointments")
      .select(ENTRY_COLUMNS)
      .select(referrerName)
      .where("id", "=", id)
      .executeTakeFirst();
  },

  /** Confirmed appointments in a room from `today` on: the ones that may have a worklist file. */
  async confirmedFrom(today: string, trx: Kysely<Database> = db) {
    return trx
      .selectFrom("appointments")
      .select(ENTRY_COLUMNS)
      .select(referrerName)
      .where("status", "=", "confirmed")
      .where("confirmed_date", ">=", today)
      .where("room", "is not", null)
      .orderBy("id")
      .execute();
  },

  /** Gives the appointment its Study Instance UID unless it has one; the one it has after. */
  async settleStudyUid(id: number, uid: string, trx: Kysely<Database> = db): Promise<string | null> {
    await trx
      .updateTable("appointments")
      .set({ study_uid: uid })
      .where("id", "=", id)
      .where("study_uid", "is", null)
      .execute();
    const row = await trx.selectFrom("appointments").select("study_uid").where("id", "=", id).executeTakeFirst();
    return row?.study_uid ?? null;
  },
}));

export type WorklistEntry = NonNullable<Awaited<ReturnType<ReturnType<typeof worklistRepository>["entry"]>>>;
