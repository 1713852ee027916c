import type { Db } from "../db/index";
import type { EnquiryStatus } from "../db/schema";
import type { StaffIdentity } from "./accounts";
import { recordAudit } from "./audit";
import type { StaffRuntime } from "./runtime";

export const ENQUIRY_PAGE_SIZE = 25;

export async function listEnquiries(db: Db, { status, page = 1 }: { status?: EnquiryStatus; page?: number }) {
  let query = db.selectFrom("enquiries");
  if (status) query = query.where("status", "=", status);
  const { total } = await query.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  const pages = Math.max(1, Math.ceil(Number(total) / ENQUIRY_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  const rows = await query
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(ENQUIRY_PAGE_SIZE)
    .offset((current - 1) * ENQUIRY_PAGE_SIZE)
    .execute();
  return { rows, total: Number(total), page: current, pages };
}

/** Marks an enquiry handled; false when it does not exist or was already handled. */
export async function markEnquiryHandled(rt: StaffRuntime, staff: StaffIdentity, id: number): Promise<boolean> {
  const now = rt.now();
  return rt.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("enquiries")
      .set({ status: "handled", updated_at: now.toISOString() })
      .where("id", "=", id)
      .where("status", "=", "new")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await recordAudit(
      trx,
      { staffId: staff.id, staffEmail: staff.email, action: "enquiry_handled", targetType: "enquiry", targetId: id },
      now,
    );
    return true;
  });
}
