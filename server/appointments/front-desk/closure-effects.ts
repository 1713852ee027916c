import type { Kysely } from "kysely";
import { serviceTitle } from "../../../domain/catalogue";
import { CLOSURE_MESSAGES, closureScope, type ClosureInput } from "../../../domain/closures";
import { roomName, roomNeed } from "../../../domain/rooms";
import type { ActiveStatus } from "../../../domain/statuses";
import type { StaffIdentity } from "../../../domain/staff-roles";
import { recordAudit } from "../../audit/audit";
import { closedDatesBetween, roomsOutBetween } from "../../closures/closed-dates";
import { isSameClosure, type ClosureRow } from "../../closures/closure-repository";
import {
  checkNewClosure,
  closuresFromToday,
  insertClosure,
  removeClosure,
  type ClosureErrors,
} from "../../closures/closures";
import { freeClosedDays } from "../freed-times";
import type { Db } from "../../db/index";
import type { Database } from "../../db/schema";
import { enqueueMail } from "../../mail/queue";
import { textPatient, closureMail, type ClosureNotice } from "../notices/index";
import type { StaffRuntime } from "../../db/runtime";
import { appointmentRepository, type AppointmentRow } from "../appointment-repository";
import { datedOn } from "../closed-day";
import { isRefusal, refused, type Refused } from "../../db/outcome";
import { issueManageLink } from "../manage-links";

/**
 * What a closure does to appointments (decision 034). Before a manager
 * saves a closure over days that hold active appointments, the page lists
 * them and asks to confirm; on saving, in the closure's own transaction,
 * every patient reached is told (tellPatientOfClosure, the one place): an
 * e-mail with the reason and a fresh private link to choose another date,
 * and a line in the appointment's status history that staff read. Requests
 * stay requested; a confirmed appointment goes back to requested, its time
 * and room given up, its requested date set to the day it was confirmed for
 * (the date the patient last heard, which keeps their link working until
 * then and puts the request on that day in the schedule).
 *
 * What a closure reaches: for the whole clinic, every active appointment
 * dated on its days; for one room out of service, the confirmed appointments
 * held in that room, and the requests for a service that no other room
 * serves that day (every room that serves it is out); days the whole clinic
 * is already closed are left out (their patients were told then).
 */

/** An active appointment a closure reaches, as the closures page lists it. */
export interface AffectedAppointment {
  id: number;
  reference: string;
  name: string;
  status: ActiveStatus;
  /** The day it is dated (confirmed, else requested), YYYY-MM-DD. */
  date: string;
  /** The confirmed time, or null for a request. */
  time: string | null;
  service: string;
  /** The confirmed room's name, or null. */
  room: string | null;
}

/** A closure's days and room (a room id, or null for the whole clinic), saved or not. */
type ClosureDays = Pick<ClosureInput, "firstDate" | "lastDate"> & { room: string | null };

/** The active appointments a closure (saved or not) reaches, by date then id: whole rows. */
async function rowsReached(
  db: Db,
  config: StaffRuntime["config"],
  closure: ClosureDays,
  trx: Kysely<Database> = db,
): Promise<AppointmentRow[]> {
  const { firstDate, lastDate, room } = closure;
  const active = await appointmentRepository(db).activeBetween(firstDate, lastDate, trx);
  if (!room) return active;
  const clinicClosed = await closedDatesBetween(db, config, firstDate, lastDate, trx);
  const roomsOut = await roomsOutBetween(db, firstDate, lastDate, trx);
  return active.filter((a) => {
    const date = datedOn(a);
    if (clinicClosed.has(date)) return false;
    if (a.status === "confirmed") return a.room === room;
    const need = roomNeed(a.service_name);
    if (need.kind !== "rooms" || !need.rooms.some((r) => r.id === room)) return false;
    const out = roomsOut.get(date);
    return need.rooms.every((r) => r.id === room || out?.has(r.id));
  });
}

function affected(a: AppointmentRow): AffectedAppointment {
  return {
    id: a.id,
    reference: a.reference,
    name: `${a.name} ${a.surname}`,
    status: a.status as ActiveStatus,
    date: datedOn(a),
    time: a.status === "confirmed" ? a.confirmed_time : null,
    service: serviceTitle(a.service_name),
    room: a.status === "confirmed" && a.room ? roomName(a.room) : null,
  };
}

