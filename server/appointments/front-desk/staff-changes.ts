import type { Kysely, Updateable } from "kysely";
import { appointmentRepository, type AppointmentRow } from "../appointment-repository";
import type { AppointmentTable, Database } from "../../db/schema";
import { findRoom } from "../../../domain/rooms";
import { movedMail, textPatient, cancellationMail, confirmationMail, notPreparedMail } from "../notices/index";
import {
  APPOINTMENT_TRANSITIONS,
  CANCEL_REASON_MAX,
  CANCEL_REASON_TOO_LONG,
  MISSED_STATUSES,
  statusLabel,
  type AppointmentStatus,
} from "../../../domain/statuses";
import { enqueueMail } from "../../mail/queue";
import type { StaffIdentity } from "../../../domain/staff-roles";
import { recordAudit } from "../../audit/audit";
import { issueManageLink } from "../manage-links";
import { recordFreedTime } from "../freed-times";
import { closedDatesBetween, roomsOutBetween } from "../../closures/closed-dates";
import {
  isTimeTaken,
  placeAppointment,
  TIME_TAKEN,
  type DayRules,
  type Placement,
  type PlacementColumns,
  type PlacementField,
} from "./schedule";
import {
  Contended,
  invalid,
  isContention,
  isRefusal,
  refused,
  refusingTransaction,
  type Refusal,
} from "../../db/outcome";
import type { StaffRuntime } from "../../db/runtime";
import { clinicDate, clinicInstant, formatAbbreviatedDate, isIsoDate } from "../../../domain/dates";
import { DUPLICATE_WORDS, duplicatesAmong, type DuplicateOf } from "../../../domain/duplicate-requests";

/**
 * Closes a request as a duplicate of the patient's other open request for the
 * same service and day (decision 049), in one action: cancelled, with the
 * other's reference as the reason, a line in its history and the audit log;
 * no e-mail and no text, since the patient's other request stands. Refused
 * unless it is a request and has such a twin still open (a refusal, with
 * nothing written).
 */
export async function closeAsDuplicate(rt: StaffRuntime, staff: StaffIdentity, id: number): Promise<DuplicateOutcome> {
  const now = rt.now();
  const appointments = appointmentRepository(rt.db);
  return refusingTransaction(rt.db, async (trx): Promise<DuplicateOutcome> => {
    const appt = await lockedAppointment(appointments, id, trx);
    if (isRefusal(appt)) return appt;
    if (appt.status !== "requested") return refused(DUPLICATE_WORDS.notDuplicate);
    const twin = duplicatesAmong(await appointments.openRequestsOn([appt.requested_date], trx)).get(id)?.[0];
    if (!twin) return refused(DUPLICATE_WORDS.notDuplicate);
    const refusal = await writeStaffChange(
      appointments,
      staff,
      id,
      now,
      {
        expected: { status: appt.status },
        set: {
          status: "cancelled",
          cancel_reason: DUPLICATE_WORDS.reason(twin.reference),
          updated_at: now.toISOString(),
        },
        from: appt.status,
        to: "cancelled",
        note: DUPLICATE_WORDS.note(twin.reference),
        action: "duplicate_closed",
        detail: `duplicate of ${twin.reference}`,
      },
      trx,
    );
    if (refusal) return refusal;
    return { kind: "done", twin };
  });
}

/** What closeAsDuplicate gives: done, with the other open request it duplicated, or refused (./outcome.ts). */
export type DuplicateOutcome = { kind: "done"; twin: DuplicateOf } | Refusal<never>;

export type StatusChange =
  | { to: "confirmed"; date: string; time: string; examination?: string | null; room?: string | null }
  | { to: "attended" }
  | { to: "no_show" }
  | { to: "not_prepared" }
  | { to: "cancelled"; reason: string };

/** The statuses that record how a confirmed appointment went, which wait for its time. */
const OUTCOMES: readonly AppointmentStatus[] = ["attended", ...MISSED_STATUSES];

/**
 * When attended and no-show may first be recorded for a confirmed appointment:
 * its confirmed start (the clinic's clock), or undefined when it has no time.
 */
export function outcomeFrom(appt: Pick<AppointmentRow, "confirmed_date" | "confirmed_time">): Date | undefined {
  return appt.confirmed_date && appt.confirmed_time
    ? clinicInstant(appt.confirmed_date, appt.confirmed_time)
    : undefined;
}

/**
 * Which statuses an appointment may move to now: APPOINTMENT_TRANSITIONS,
 * less attended and no-show before the appointment's time has come.
 */
