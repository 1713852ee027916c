import type { Updateable } from "kysely";
import { serviceGuidance } from "../../domain/catalogue";
import type { Db } from "../db/index";
import type { AppointmentTable } from "../db/schema";
import {
  APPOINTMENT_TRANSITIONS,
  isAppointmentStatus,
  statusLabel,
  type AppointmentStatus,
} from "../../domain/statuses";
import { enqueueMail } from "../mail/queue";
import type { StaffIdentity } from "./accounts";
import { recordAudit } from "./audit";
import { confirmationMail } from "./confirmation-mail";
import { confirmationProblem } from "./open-days";
import type { StaffRuntime } from "./runtime";
import { isIsoDate } from "../../domain/dates";

export interface AppointmentFilters {
  status?: AppointmentStatus;
  service?: string;
  /** Requested date range, inclusive, YYYY-MM-DD. */
  from?: string;
  to?: string;
  /** Reference, name, phone or ID number. */
  q?: string;
  page?: number;
}

export const PAGE_SIZE = 25;

/** Parses filters from form or query values; unknown values are dropped, never trusted. */
export function parseFilters(get: (name: string) => string | null | undefined): AppointmentFilters {
  const status = get("status");
  const from = get("from")?.trim();
  const to = get("to")?.trim();
  const q = get("q")?.trim().slice(0, 100);
  const service = get("service")?.trim().slice(0, 100);
  const page = Number(get("page"));
  return {
    status: isAppointmentStatus(status) ? status : undefined,
    from: from && isIsoDate(from) ? from : undefined,
    to: to && isIsoDate(to) ? to : undefined,
    q: q || undefined,
    service: service || undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export type AppointmentRow = Pick<
  AppointmentTable,
  | "reference"
  | "name"
  | "surname"
  | "phone"
  | "service_name"
  | "requested_date"
  | "status"
  | "confirmed_date"
  | "confirmed_time"
  | "created_at"
> & { id: number };

export async function listAppointments(db: Db, filters: AppointmentFilters) {
  let query = db.selectFrom("appointments");
  if (filters.status) query = query.where("status", "=", filters.status);
  if (filters.service) query = query.where("service_name", "=", filters.service);
  if (filters.from) query = query.where("requested_date", ">=", filters.from);
  if (filters.to) query = query.where("requested_date", "<=", filters.to);
  if (filters.q) {
    const needle = `%${filters.q.toLowerCase().replace(/[%_]/g, "")}%`;
    const digits = filters.q.replace(/\D/g, "");
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn("lower", ["reference"]), "like", needle),
        eb(eb.fn("lower", ["name"]), "like", needle),
        eb(eb.fn("lower", ["surname"]), "like", needle),
        eb(eb.fn("lower", ["id_passport_number"]), "like", needle),
        eb("phone", "like", needle),
        eb("alternate_phone", "like", needle),
        ...(digits.length >= 4
          ? [eb("phone", "like", `%${digits}%`), eb("alternate_phone", "like", `%${digits}%`)]
          : []),
      ]),
    );
  }
  const { total } = await query.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  const pages = Math.max(1, Math.ceil(Number(total) / PAGE_SIZE));
  const page = Math.min(filters.page ?? 1, pages);
  const rows: AppointmentRow[] = await query
    .select([
      "id",
      "reference",
      "name",
      "surname",
      "phone",
      "service_name",
      "requested_date",
      "status",
      "confirmed_date",
      "confirmed_time",
      "created_at",
    ])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE)
    .execute();
  return { rows, total: Number(total), page, pages };
}

/** Service names to filter by: those in the data. */
export async function serviceNames(db: Db): Promise<string[]> {
  const rows = await db.selectFrom("appointments").select("service_name").distinct().orderBy("service_name").execute();
  return rows.map((r) => r.service_name);
}