/** The active appointments a closure (saved or not) reaches, as the page lists them. */
export async function appointmentsReached(
  db: Db,
  config: StaffRuntime["config"],
  closure: ClosureDays,
): Promise<AffectedAppointment[]> {
  return (await rowsReached(db, config, closure)).map(affected);
}

/** A closure as the closures page lists it: whether it may be removed, and the active appointments still on it. */
export interface ClosureView extends ClosureRow {
  appointments: AffectedAppointment[];
}

/** Closures that have not ended (today onwards), soonest first, each with the active appointments it still reaches. */
export async function closuresWithAppointments(rt: StaffRuntime): Promise<ClosureView[]> {
  const rows = await closuresFromToday(rt.db, rt.now());
  return Promise.all(rows.map(async (c) => ({ ...c, appointments: await appointmentsReached(rt.db, rt.config, c) })));
}

/** The status-history line staff read on an appointment a closure reached: what happened and that the patient was told. */
function closureNote(appt: AppointmentRow, closure: ClosureRow): string {
  const date = datedOn(appt);
  const what = closure.room
    ? `${closureScope(closure.room, { start: true })} is out of service on ${date} (${closure.reason})`
    : `The clinic is closed on ${date} (${closure.reason})`;
  const was =
    appt.status === "confirmed"
      ? `; no longer confirmed for ${appt.confirmed_time ?? ""}${appt.room ? `, ${roomName(appt.room)}` : ""}`
      : "";
  return `${what}${was}. The patient was e-mailed a link to choose another date.`;
}

/** The refusal when an appointment a closure reaches changed while the closure was being saved: nothing is saved. */
export const CLOSURE_CHANGED_MEANWHILE = "An appointment on those days changed meanwhile. Try again.";

/**
 * The one place a patient is told of a closure, inside the closure's
 * transaction: a confirmed appointment goes back to requested (its time and
 * room given up), the status history says so and that the patient was told
 * (with the audit entry a staff change has), and the patient's e-mail is
 * queued with a fresh private link. Answers the notice each channel writes
 * its message from: to text the patient as well, queue it here from `notice`;
 * or, when a confirmed appointment changed meanwhile, a refusal (the caller
 * rolls the closure's transaction back).
 */
export async function tellPatientOfClosure(
  rt: StaffRuntime,
  staff: StaffIdentity,
  appt: AppointmentRow,
  closure: ClosureRow,
  now: Date,
  trx: Kysely<Database>,
): Promise<ClosureNotice | Refused> {
  const appointments = appointmentRepository(rt.db);
  const stamp = now.toISOString();
  const date = datedOn(appt);
  if (appt.status === "confirmed") {
    const moved = await appointments.updateIf(
      appt.id,
      { status: "confirmed", updatedAt: appt.updated_at },
      {
        status: "requested",
        requested_date: date,
        confirmed_date: null,
        confirmed_time: null,
        room: null,
        starts_at: null,
        ends_at: null,
        updated_at: stamp,
      },
      trx,
    );
    if (!moved) return refused(CLOSURE_CHANGED_MEANWHILE);
    await recordAudit(
      {
        staffId: staff.id,
        staffEmail: staff.email,
        action: "status_change",
        targetType: "appointment",
        targetId: appt.id,
        detail: `confirmed -> requested (closure ${closure.id})`,
      },
      now,
      trx,
    );
  }
  await appointments.recordStatusChange(
    {
      appointment_id: appt.id,
      from_status: appt.status,
      to_status: "requested",
      note: closureNote(appt, closure),
      staff_id: staff.id,
      created_at: stamp,
    },
    trx,
  );
  const notice: ClosureNotice = {
    reference: appt.reference,
    name: appt.name,
    email: appt.email,
    phone: appt.phone,
    serviceName: appt.service_name,
    date,
    time: appt.status === "confirmed" ? appt.confirmed_time : null,
    reason: closure.reason,
    roomOnly: closure.room !== null,
    manageUrl: await issueManageLink(rt.db, rt.config, appt, now, trx),
    language: appt.language,
  };
  await enqueueMail(closureMail(rt.config, notice), now, trx);
  // The text names the day the clinic is closed (or, for one room, that it cannot go ahead); the appointment is now a request for that day.
  await textPatient(
    rt.config,
    { ...appt, requested_date: date, confirmed_date: null, confirmed_time: null },
    notice.roomOnly ? "room-closed" : "closed",
    notice.manageUrl,
    now,
    undefined,
    trx,
  );
  return notice;
}