export function allowedNext(
  appt: Pick<AppointmentRow, "status" | "confirmed_date" | "confirmed_time">,
  now: Date,
): readonly AppointmentStatus[] {
  const from = outcomeFrom(appt);
  const early = from !== undefined && now.getTime() < from.getTime();
  return APPOINTMENT_TRANSITIONS[appt.status].staff.filter((s) => !(early && OUTCOMES.includes(s)));
}

/** The refusal of attended or no-show before the appointment's time. */
function tooEarlyMessage(appt: Pick<AppointmentRow, "confirmed_date" | "confirmed_time">): string {
  return `Attended and no-show can be recorded from the appointment's time, ${formatAbbreviatedDate(appt.confirmed_date ?? "")} at ${appt.confirmed_time}.`;
}

/** The fields of a change staff send that can be wrong: a placement's, and a cancellation's reason. */
export type StatusChangeField = PlacementField | "reason";
export type StatusChangeErrors = Partial<Record<StatusChangeField, string>>;

/**
 * What a change or a move gives (decision 060): done, or refused with a
 * sentence about no one field (a status that does not allow it, a change
 * made meanwhile), or invalid with each field's problem at once; a refusal
 * writes nothing.
 */
export type StatusChangeOutcome = { kind: "done" } | Refusal<StatusChangeField>;

/**
 * Moves an appointment to a new status, recording who and when in the
 * status history and the audit log. Confirmation checks the date and time
 * and queues the patient's e-mail in the same transaction.
 */
export async function changeStatus(
  rt: StaffRuntime,
  staff: StaffIdentity,
  id: number,
  change: StatusChange,
): Promise<StatusChangeOutcome> {
  const now = rt.now();
  const appointments = appointmentRepository(rt.db);
  // Read before the transaction: SQLite's one connection is the transaction's until it ends.
  const rules = change.to === "confirmed" ? await dayRules(rt, change.date) : undefined;
  return refusingTransaction(rt.db, async (trx): Promise<StatusChangeOutcome> => {
    const appt = await lockedAppointment(appointments, id, trx);
    if (isRefusal(appt)) return appt;
    if (!allowedNext(appt, now).includes(change.to)) {
      if (APPOINTMENT_TRANSITIONS[appt.status].staff.includes(change.to)) return refused(tooEarlyMessage(appt));
      const [from, to] = [statusLabel(appt.status), statusLabel(change.to)].map((l) => l.toLowerCase());
      return refused(`A ${from} appointment cannot be marked ${to}.`);
    }
    let note: string | null = null;
    const set: Updateable<AppointmentTable> = {
      status: change.to,
      updated_at: now.toISOString(),
    };
    if (change.to === "confirmed") {
      const placed = await placeAppointment(rt.db, rules!, appt, change, now, trx);
      if (isRefusal(placed)) return placed;
      Object.assign(set, placed.columns);
      note = placementNote(placed.columns);
    }
    if (change.to === "cancelled") {
      const reason = change.reason.trim();
      if (!reason) return invalid<StatusChangeField>({ reason: "Give a reason for cancelling." });
      if (reason.length > CANCEL_REASON_MAX) return invalid<StatusChangeField>({ reason: CANCEL_REASON_TOO_LONG });
      set.cancel_reason = reason;
      note = reason;
    }
    // Refuses a change made meanwhile by someone else, and (the database) an overlap in one room.
    const refusal = await writeStaffChange(
      appointments,
      staff,
      id,
      now,
      {
        expected: { status: appt.status },
        set,
        from: appt.status,
        to: change.to,
        note,
        action: "status_change",
        detail: `${appt.status} -> ${change.to}`,
      },
      trx,
    );
    if (refusal) return refusal;
    if (change.to === "confirmed") {
      const manageUrl = await issueManageLink(rt.db, rt.config, appt, now, trx);
      await enqueueMail(
        confirmationMail(
          rt.config,
          {
            reference: appt.reference,
            name: appt.name,
            email: appt.email,
            serviceName: appt.service_name,
            examination: set.examination ?? null,
            date: change.date,
            time: change.time,
            manageUrl,
            language: appt.language,
          },
          now,
        ),
        now,
        trx,
      );
      const confirmed = { ...appt, confirmed_date: change.date, confirmed_time: change.time };
      await textPatient(rt.config, confirmed, "confirmed", manageUrl, now, undefined, trx);
    }
    if (change.to === "cancelled") {
      await recordFreedTime(appt, "cancelled", now, trx);
      const manageUrl = await issueManageLink(rt.db, rt.config, appt, now, trx);
      await enqueueMail(
        cancellationMail(rt.config, {
          reference: appt.reference,
          name: appt.name,
          email: appt.email,
          serviceName: appt.service_name,
          reason: change.reason.trim(),
          manageUrl,
          language: appt.language,
        }),
        now,
        trx,
      );
      await textPatient(rt.config, appt, "cancelled", manageUrl, now, undefined, trx);
    }
    if (change.to === "not_prepared") {
      // It offers a new time (decision 070): the booking page for the same service, by e-mail and on the private page.
      const manageUrl = await issueManageLink(rt.db, rt.config, appt, now, trx);
      await enqueueMail(notPreparedMail(rt.config, appt, manageUrl), now, trx);
    }
    return { kind: "done" };
  });
}

