import { LIST_PAGE_SIZE } from "../../domain/staff-limits";
import type { Db } from "../db/index";
import type { EnquiryStatus } from "../db/schema";
import { enquiryRepository } from "./enquiry-repository";
import type { StaffIdentity } from "../../domain/staff-roles";
import { recordAudit } from "../audit/audit";
import type { StaffRuntime } from "../db/runtime";

export async function listEnquiries(db: Db, { status, page = 1 }: { status?: EnquiryStatus; page?: number }) {
  const enquiries = enquiryRepository(db);
  const total = await enquiries.count(status);
  const pages = Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  const rows = await enquiries.findPage(status, LIST_PAGE_SIZE, (current - 1) * LIST_PAGE_SIZE);
  return { rows, total, page: current, pages };
}

/** Marks an enquiry handled; false when it does not exist or was already handled. */
export async function markEnquiryHandled(rt: StaffRuntime, staff: StaffIdentity, id: number): Promise<boolean> {
  const now = rt.now();
  return rt.db.transaction().execute(async (trx) => {
    if (!(await enquiryRepository(rt.db).markHandled(id, now, trx))) return false;
    await recordAudit(
      { staffId: staff.id, staffEmail: staff.email, action: "enquiry_handled", targetType: "enquiry", targetId: id },
      now,
      trx,
    );
    return true;
  });
}

/** Undoes "Mark handled": the enquiry is new again (audited); false when it does not exist or is not handled. */
export async function reopenEnquiry(rt: StaffRuntime, staff: StaffIdentity, id: number): Promise<boolean> {
  const now = rt.now();
  return rt.db.transaction().execute(async (trx) => {
    if (!(await enquiryRepository(rt.db).markNew(id, now, trx))) return false;
    await recordAudit(
      { staffId: staff.id, staffEmail: staff.email, action: "enquiry_reopened", targetType: "enquiry", targetId: id },
      now,
      trx,
    );
    return true;
  });
}
