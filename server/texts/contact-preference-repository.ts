import type { Kysely } from "kysely";
import type { Db } from "../db/index";
import type { Database } from "../db/schema";
import type { ContactPreference } from "../../domain/contact-preference";
import { perDatabase } from "../db/repository";

/**
 * The patient's choice of channel on their appointments
 * (appointments.contact_preference, migration 0023). The statements on that
 * one column live here, beside the messages that read it; every method takes
 * an optional transaction.
 */
export const contactPreferenceRepository = perDatabase((db: Db) => {
  return {
    /** The appointment's number (E.164) and choice, or undefined when there is no such reference. */
    async find(
      reference: string,
      trx: Kysely<Database> = db,
    ): Promise<{ phone: string; contact_preference: ContactPreference | null } | undefined> {
      const row = await trx
        .selectFrom("appointments")
        .select(["phone", "contact_preference"])
        .where("reference", "=", reference)
        .executeTakeFirst();
      return row && { phone: row.phone, contact_preference: row.contact_preference ?? null };
    },

    /**
     * Sets the choice on one appointment; true when it exists. `updated_at`
     * stays: it is the appointment's state (the private page's version, the
     * day a request is answered by), which a channel choice does not change.
     */
    async set(reference: string, preference: ContactPreference | null, trx: Kysely<Database> = db) {
      const result = await trx
        .updateTable("appointments")
        .set({ contact_preference: preference })
        .where("reference", "=", reference)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** E-mail only, on every appointment with this number (E.164): the references changed. */
    async emailOnlyForNumber(phone: string, trx: Kysely<Database> = db): Promise<string[]> {
      const rows = await trx
        .updateTable("appointments")
        .set({ contact_preference: "email" })
        .where("phone", "=", phone)
        .returning("reference")
        .execute();
      return rows.map((r) => r.reference);
    },
  };
});