export type { DayRules };

/**
 * The closed days a placement on `date` is checked against: CLOSED_DATES and
 * the closures in the database (server/closures/closed-dates.ts), with the
 * reasons staff see in the refusal, and the rooms out of service that day
 * (decision 034).
 */
export async function dayRules(rt: StaffRuntime, date: string): Promise<DayRules> {
  if (!isIsoDate(date)) return { closedDates: [...rt.config.closedDates] };
  const closedThere = await closedDatesBetween(rt.db, rt.config, date, date);
  const closureReasons: Record<string, string> = {};
  for (const [d, reason] of closedThere) if (reason) closureReasons[d] = reason;
  const roomsOut = Object.fromEntries((await roomsOutBetween(rt.db, date, date)).get(date) ?? []);
  return { closedDates: [...rt.config.closedDates, ...closedThere.keys()], closureReasons, roomsOut };
}

/** "2026-12-02 10:00, Ultrasound 1, Thyroid": the status-history note for a placement. */
function placementNote(placed: PlacementColumns): string {
  return [`${placed.confirmed_date} ${placed.confirmed_time}`, findRoom(placed.room)?.name, placed.examination]
    .filter(Boolean)
    .join(", ");
}

/** The appointment, locked for the rest of the transaction; refused when it no longer exists. */
async function lockedAppointment(
  appointments: ReturnType<typeof appointmentRepository>,
  id: number,
  trx: Kysely<Database>,
): Promise<AppointmentRow | Refusal<never>> {
  await appointments.lockForChange(id, trx);
  const appt = await appointments.findById(id, trx);
  return appt ?? refused("This appointment no longer exists.");
}

/**
 * A staff member's change to one appointment, written in `trx`: the row
 * updated only while it is still as `expected` (updateIf), then its
 * status-history row and its audit entry. Gives a refusal, with nothing
 * recorded, when someone else changed it meanwhile, and the database's
 * refusal of an overlap in one room as TIME_TAKEN; undefined when written.
 * The caller gives the refusal back through refusingTransaction, which rolls
 * back.
 */
async function writeStaffChange(
  appointments: ReturnType<typeof appointmentRepository>,
  staff: StaffIdentity,
  id: number,
  now: Date,
  change: {
    expected: { status: AppointmentStatus; updatedAt?: string };
    set: Updateable<AppointmentTable>;
    from: AppointmentStatus;
    to: AppointmentStatus;
    note: string | null;
    action: "status_change" | "appointment_move" | "duplicate_closed";
    detail: string;
  },
  trx: Kysely<Database>,
): Promise<Refusal<StatusChangeField> | undefined> {
  let updated: boolean;
  try {
    updated = await appointments.updateIf(id, change.expected, change.set, trx);
  } catch (error) {
    if (isTimeTaken(error)) return invalid<StatusChangeField>({ time: TIME_TAKEN });
    // Two claims of one room waiting for each other (PostgreSQL): run again, and taken if it lasts.
    if (isContention(error)) throw new Contended(invalid<StatusChangeField>({ time: TIME_TAKEN }));
    throw error;
  }
  if (!updated) return refused("Someone else changed this appointment. Reload and try again.");
  await appointments.recordStatusChange(
    {
      appointment_id: id,
      from_status: change.from,
      to_status: change.to,
      note: change.note,
      staff_id: staff.id,
      created_at: now.toISOString(),
    },
    trx,
  );
  await recordAudit(
    {
      staffId: staff.id,
      staffEmail: staff.email,
      action: change.action,
      targetType: "appointment",
      targetId: id,
      detail: change.detail,
    },
    now,
    trx,
  );
  return undefined;
}

