import { checkClosure, canRemoveClosure, CLOSURE_MESSAGES, type ClosureField } from "../../domain/closures";
import { addDays, clinicDate } from "../../domain/dates";
import type { ActiveStatus } from "../../domain/statuses";
import type { Db } from "../db/index";
import type { StaffIdentity } from "../../domain/staff-roles";
import { recordAudit } from "../audit/audit";
import { closureRepository, type ClosureRow } from "./closure-repository";

/**
 * What a manager does on /staff/closures (decision 017): add a closure (one day
 * or a range, with the reason patients see), remove one that lies in the
 * future, and see the active appointments on closed days so staff can
 * contact the patients. Nothing here cancels an appointment. Every change is
 * audited, in the same transaction.
 */

/** An active (requested or confirmed) appointment on a closed day, for staff to contact. */
export interface AffectedAppointment {
  id: number;
  reference: string;
  name: string;
  status: ActiveStatus;
  date: string;
}

/** Active appointments whose date (confirmed, else requested) lies in from … to, by date. */
export async function activeAppointmentsBetween(db: Db, from: string, to: string): Promise<AffectedAppointment[]> {
  const rows = await db
    .selectFrom("appointments")
    .select(["id", "reference", "name", "surname", "status", "requested_date", "confirmed_date"])
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "confirmed"), eb("confirmed_date", ">=", from), eb("confirmed_date", "<=", to)]),
        eb.and([eb("status", "=", "requested"), eb("requested_date", ">=", from), eb("requested_date", "<=", to)]),
      ]),
    )
    .execute();
  return rows
    .map((r) => ({
      id: r.id,
      reference: r.reference,
      name: `${r.name} ${r.surname}`,
      status: r.status as ActiveStatus,
      date: (r.status === "confirmed" ? r.confirmed_date : r.requested_date) ?? r.requested_date,
    }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.reference.localeCompare(b.reference));
}

/** A closure as the page shows it: whether it may still be removed, and the active appointments on its days. */
export interface ClosureView extends ClosureRow {
  removable: boolean;
  appointments: AffectedAppointment[];
}

/** Closures that have not ended (today onwards), soonest first, each with its active appointments. */
export async function upcomingClosures(db: Db, now: Date): Promise<ClosureView[]> {
  const today = clinicDate(now);
  const rows = await closureRepository(db).overlapping(today, "9999-12-31");
  return Promise.all(
    rows.map(async (c) => ({
      ...c,
      removable: canRemoveClosure(c, today),
      appointments: await activeAppointmentsBetween(db, c.firstDate, c.lastDate),
    })),
  );
}

export type AddClosureResult =
  | { ok: true; closure: ClosureRow; appointments: AffectedAppointment[] }
  | { ok: false; errors: Partial<Record<ClosureField, string>> };

/** Adds a closure when it passes the rules (domain/closures.ts), audited; answers the active appointments on its days. */
export async function addClosure(
  db: Db,
  by: StaffIdentity,
  raw: { firstDate?: string; lastDate?: string; reason?: string },
  now: Date,
): Promise<AddClosureResult> {
  const checked = checkClosure(raw, clinicDate(now));
  if (!checked.ok) return checked;
  const { firstDate, lastDate, reason } = checked.value;
  const id = await db.transaction().execute(async (trx) => {
    const newId = await closureRepository(db).create(
      { firstDate, lastDate, reason, createdBy: by.id, createdAt: now.toISOString() },
      trx,
    );
    await recordAudit(
      trx,
      {
        staffId: by.id,
        staffEmail: by.email,
        action: "closure_added",
        targetType: "closure",
        targetId: newId,
        detail: firstDate === lastDate ? firstDate : `${firstDate} to ${lastDate}`,
      },
      now,
    );
    return newId;
  });
  return {
    ok: true,
    closure: { id, firstDate, lastDate, reason },
    appointments: await activeAppointmentsBetween(db, firstDate, lastDate),
  };
}

/** Removes a closure that starts after today, audited; a started or past one is refused with a message. */
export async function removeClosure(
  db: Db,
  by: StaffIdentity,
  id: number,
  now: Date,
): Promise<{ ok: true; closure: ClosureRow } | { ok: false; error: string; status: number }> {
  const today = clinicDate(now);
  return db.transaction().execute(async (trx) => {
    const repo = closureRepository(db);
    const closure = await repo.find(id, trx);
    if (!closure) return { ok: false as const, error: CLOSURE_MESSAGES.notFound, status: 404 };
    if (!canRemoveClosure(closure, today) || !(await repo.removeFuture(id, today, trx)))
      return { ok: false as const, error: CLOSURE_MESSAGES.cannotRemove, status: 409 };
    await recordAudit(
      trx,
      {
        staffId: by.id,
        staffEmail: by.email,
        action: "closure_removed",
        targetType: "closure",
        targetId: id,
        detail:
          closure.firstDate === closure.lastDate ? closure.firstDate : `${closure.firstDate} to ${closure.lastDate}`,
      },
      now,
    );
    return { ok: true as const, closure };
  });
}

/** For the overview: closures starting within `days` days or under way, soonest first. */
export async function closuresComingUp(db: Db, now: Date, days = 60): Promise<ClosureRow[]> {
  const today = clinicDate(now);
  return closureRepository(db).overlapping(today, addDays(today, days));
}
