import type { Kysely } from "kysely";
import {
  canRemoveClosure,
  checkClosure,
  CLOSURE_MESSAGES,
  closureOverlapMessage,
  type ClosureField,
  type ClosureInput,
} from "../../domain/closures";
import { addDays, clinicDate } from "../../domain/dates";
import type { Db } from "../db/index";
import type { Database } from "../db/schema";
import type { StaffIdentity } from "../../domain/staff-roles";
import { recordAudit } from "../audit/audit";
import { closureRepository, type ClosureRow } from "./closure-repository";

/**
 * The closure rows behind /staff/closures (decisions 017 and 034): the
 * checks on a new closure (the rules, and not twice: no overlap with one of
 * the same room or of the whole clinic), storing it and removing one that
 * lies in the future, each audited in the caller's transaction. What a
 * closure does to appointments (the patients told, confirmed ones back to
 * requested) is the appointments' business: server/appointments/front-desk/closure-effects.ts,
 * which calls these inside its own transaction.
 */

export type ClosureErrors = Partial<Record<ClosureField, string>>;

export type ClosureCheck = { ok: true; value: ClosureInput } | { ok: false; errors: ClosureErrors };

/**
 * A new closure checked against the rules (domain/closures.ts) and the
 * closures already saved: the same days again, or days overlapping a closure
 * of the same room (or of the whole clinic, for a whole-clinic closure), are
 * refused by the first day's field. A closure of one room may lie inside a
 * closure of the whole clinic: the room's stays when the clinic reopens.
 */
export async function checkNewClosure(
  db: Db,
  raw: { firstDate?: string; lastDate?: string; reason?: string; room?: string },
  now: Date,
  /** A closure just stored in `trx`, which is not a clash with itself. */
  exceptId: number | undefined = undefined,
  trx: Kysely<Database> = db,
): Promise<ClosureCheck> {
  const checked = checkClosure(raw, clinicDate(now));
  if (!checked.ok) return checked;
  const { firstDate, lastDate, room } = checked.value;
  const scope = room ? ({ kind: "room", room } as const) : ({ kind: "clinic" } as const);
  const [clash] = (await closureRepository(db).overlapping(firstDate, lastDate, scope, trx)).filter(
    (c) => c.id !== exceptId,
  );
  if (!clash) return checked;
  const same = clash.firstDate === firstDate && clash.lastDate === lastDate;
  return { ok: false, errors: { firstDate: same ? CLOSURE_MESSAGES.twice : closureOverlapMessage(clash) } };
}

/** "2026-12-01" or "2026-12-01 to 2026-12-03", with the room's id when it is one room: the audit's detail. */
function auditDetail(c: { firstDate: string; lastDate: string; room: string | null }): string {
  const days = c.firstDate === c.lastDate ? c.firstDate : `${c.firstDate} to ${c.lastDate}`;
  return c.room ? `${days}, room ${c.room}` : days;
}

/** Stores a checked closure and its audit entry in `trx`; the database refuses the same closure twice (isSameClosure). */
export async function insertClosure(
  by: StaffIdentity,
  value: ClosureInput,
  now: Date,
  trx: Kysely<Database>,
): Promise<ClosureRow> {
  const id = await closureRepository(trx).create({ ...value, createdBy: by.id, createdAt: now.toISOString() }, trx);
  await recordAudit(
    {
      staffId: by.id,
      staffEmail: by.email,
      action: "closure_added",
      targetType: "closure",
      targetId: id,
      detail: auditDetail(value),
    },
    now,
    trx,
  );
  return { id, ...value };
}

/** A closure that may be removed now (it starts after today), or why not, with the HTTP status. */
export async function removableClosure(
  db: Db,
  id: number,
  now: Date,
): Promise<{ ok: true; closure: ClosureRow } | { ok: false; error: string; status: number }> {
  const closure = await closureRepository(db).find(id);
  if (!closure) return { ok: false, error: CLOSURE_MESSAGES.notFound, status: 404 };
  if (!canRemoveClosure(closure, clinicDate(now)))
    return { ok: false, error: CLOSURE_MESSAGES.cannotRemove, status: 409 };
  return { ok: true, closure };
}

/**
 * Removes a closure that starts after today, audited; a started or past one is refused with a message.
 * `andThen` runs in the same transaction once it is removed (what reopening it means elsewhere: the
 * offers of its days, decision 070); if it throws, the closure stays.
 */
export async function removeClosure(
  db: Db,
  by: StaffIdentity,
  id: number,
  now: Date,
  andThen?: (closure: ClosureRow, trx: Kysely<Database>) => Promise<unknown>,
): Promise<{ ok: true; closure: ClosureRow } | { ok: false; error: string; status: number }> {
  const today = clinicDate(now);
  return db.transaction().execute(async (trx) => {
    const repo = closureRepository(db);
    const closure = await repo.find(id, trx);
    if (!closure) return { ok: false as const, error: CLOSURE_MESSAGES.notFound, status: 404 };
    if (!canRemoveClosure(closure, today) || !(await repo.removeFuture(id, today, trx)))
      return { ok: false as const, error: CLOSURE_MESSAGES.cannotRemove, status: 409 };
    await recordAudit(
      {
        staffId: by.id,
        staffEmail: by.email,
        action: "closure_removed",
        targetType: "closure",
        targetId: id,
        detail: auditDetail(closure),
      },
      now,
      trx,
    );
    await andThen?.(closure, trx);
    return { ok: true as const, closure };
  });
}

/** Closures that have not ended (today onwards), soonest first, of the whole clinic and of rooms. */
export async function closuresFromToday(db: Db, now: Date): Promise<ClosureRow[]> {
  return closureRepository(db).overlapping(clinicDate(now), "9999-12-31");
}

/** For the overview: closures starting within `days` days or under way, soonest first. */
export async function closuresComingUp(db: Db, now: Date, days = 60): Promise<ClosureRow[]> {
  const today = clinicDate(now);
  return closureRepository(db).overlapping(today, addDays(today, days));
}
