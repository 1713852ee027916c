import type { Insertable, Kysely } from "kysely";
import type { Db } from "../db/index";
import type { Database, StaffAuditAction, StaffAuditTable } from "../db/schema";

function withAction(trx: Kysely<Database>, action: StaffAuditAction | undefined) {
  const query = trx.selectFrom("staff_audit");
  return action ? query.where("staff_audit.action", "=", action) : query;
}

/** The staff audit log (staff_audit). Every method takes an optional transaction. */
export function auditRepository(db: Db) {
  return {
    async append(values: Insertable<StaffAuditTable>, trx: Kysely<Database> = db): Promise<void> {
      await trx.insertInto("staff_audit").values(values).execute();
    },

    /** How many lines there are, or how many for one action. */
    async count(action?: StaffAuditAction, trx: Kysely<Database> = db): Promise<number> {
      const { total } = await withAction(trx, action)
        .select((eb) => eb.fn.countAll<number>().as("total"))
        .executeTakeFirstOrThrow();
      return Number(total);
    },

    /** One page of lines (all, or for one action), newest first, with the account's name. */
    async findPage(action: StaffAuditAction | undefined, limit: number, offset: number, trx: Kysely<Database> = db) {
      return withAction(trx, action)
        .leftJoin("staff_users", "staff_users.id", "staff_audit.staff_id")
        .select([
          "staff_audit.id",
          "staff_audit.staff_email",
          "staff_users.name",
          "staff_audit.action",
          "staff_audit.target_type",
          "staff_audit.target_id",
          "staff_audit.detail",
          "staff_audit.created_at",
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
}