export type CloseResult =
  | { ok: false; errors: ClosureErrors }
  /** Refused: an appointment it reaches changed meanwhile (CLOSURE_CHANGED_MEANWHILE); nothing saved. */
  | { ok: false; failure: string }
  /** Not saved: these patients would be reached; post again with `confirmed` to save and tell them. */
  | { ok: true; saved: false; closure: ClosureInput; appointments: AffectedAppointment[] }
  /** Saved, and every patient reached told. */
  | { ok: true; saved: true; closure: ClosureRow; told: AffectedAppointment[] };

/**
 * Adds a closure for a manager. When it reaches active appointments and is
 * not `confirmed`, nothing is saved and the answer lists them. Otherwise one
 * transaction stores the closure (audited), reads again whom it reaches
 * (a booking made since the page was shown is told too) and tells each
 * patient; a refusal (the same closure saved meanwhile, an appointment
 * changed meanwhile) rolls it all back and is the answer (decision 060).
 */
export async function closeAndTell(
  rt: StaffRuntime,
  staff: StaffIdentity,
  raw: { firstDate?: string; lastDate?: string; reason?: string; room?: string },
  { confirmed }: { confirmed: boolean },
): Promise<CloseResult> {
  const now = rt.now();
  const checked = await checkNewClosure(rt.db, raw, now);
  if (!checked.ok) return checked;
  const value = checked.value;
  if (!confirmed) {
    const reached = await appointmentsReached(rt.db, rt.config, value);
    if (reached.length > 0) return { ok: true, saved: false, closure: value, appointments: reached };
  }
  try {
    return await rt.db.transaction().execute(async (trx) => {
      // Written first: SQLite takes its write lock at once (see lockForChange).
      const closure = await insertClosure(staff, value, now, trx);
      const again = await checkNewClosure(rt.db, raw, now, closure.id, trx);
      if (!again.ok) throw new ClosureRefused({ ok: false, errors: again.errors });
      const reached = await rowsReached(rt.db, rt.config, value, trx);
      for (const appt of reached) {
        const told = await tellPatientOfClosure(rt, staff, appt, closure, now, trx);
        if (isRefusal(told)) throw new ClosureRefused({ ok: false, failure: told.failure });
      }
      // As they stand now: requests, their time and room given up.
      const told = reached.map((a) => ({ ...affected(a), status: "requested" as const, time: null, room: null }));
      return { ok: true as const, saved: true as const, closure, told };
    });
  } catch (error) {
    if (error instanceof ClosureRefused) return error.refusal;
    if (isSameClosure(error)) return { ok: false, errors: { firstDate: CLOSURE_MESSAGES.twice } };
    throw error;
  }
}

/** Carries a refusal out of the closure's transaction, which it rolls back; never leaves closeAndTell. */
class ClosureRefused extends Error {
  override name = "ClosureRefused";
  constructor(readonly refusal: Extract<CloseResult, { ok: false }>) {
    super("closure refused");
  }
}

/**
 * Removes a closure for a manager (server/closures/closures.ts removeClosure, audited) and, in the
 * same transaction, offers its days to the patients waiting for an earlier time (decision 070): a
 * closure lifted, or a room back in service, frees each of its days from tomorrow.
 */
export async function reopenAndOffer(
  rt: StaffRuntime,
  staff: StaffIdentity,
  id: number,
): ReturnType<typeof removeClosure> {
  const now = rt.now();
  return removeClosure(rt.db, staff, id, now, (closure, trx) => freeClosedDays(closure, now, trx));
}
