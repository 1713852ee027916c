import type { Kysely } from "kysely";
import type { Db } from "../db/index";
import type { AppointmentReferrerTable, Database } from "../db/schema";
import { perDatabase } from "../db/repository";
import { emailKey, practiceKey, type Referrer } from "../../domain/validation/referrer";

export type ReferrerRow = AppointmentReferrerTable;

/** The referring doctor as a row's columns: the details as given, and the keys that recognise the doctor. */
function columnsOf(referrer: Referrer) {
  return {
    name: referrer.name,
    practice_number: referrer.practiceNumber,
    practice_key: practiceKey(referrer.practiceNumber),
    email: referrer.email,
    email_key: emailKey(referrer.email),
    phone: referrer.phone,
  };
}

/** The referring doctor of each appointment (appointment_referrers, migration 0037; decision 071). */
export const referrerRepository = perDatabase((db: Db) => ({
  async ofAppointment(appointmentId: number, trx: Kysely<Database> = db): Promise<ReferrerRow | undefined> {
    return trx
      .selectFrom("appointment_referrers")
      .selectAll()
      .where("appointment_id", "=", appointmentId)
      .executeTakeFirst();
  },

  async ofAppointments(ids: readonly number[], trx: Kysely<Database> = db): Promise<ReferrerRow[]> {
    if (!ids.length) return [];
    return trx.selectFrom("appointment_referrers").selectAll().where("appointment_id", "in", ids).execute();
  },

  /** Sets the appointment's referring doctor (a new one, or a correction), or removes it with null. */
  async set(appointmentId: number, referrer: Referrer | null, now: Date, trx: Kysely<Database> = db): Promise<void> {
    const stamp = now.toISOString();
    if (!referrer) {
      await trx.deleteFrom("appointment_referrers").where("appointment_id", "=", appointmentId).execute();
      return;
    }
    const columns = columnsOf(referrer);
    await trx
      .insertInto("appointment_referrers")
      .values({ appointment_id: appointmentId, ...columns, created_at: stamp, updated_at: stamp })
      .onConflict((oc) => oc.column("appointment_id").doUpdateSet({ ...columns, updated_at: stamp }))
      .execute();
  },

  /**
   * The other appointments the same doctor referred: the same practice number
   * or the same e-mail address, normalised (decision 071); their ids, newest first.
   */
  async sameDoctor(row: ReferrerRow, trx: Kysely<Database> = db): Promise<number[]> {
    if (!row.practice_key && !row.email_key) return [];
    const found = await trx
      .selectFrom("appointment_referrers")
      .select("appointment_id")
      .where("appointment_id", "!=", row.appointment_id)
      .where((eb) =>
        eb.or([
          ...(row.practice_key ? [eb("practice_key", "=", row.practice_key)] : []),
          ...(row.email_key ? [eb("email_key", "=", row.email_key)] : []),
        ]),
      )
      .orderBy("appointment_id", "desc")
      .execute();
    return found.map((r) => r.appointment_id);
  },
}));
