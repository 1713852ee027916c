import type { Kysely } from "kysely";
import type { Db } from "../db/index";
import type { AppointmentTable, Database } from "../db/schema";
import { nextReference } from "../requests/reference";

export type NewAppointment = Omit<
  AppointmentTable,
  "id" | "reference" | "status" | "confirmed_date" | "confirmed_time" | "cancel_reason" | "created_at" | "updated_at"
>;

export type AppointmentRow = Omit<AppointmentTable, "id"> & { id: number };

/** Appointments table access. Every method takes an optional transaction. */
export function appointmentRepository(db: Db) {
  return {
    /** Inserts a requested appointment with the next APT reference of the year; call inside a transaction. */
    async create(values: NewAppointment, now: Date, year: number, trx: Kysely<Database> = db): Promise<AppointmentRow> {
      const reference = await nextReference(trx, "APT", year);
      const stamp = now.toISOString();
      return trx
        .insertInto("appointments")
        .values({
          ...values,
          reference,
          status: "requested",
          confirmed_date: null,
          confirmed_time: null,
          cancel_reason: null,
          created_at: stamp,
          updated_at: stamp,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async findByReference(reference: string, trx: Kysely<Database> = db): Promise<AppointmentRow | undefined> {
      return trx.selectFrom("appointments").selectAll().where("reference", "=", reference).executeTakeFirst();
    },

    async count(trx: Kysely<Database> = db): Promise<number> {
      const row = await trx
        .selectFrom("appointments")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
