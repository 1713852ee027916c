import { sql, type Insertable, type Kysely } from "kysely";
import { isPostgres, type Db } from "../db/index";
import type { Database, StaffAuditAction, StaffAuditTable } from "../db/schema";
import { perDatabase } from "../db/repository";

/** Which lines a page of the log shows: by whom, which action, and a time range (ISO, from inclusive, to exclusive). */
export interface AuditFilter {
  staffId?: number;
  action?: StaffAuditAction;
  fromIso?: string;
  toIso?: string;
}

function filtered(filter: AuditFilter, trx: Kysely<Database>) {
  let query = trx.selectFrom("staff_audit");
  if (filter.staffId !== undefined) query = query.where("staff_audit.staff_id", "=", filter.staffId);
  if (filter.action) query = query.where("staff_audit.action", "=", filter.action);
  if (filter.fromIso) query = query.where("staff_audit.created_at", ">=", filter.fromIso);
  if (filter.toIso) query = query.where("staff_audit.created_at", "<", filter.toIso);
  return query;
}

/** A namespace for the advisory lock that serialises one person's views on PostgreSQL ("AUDV"). */
const VIEW_LOCK = 0x41554456;

/** The staff audit log (staff_audit). Every method takes an optional transaction. */
export const auditRepository = perDatabase((db: Db) => {
  return {
    async append(values: Insertable<StaffAuditTable>, trx: Kysely<Database> = db): Promise<void> {
      await trx.insertInto("staff_audit").values(values).execute();
    },

    /** The lines of `actions` about one record (a report's openings on its appointment's page), oldest first. */
    async aboutTarget(
      targetType: string,
      targetId: string,
      actions: readonly StaffAuditAction[],
      trx: Kysely<Database> = db,
    ) {
      return trx
        .selectFrom("staff_audit")
        .leftJoin("staff_users", "staff_users.id", "staff_audit.staff_id")
        .select([
          "staff_audit.id",
          "staff_audit.action",
          "staff_audit.staff_id",
          "staff_audit.staff_email",
          "staff_users.name as staff_name",
          "staff_audit.detail",
          "staff_audit.created_at",
        ])
        .where("staff_audit.target_type", "=", targetType)
        .where("staff_audit.target_id", "=", targetId)
        .where("staff_audit.action", "in", [...actions])
        .orderBy("staff_audit.created_at")
        .orderBy("staff_audit.id")
        .execute();
    },

    /**
     * Appends a line unless the same person already has a line of the same
     * action on the same target written after `since` (ISO); true when it
     * was appended. One INSERT … SELECT … WHERE NOT EXISTS, which SQLite runs
     * under its write lock; on PostgreSQL a transaction-scoped advisory lock
     * on the person comes first, so parallel views (on any instance) are
     * checked one after the other and at most one line is written.
     */
    async appendUnlessRecent(
      values: Insertable<StaffAuditTable> & { staff_id: number; target_type: string; target_id: string },
      since: string,
      trx: Kysely<Database> = db,
    ): Promise<boolean> {
      const run = async (trx: Kysely<Database>) => {
        if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${VIEW_LOCK}, ${values.staff_id})`.execute(trx);
        const result = await trx
          .insertInto("staff_audit")
          .columns(["staff_id", "staff_email", "action", "target_type", "target_id", "detail", "created_at"])
          .expression(
            trx
              .selectNoFrom((eb) => [
                eb.cast<number>(eb.val(values.staff_id), "integer").as("staff_id"),
                eb.cast<string>(eb.val(values.staff_email), "text").as("staff_email"),
                eb.cast<string>(eb.val(values.action), "text").as("action"),
                eb.cast<string>(eb.val(values.target_type), "text").as("target_type"),
                eb.cast<string>(eb.val(values.target_id), "text").as("target_id"),
                eb.cast<string>(eb.val(values.detail ?? null), "text").as("detail"),
                eb.cast<string>(eb.val(values.created_at), "text").as("created_at"),
              ])
              .where(({ not, exists, selectFrom }) =>
                not(
                  exists(
                    selectFrom("staff_audit")
                      .select("staff_audit.id")
                      .where("staff_audit.staff_id", "=", values.staff_id)
                      .where("staff_audit.action", "=", values.action)
                      .where("staff_audit.target_type", "=", values.target_type)
                      .where("staff_audit.target_id", "=", values.target_id)
                      .where("staff_audit.created_at", ">", since),
                  ),
                ),
              ),
          )
          .executeTakeFirst();
        return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
      };
      return trx.isTransaction || !isPostgres(trx) ? run(trx) : trx.transaction().execute(run);
    },

    /** How many lines the filter keeps. */
    async count(filter: AuditFilter = {}, trx: Kysely<Database> = db): Promise<number> {
      const { total } = await filtered(filter, trx)
        .select((eb) => eb.fn.countAll<number>().as("total"))
        .executeTakeFirstOrThrow();
      return Number(total);
    },

    /**
     * One page of lines the filter keeps, newest first, with the actor's
     * name, and for a line about an appointment, an enquiry or a file the
     * reference of the record while it is still held (an erased or purged
     * one has none); for a line about an account, the account as it is now.
     */
    async findPage(filter: AuditFilter, limit: number, offset: number, trx: Kysely<Database> = db) {
      // target_id is text: read as a number only on the lines whose target is that kind of record (CASE
      // keeps PostgreSQL from casting an upload's public id), so each record is found by its primary key.
      const idOf = (type: string) =>
        sql<number>`case when staff_audit.target_type = ${type} then cast(staff_audit.target_id as integer) end`;
      return filtered(filter, trx)
        .leftJoin("staff_users", "staff_users.id", "staff_audit.staff_id")
        .leftJoin("uploads", (join) =>
          join.on("staff_audit.target_type", "=", "upload").onRef("uploads.public_id", "=", "staff_audit.target_id"),
        )
        .leftJoin("appointments", (join) =>
          join.on((eb) =>
            eb(
              "appointments.id",
              "=",
              sql<number>`coalesce(${idOf("appointment")}, ${eb.ref("uploads.appointment_id")})`,
            ),
          ),
        )
        .leftJoin("enquiries", (join) => join.on((eb) => eb("enquiries.id", "=", idOf("enquiry"))))
        .leftJoin("staff_users as target_staff", (join) => join.on((eb) => eb("target_staff.id", "=", idOf("staff"))))
        .select([
          "staff_audit.id",
          "staff_audit.staff_email",
          "staff_users.name",
          "staff_audit.action",
          "staff_audit.target_type",
          "staff_audit.target_id",
          "staff_audit.target_name",
          "staff_audit.detail",
          "staff_audit.created_at",
          "appointments.id as appointment_id",
          "appointments.reference as appointment_reference",
          "enquiries.reference as enquiry_reference",
          "target_staff.name as target_staff_name",
          "target_staff.email as target_staff_email",
        ])
        .orderBy("staff_audit.id", "desc")
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /** Lines about these appointments, enquiries (by id) or uploads (by public id), in id order. */
    async findAbout(
      targets: { appointmentIds: number[]; enquiryIds: number[]; uploadPublicIds: string[] },
      trx: Kysely<Database> = db,
    ) {
      const { appointmentIds, enquiryIds, uploadPublicIds } = targets;
      return trx
        .selectFrom("staff_audit")
        .select(["id", "action", "target_type", "target_id", "detail", "created_at"])
        .where((eb) =>
          eb.or([
            ...(appointmentIds.length
              ? [eb.and([eb("target_type", "=", "appointment"), eb("target_id", "in", appointmentIds.map(String))])]
              : []),
            ...(enquiryIds.length
              ? [eb.and([eb("target_type", "=", "enquiry"), eb("target_id", "in", enquiryIds.map(String))])]
              : []),
            ...(uploadPublicIds.length
              ? [eb.and([eb("target_type", "=", "upload"), eb("target_id", "in", uploadPublicIds)])]
              : []),
          ]),
        )
        .orderBy("id")
        .execute();
    },

    /** Deletes lines written before `before` (ISO); returns how many. */
    async deleteBefore(before: string, trx: Kysely<Database> = db): Promise<number> {
      const result = await trx.deleteFrom("staff_audit").where("created_at", "<", before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
});
