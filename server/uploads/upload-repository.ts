import type { Kysely } from "kysely";
import type { Db } from "../db/index";
import type { Database, UploadTable } from "../db/schema";
import { perDatabase } from "../db/repository";

export type UploadRow = Omit<UploadTable, "id"> & { id: number };
export type NewUpload = Omit<UploadTable, "id" | "appointment_id">;

/** Uploads table access. Every method takes an optional transaction. */
export const uploadRepository = perDatabase((db: Db) => {
  return {
    async create(values: NewUpload, trx: Kysely<Database> = db): Promise<UploadRow> {
      return trx
        .insertInto("uploads")
        .values({ ...values, appointment_id: null })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Unattached uploads among `publicIds` made after `since`. */
    async findClaimable(publicIds: string[], since: Date, trx: Kysely<Database> = db): Promise<UploadRow[]> {
      if (publicIds.length === 0) return [];
      return trx
        .selectFrom("uploads")
        .selectAll()
        .where("public_id", "in", publicIds)
        .where("appointment_id", "is", null)
        .where("created_at", ">=", since.toISOString())
        .execute();
    },

    /** Attaches uploads to an appointment; returns how many were attached. */
    async attach(publicIds: string[], appointmentId: number, trx: Kysely<Database> = db): Promise<number> {
      if (publicIds.length === 0) return 0;
      const result = await trx
        .updateTable("uploads")
        .set({ appointment_id: appointmentId })
        .where("public_id", "in", publicIds)
        .where("appointment_id", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async findByPublicId(publicId: string, trx: Kysely<Database> = db): Promise<UploadRow | undefined> {
      return trx.selectFrom("uploads").selectAll().where("public_id", "=", publicId).executeTakeFirst();
    },

    /** What the staff console shows of an appointment's files, in upload order. */
    async listForAppointment(appointmentId: number, trx: Kysely<Database> = db) {
      return trx
        .selectFrom("uploads")
        .select(["public_id", "display_name", "mime_type", "size_bytes", "created_at"])
        .where("appointment_id", "=", appointmentId)
        .orderBy("id")
        .execute();
    },

    /** Whole rows of the uploads attached to these appointments, in id order. */
    async findForAppointments(appointmentIds: number[], trx: Kysely<Database> = db): Promise<UploadRow[]> {
      return trx
        .selectFrom("uploads")
        .selectAll()
        .where("appointment_id", "in", appointmentIds)
        .orderBy("id")
        .execute();
    },

    /** Uploads of these appointments, and unclaimed uploads made before `abandonedBefore` (ISO). */
    async findExpired(appointmentIds: number[], abandonedBefore: string, trx: Kysely<Database> = db) {
      return trx
        .selectFrom("uploads")
        .select(["id", "storage_name"])
        .where((eb) =>
          eb.or([
            ...(appointmentIds.length ? [eb("appointment_id", "in", appointmentIds)] : []),
            eb.and([eb("appointment_id", "is", null), eb("created_at", "<", abandonedBefore)]),
          ]),
        )
        .execute();
    },

    async deleteByIds(ids: number[], trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom("uploads").where("id", "in", ids).execute();
    },

    /** Uploads no appointment claimed, made before `before`. */
    async findUnclaimedBefore(before: Date, trx: Kysely<Database> = db): Promise<UploadRow[]> {
      return trx
        .selectFrom("uploads")
        .selectAll()
        .where("appointment_id", "is", null)
        .where("created_at", "<", before.toISOString())
        .execute();
    },

    /** Deletes a row only if it is still unclaimed; true when deleted. */
    async deleteUnclaimed(id: number, trx: Kysely<Database> = db): Promise<boolean> {
      const result = await trx
        .deleteFrom("uploads")
        .where("id", "=", id)
        .where("appointment_id", "is", null)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /** Bytes held by uploads not (yet) attached to a booking. */
    async unclaimedBytes(trx: Kysely<Database> = db): Promise<number> {
      const row = await trx
        .selectFrom("uploads")
        .select((eb) => eb.fn.sum<string | number | null>("size_bytes").as("bytes"))
        .where("appointment_id", "is", null)
        .executeTakeFirst();
      return Number(row?.bytes ?? 0);
    },

    async allStorageNames(trx: Kysely<Database> = db): Promise<Set<string>> {
      const rows = await trx.selectFrom("uploads").select("storage_name").execute();
      return new Set(rows.map((r) => r.storage_name));
    },
  };
});