/**
 * Moves a confirmed appointment to another time (and room), by the same
 * checks as confirming, recording it in the status history and the audit
 * log and queuing the patient's e-mail with a fresh manage link, in one
 * transaction.
 */
export async function moveAppointment(
  rt: StaffRuntime,
  staff: StaffIdentity,
  id: number,
  placement: Placement,
): Promise<StatusChangeOutcome> {
  const now = rt.now();
  const appointments = appointmentRepository(rt.db);
  const rules = await dayRules(rt, placement.date);
  return refusingTransaction(rt.db, async (trx): Promise<StatusChangeOutcome> => {
    const appt = await lockedAppointment(appointments, id, trx);
    if (isRefusal(appt)) return appt;
    if (appt.status !== "confirmed") return refused("Only a confirmed appointment can be moved.");
    const outcome = await placeAppointment(rt.db, rules, appt, placement, now, trx);
    if (isRefusal(outcome)) return outcome;
    const placed = outcome.columns;
    const set = { ...placed, updated_at: now.toISOString() };
    const from = `${appt.confirmed_date ?? ""} ${appt.confirmed_time ?? ""}`.trim();
    const refusal = await writeStaffChange(
      appointments,
      staff,
      id,
      now,
      {
        expected: { status: "confirmed", updatedAt: appt.updated_at },
        set,
        from: "confirmed",
        to: "confirmed",
        note: `Moved from ${from} to ${placementNote(placed)}`,
        action: "appointment_move",
        detail: `${from} -> ${placed.confirmed_date} ${placed.confirmed_time}`,
      },
      trx,
    );
    if (refusal) return refusal;
    // The time it held is offered to the patients who asked for an earlier one (decision 070).
    await recordFreedTime(appt, "moved", now, trx);
    const manageUrl = await issueManageLink(rt.db, rt.config, appt, now, trx);
    await enqueueMail(
      movedMail(rt.config, {
        reference: appt.reference,
        name: appt.name,
        email: appt.email,
        serviceName: appt.service_name,
        date: placed.confirmed_date,
        time: placed.confirmed_time,
        manageUrl,
        language: appt.language,
      }),
      now,
      trx,
    );
    const moved = { ...appt, confirmed_date: placed.confirmed_date, confirmed_time: placed.confirmed_time };
    await textPatient(rt.config, moved, "moved", manageUrl, now, undefined, trx);
    return { kind: "done" };
  });
}

/** Why a patient cannot be marked arrived (decision 065): only a confirmed appointment, on its day, once. */
export const ARRIVED_ONLY_CONFIRMED = "Only a confirmed appointment can be marked arrived.";
export const ARRIVED_ONLY_ON_THE_DAY = "A patient can be marked arrived only on the day of their appointment.";
export const ARRIVED_ALREADY = "This patient is already marked arrived.";

/** Whether reception may mark the patient arrived now (`today` in Gaborone): confirmed, that day, not yet marked. */
export function mayMarkArrived(
  appt: Pick<AppointmentRow, "status" | "confirmed_date" | "arrived_at">,
  today: string,
): boolean {
  return appt.status === "confirmed" && appt.confirmed_date === today && !appt.arrived_at;
}

/**
 * Reception marks the patient arrived (issue 36): the time is recorded, the status stays
 * confirmed (attended and no-show are recorded as before), and the audit log says who.
 */
export async function markArrived(rt: StaffRuntime, staff: StaffIdentity, id: number): Promise<StatusChangeOutcome> {
  const now = rt.now();
  const appointments = appointmentRepository(rt.db);
  return refusingTransaction(rt.db, async (trx): Promise<StatusChangeOutcome> => {
    const appt = await lockedAppointment(appointments, id, trx);
    if (isRefusal(appt)) return appt;
    if (appt.status !== "confirmed") return refused(ARRIVED_ONLY_CONFIRMED);
    if (appt.confirmed_date !== clinicDate(now)) return refused(ARRIVED_ONLY_ON_THE_DAY);
    if (appt.arrived_at) return refused(ARRIVED_ALREADY);
    const stamp = now.toISOString();
    const done = await appointments.updateIf(
      id,
      { status: "confirmed", updatedAt: appt.updated_at },
      { arrived_at: stamp, updated_at: stamp },
      trx,
    );
    if (!done) return refused("Someone else changed this appointment. Reload and try again.");
    await recordAudit(
      {
        staffId: staff.id,
        staffEmail: staff.email,
        action: "patient_arrived",
        targetType: "appointment",
        targetId: id,
      },
      now,
      trx,
    );
    return { kind: "done" };
  });
}