export async function getAppointment(db: Db, id: number) {
  const appointment = await db.selectFrom("appointments").selectAll().where("id", "=", id).executeTakeFirst();
  if (!appointment) return undefined;
  const files = await db
    .selectFrom("uploads")
    .select(["public_id", "display_name", "mime_type", "size_bytes", "created_at"])
    .where("appointment_id", "=", id)
    .orderBy("id")
    .execute();
  const history = await db
    .selectFrom("appointment_status_history")
    .innerJoin("staff_users", "staff_users.id", "appointment_status_history.staff_id")
    .select([
      "appointment_status_history.id",
      "appointment_status_history.from_status",
      "appointment_status_history.to_status",
      "appointment_status_history.note",
      "appointment_status_history.created_at",
      "staff_users.name as staff_name",
    ])
    .where("appointment_status_history.appointment_id", "=", id)
    .orderBy("appointment_status_history.id")
    .execute();
  return { appointment, files, history };
}

export type StatusChange =
  | { to: "confirmed"; date: string; time: string }
  | { to: "attended" }
  | { to: "no_show" }
  | { to: "cancelled"; reason: string };

/** Which statuses an appointment may move to from `status`. */
export function allowedNext(status: AppointmentStatus): readonly AppointmentStatus[] {
  return APPOINTMENT_TRANSITIONS[status];
}

export class StatusChangeError extends Error {
  override name = "StatusChangeError";
}

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
): Promise<void> {
  const now = rt.now();
  await rt.db.transaction().execute(async (trx) => {
    const appt = await trx.selectFrom("appointments").selectAll().where("id", "=", id).executeTakeFirst();
    if (!appt) throw new StatusChangeError("This appointment no longer exists.");
    if (!allowedNext(appt.status).includes(change.to)) {
      const [from, to] = [statusLabel(appt.status), statusLabel(change.to)].map((l) => l.toLowerCase());
      throw new StatusChangeError(`A ${from} appointment cannot be marked ${to}.`);
    }
    let note: string | null = null;
    const set: Updateable<AppointmentTable> = {
      status: change.to,
      updated_at: now.toISOString(),
    };
    if (change.to === "confirmed") {
      const problem = confirmationProblem(
        rt.config,
        change.date,
        change.time,
        serviceGuidance(appt.service_name).durationMinutes,
        now,
      );
      if (problem) throw new StatusChangeError(problem);
      set.confirmed_date = change.date;
      set.confirmed_time = change.time;
      note = `${change.date} ${change.time}`;
    }
    if (change.to === "cancelled") {
      const reason = change.reason.trim();
      if (!reason) throw new StatusChangeError("Give a reason for cancelling.");
      if (reason.length > 500) throw new StatusChangeError("Keep the reason under 500 characters.");
      set.cancel_reason = reason;
      note = reason;
    }
    const updated = await trx
      .updateTable("appointments")
      .set(set)
      .where("id", "=", id)
      .where("status", "=", appt.status) // refuses a change made meanwhile by someone else
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1)
      throw new StatusChangeError("Someone else changed this appointment. Reload and try again.");
    await trx
      .insertInto("appointment_status_history")
      .values({
        appointment_id: id,
        from_status: appt.status,
        to_status: change.to,
        note,
        staff_id: staff.id,
        created_at: now.toISOString(),
      })
      .execute();
    await recordAudit(
      trx,
      {
        staffId: staff.id,
        staffEmail: staff.email,
        action: "status_change",
        targetType: "appointment",
        targetId: id,
        detail: `${appt.status} -> ${change.to}`,
      },
      now,
    );
    if (change.to === "confirmed") {
      await enqueueMail(
        trx,
        confirmationMail(
          rt.config,
          {
            reference: appt.reference,
            name: appt.name,
            email: appt.email,
            serviceName: appt.service_name,
            date: change.date,
            time: change.time,
          },
          now,
        ),
        now,
      );
    }
  });
}

/** Confirmed appointments from a date on, soonest first (the overview). */
export async function confirmedFrom(db: Db, date: string, limit = 50) {
  return db
    .selectFrom("appointments")
    .select(["id", "reference", "name", "surname", "service_name", "confirmed_date", "confirmed_time"])
    .where("status", "=", "confirmed")
    .where("confirmed_date", ">=", date)
    .orderBy("confirmed_date")
    .orderBy("confirmed_time")
    .limit(limit)
    .execute();
}
