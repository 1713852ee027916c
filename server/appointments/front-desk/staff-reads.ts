import { appointmentRepository, type AppointmentListRow, type AppointmentSearch } from "../appointment-repository";
import { referrerRepository } from "../referrer-repository";
import type { Db } from "../../db/index";
import { attentionQuestions, readSafetyAnswers } from "../../../domain/safety-questions";
import { isAppointmentStatus } from "../../../domain/statuses";
import { uploadRepository } from "../../uploads/upload-repository";
import { parseDateInput } from "../../../domain/dates";
import { LIST_PAGE_SIZE } from "../../../domain/staff-limits";
import { duplicatesAmong, type DuplicateOf } from "../../../domain/duplicate-requests";

/**
 * What the front desk reads: the appointments list with its filters and
 * possible duplicates, the service names to filter by, and one appointment
 * with its files, history and referring doctor. The changes are in
 * staff-changes.ts.
 */

export interface AppointmentFilters extends AppointmentSearch {
  page?: number;
}

/** Parses filters from form or query values; unknown values are dropped, never trusted. */
export function parseFilters(get: (name: string) => string | null | undefined): AppointmentFilters {
  const status = get("status");
  const from = parseDateInput(get("from") ?? "");
  const to = parseDateInput(get("to") ?? "");
  const q = get("q")?.trim().slice(0, 100);
  const service = get("service")?.trim().slice(0, 100);
  const page = Number(get("page"));
  return {
    status: isAppointmentStatus(status) ? status : undefined,
    from: from ?? undefined,
    to: to ?? undefined,
    q: q || undefined,
    service: service || undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The appointments the list's filters match: by status, service, requested days, and a reference, name, phone or ID number. */
function searched(db: Db, search: AppointmentSearch) {
  let query = db.selectFrom("appointments");
  if (search.status) query = query.where("status", "=", search.status);
  if (search.service) query = query.where("service_name", "=", search.service);
  if (search.from) query = query.where("requested_date", ">=", search.from);
  if (search.to) query = query.where("requested_date", "<=", search.to);
  if (search.q) {
    const needle = `%${search.q.toLowerCase().replace(/[%_]/g, "")}%`;
    const digits = search.q.replace(/\D/g, "");
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
  return query;
}

/** How many appointments match the list's filters. */
async function countMatching(db: Db, search: AppointmentSearch): Promise<number> {
  const { total } = await searched(db, search)
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** One page of the matching appointments, newest first. */
async function findMatching(
  db: Db,
  search: AppointmentSearch,
  limit: number,
  offset: number,
): Promise<AppointmentListRow[]> {
  return searched(db, search)
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
      "safety_answers",
    ])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function listAppointments(db: Db, filters: AppointmentFilters) {
  const total = await countMatching(db, filters);
  const pages = Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
  const page = Math.min(filters.page ?? 1, pages);
  const found = await findMatching(db, filters, LIST_PAGE_SIZE, (page - 1) * LIST_PAGE_SIZE);
  // Possible duplicates (decision 049): the page's days' open requests, one indexed read.
  const twins = await duplicatesOn(
    db,
    found.map((r) => r.requested_date),
  );
  // The list carries how many safety answers need a look, not the answers.
  const rows = found.map(({ safety_answers, ...row }) => ({
    ...row,
    safetyChecks: attentionQuestions(row.service_name, readSafetyAnswers(safety_answers)).length,
    duplicates: twins.get(row.id) ?? [],
  }));
  return { rows, total, page, pages };
}

/** The possible duplicates among the open requests asked for on these days, by request id (decision 049). */
export async function duplicatesOn(db: Db, dates: readonly string[]): Promise<Map<number, DuplicateOf[]>> {
  return duplicatesAmong(await appointmentRepository(db).openRequestsOn(dates));
}

/** Service names to filter by: those in the data. */
export async function serviceNames(db: Db): Promise<string[]> {
  return appointmentRepository(db).serviceNames();
}

export async function getAppointment(db: Db, id: number) {
  const appointments = appointmentRepository(db);
  const appointment = await appointments.findById(id);
  if (!appointment) return undefined;
  const files = await uploadRepository(db).listForAppointment(id);
  const history = await appointments.statusHistory(id);
  const duplicates = (await duplicatesOn(db, [appointment.requested_date])).get(id) ?? [];
  // The referring doctor as given or corrected, and the doctor's other referrals (decision 071).
  const referrers = referrerRepository(db);
  const referrer = (await referrers.ofAppointment(id)) ?? null;
  const sameDoctor = referrer ? await appointments.referencesOf(await referrers.sameDoctor(referrer)) : [];
  return { appointment, files, history, duplicates, referrer, sameDoctor };
}
