import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import type { Db } from "../db/index";
import type { AppointmentStatus, Database } from "../db/schema";
import { ACTIVE_STATUSES } from "../../domain/statuses";
import { sameName, type RequestIdentity } from "../../domain/duplicate-requests";
import { prepared } from "../db/prepared";
import type { AppointmentRow } from "./appointment-rows";

/* The appointments repository's reads (appointment-repository.ts puts them together with the writes). */

/**
 * The one filter by a day range: an appointment whose `status` is one of
 * these and whose date by `column` (YYYY-MM-DD) falls from `from` to `to`,
 * both days in.
 */
function datedBetween(
  statuses: readonly AppointmentStatus[],
  column: "confirmed_date" | "requested_date",
  from: string,
  to: string,
) {
  return (eb: ExpressionBuilder<Database, "appointments">) =>
    eb.and([eb("status", "in", [...statuses]), eb(column, ">=", from), eb(column, "<=", to)]);
}

/** Every confirmed appointment, all columns: the start of the schedule's queries. */
function confirmed(trx: Kysely<Database>) {
  return trx.selectFrom("appointments").selectAll().where("status", "=", "confirmed");
}

/**
 * An open request from the same patient (name, surname, date of birth,
 * phone) for the same service and day, the booking path's duplicate check
 * (decision 049): read by the requested date's index, so it looks at one
 * day's requests however many are stored. Names are compared in lower case
 * (the caller gives them so: sameName).
 */
const openTwin = prepared<{
  name: string;
  surname: string;
  dob: string;
  phone: string;
  service_name: string;
  requested_date: string;
}>()((value, trx) =>
  trx
    .selectFrom("appointments")
    .select("id")
    .where("requested_date", "=", value("requested_date"))
    .where("service_name", "=", value("service_name"))
    .where("phone", "=", value("phone"))
    .where("dob", "=", value("dob"))
    .where((eb) => eb(eb.fn("lower", ["name"]), "=", value("name")))
    .where((eb) => eb(eb.fn("lower", ["surname"]), "=", value("surname")))
    .where("status", "in", ACTIVE_STATUSES)
    .limit(1),
);

/** Reads of the appointments table and its status history and links; every method takes a transaction last. */
export function appointmentReads(db: Db) {
  return {
    async findById(id: number, trx: Kysely<Database> = db): Promise<AppointmentRow | undefined> {
      return trx.selectFrom("appointments").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /** The appointment with exactly this reference (its accession number: decision 066). */
    async findByReference(reference: string, trx: Kysely<Database> = db): Promise<AppointmentRow | undefined> {
      return trx.selectFrom("appointments").selectAll().where("reference", "=", reference).executeTakeFirst();
    },

    /** Whole rows, in id order. */
    async findByIds(ids: number[], trx: Kysely<Database> = db): Promise<AppointmentRow[]> {
      return trx.selectFrom("appointments").selectAll().where("id", "in", ids).orderBy("id").execute();
    },

    /** The id, reference and status of these appointments (at most 20), newest first: a doctor's other referrals. */
    async referencesOf(ids: readonly number[], trx: Kysely<Database> = db) {
      if (!ids.length) return [];
      return trx
        .selectFrom("appointments")
        .select(["id", "reference", "status"])
        .where("id", "in", ids)
        .orderBy("id", "desc")
        .limit(20)
        .execute();
    },

    /**
     * Confirmed appointments holding a room at any moment in [from, to)
     * (clinic minutes, domain/rooms.ts clinicMinutes), by start time, then room.
     */
    async confirmedBetween(from: number, to: number, trx: Kysely<Database> = db): Promise<AppointmentRow[]> {
      return confirmed(trx)
        .where("room", "is not", null)
        .where("starts_at", "<", to)
        .where("ends_at", ">", from)
        .orderBy("starts_at")
        .orderBy("room")
        .execute();
    },

    /**
     * What the given rooms hold in [from, to) (clinic minutes): the id, room and range of each
     * confirmed appointment there but `except` (an appointment being moved: its own time does
     * not hold it back), and nothing else, for the free times (domain/free-times.ts).
     * Read from the confirmed appointments' index by room and start (migration 0044), from a
     * day before `from` (no appointment is longer), so it looks at the window's rows of those
     * rooms alone, however many are stored or confirmed; the status is a literal, which a
     * partial index needs.
     */
    async heldBetween(
      rooms: readonly string[],
      from: number,
      to: number,
      except: number | undefined,
      trx: Kysely<Database> = db,
    ): Promise<{ id: number; room: string | null; starts_at: number | null; ends_at: number | null }[]> {
      if (rooms.length === 0) return [];
      return trx
        .selectFrom("appointments")
        .select(["id", "room", "starts_at", "ends_at"])
        .where("starts_at", ">", from - 1440)
        .where("starts_at", "<", to)
        .where("ends_at", ">", from)
        .where("status", "=", sql.lit("confirmed"))
        .where("room", "in", rooms)
        .$if(except !== undefined, (q) => q.where("id", "<>", except!))
        .execute();
    },

    /** The ids of the appointments with these references (any order; missing ones left out). */
    async idsOf(
      references: readonly string[],
      trx: Kysely<Database> = db,
    ): Promise<{ id: number; reference: string }[]> {
      if (!references.length) return [];
      return trx.selectFrom("appointments").select(["id", "reference"]).where("reference", "in", references).execute();
    },

    /** The id of the appointment with this reference, and when it was made. */
    async madeOf(
      reference: string,
      trx: Kysely<Database> = db,
    ): Promise<{ id: number; created_at: string } | undefined> {
      return trx
        .selectFrom("appointments")
        .select(["id", "created_at"])
        .where("reference", "=", reference)
        .executeTakeFirst();
    },

    /** The e-mail address on the appointment with this reference. */
    async emailOf(reference: string, trx: Kysely<Database> = db): Promise<{ email: string } | undefined> {
      return trx.selectFrom("appointments").select("email").where("reference", "=", reference).executeTakeFirst();
    },

    /** Appointments made with an address (trimmed, in any letter case), in id order, with who the patient said they were. */
    async findByEmail(email: string, trx: Kysely<Database> = db) {
      return trx
        .selectFrom("appointments")
        .select([
          "id",
          "reference",
          "requested_date",
          "confirmed_date",
          "confirmed_time",
          "service_name",
          "status",
          "name",
          "surname",
          "dob",
          "clinic_patient_id",
        ])
        .where((eb) => eb(eb.fn("lower", [eb.fn("trim", ["email"])]), "=", email))
        .orderBy("id")
        .execute();
    },

    /** The service names in the data, sorted. */
    async serviceNames(trx: Kysely<Database> = db): Promise<string[]> {
      const rows = await trx
        .selectFrom("appointments")
        .select("service_name")
        .distinct()
        .orderBy("service_name")
        .execute();
      return rows.map((r) => r.service_name);
    },

    async countByStatus(status: AppointmentStatus, trx: Kysely<Database> = db): Promise<number> {
      const row = await trx
        .selectFrom("appointments")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("status", "=", status)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** When each appointment made at or after `since` (ISO) was made. */
    async createdSince(since: string, trx: Kysely<Database> = db): Promise<{ created_at: string }[]> {
      return trx.selectFrom("appointments").select("created_at").where("created_at", ">=", since).execute();
    },

    /** Confirmed appointments from a date on, soonest first. */
    async confirmedFrom(date: string, limit: number, trx: Kysely<Database> = db) {
      return trx
        .selectFrom("appointments")
        .select(["id", "reference", "name", "surname", "service_name", "confirmed_date", "confirmed_time", "room"])
        .where("status", "=", "confirmed")
        .where("confirmed_date", ">=", date)
        .orderBy("confirmed_date")
        .orderBy("confirmed_time")
        .limit(limit)
        .execute();
    },

    /**
     * The schedule of the days from `from` to `to` (YYYY-MM-DD): appointments
     * with a status in `statuses` dated then, with what the console's day and
     * week views and reception's day list show, by date, time, then room.
     */
    async scheduledOn(from: string, to: string, statuses: readonly AppointmentStatus[], trx: Kysely<Database> = db) {
      return (
        trx
          .selectFrom("appointments")
          .select([
            "id",
            "reference",
            "name",
            "surname",
            "dob",
            "phone",
            "service_name",
            "examination",
            "payment_method",
            "medical_aid_number",
            "status",
            "confirmed_date",
            "confirmed_time",
            "room",
            "starts_at",
            "ends_at",
            "safety_answers",
            "booked_online",
            "arrived_at",
            "images_received_at",
          ])
          .where(datedBetween(statuses, "confirmed_date", from, to))
          .orderBy("confirmed_date")
          .orderBy("confirmed_time")
          // No room ("") first on both databases (they sort NULL apart).
          .orderBy((eb) => eb.fn.coalesce("room", sql.lit("")))
          .orderBy("id")
          .execute()
      );
    },

    /** Requests (status "requested") made before `before` (ISO instant), oldest first, at most `limit`. */
    async requestedBefore(before: string, limit: number, trx: Kysely<Database> = db) {
      return trx
        .selectFrom("appointments")
        .select(["id", "reference", "name", "surname", "service_name", "requested_date", "created_at"])
        .where("status", "=", "requested")
        .where("created_at", "<", before)
        .orderBy("created_at")
        .orderBy("id")
        .limit(limit)
        .execute();
    },

    /** Appointments whose requested date falls in [from, to], by date then id. */
    async requestedBetween(from: string, to: string, trx: Kysely<Database> = db): Promise<AppointmentRow[]> {
      return trx
        .selectFrom("appointments")
        .selectAll()
        .where("requested_date", ">=", from)
        .where("requested_date", "<=", to)
        .orderBy("requested_date")
        .orderBy("id")
        .execute();
    },

    /** Whether an open request from this patient for this service and day is stored already (decision 049). */
    async hasOpenTwin(
      a: { name: string; surname: string; dob: string; phone: string; service_name: string; requested_date: string },
      trx: Kysely<Database> = db,
    ): Promise<boolean> {
      const { rows } = await openTwin({ ...a, name: sameName(a.name), surname: sameName(a.surname) }, trx);
      return rows.length > 0;
    },

    /** The open requests asked for on these days, with what the duplicate rule compares (decision 049). */
    async openRequestsOn(dates: readonly string[], trx: Kysely<Database> = db): Promise<RequestIdentity[]> {
      if (dates.length === 0) return [];
      return trx
        .selectFrom("appointments")
        .select(["id", "reference", "name", "surname", "dob", "phone", "service_name", "requested_date", "status"])
        .where("requested_date", "in", [...new Set(dates)])
        .where("status", "in", ACTIVE_STATUSES)
        .execute();
    },

    /**
     * Active appointments dated from `from` to `to` (YYYY-MM-DD): requests by
     * their requested date, confirmed ones by their confirmed date; whole
     * rows, by that date then id. What a closure reaches, and the requests
     * the schedule shows waiting.
     */
    async activeBetween(from: string, to: string, trx: Kysely<Database> = db): Promise<AppointmentRow[]> {
      const rows = await trx
        .selectFrom("appointments")
        .selectAll()
        .where((eb) =>
          eb.or([
            datedBetween(["confirmed"], "confirmed_date", from, to)(eb),
            datedBetween(["requested"], "requested_date", from, to)(eb),
          ]),
        )
        .orderBy("id")
        .execute();
      const dated = (a: AppointmentRow) => (a.status === "confirmed" ? a.confirmed_date! : a.requested_date);
      return rows.sort((a, b) => dated(a).localeCompare(dated(b)) || a.id - b.id);
    },

    /** Ids of appointments whose date (confirmed, else requested) is before `date`. */
    async idsDatedBefore(date: string, trx: Kysely<Database> = db): Promise<number[]> {
      const rows = await trx
        .selectFrom("appointments")
        .select("id")
        .where((eb) => eb(eb.fn.coalesce("confirmed_date", "requested_date"), "<", date))
        .execute();
      return rows.map((a) => a.id);
    },

    /** An appointment's status history, oldest first, with the staff member's name (null: the patient). */
    async statusHistory(appointmentId: number, trx: Kysely<Database> = db) {
      return trx
        .selectFrom("appointment_status_history")
        .leftJoin("staff_users", "staff_users.id", "appointment_status_history.staff_id")
        .select([
          "appointment_status_history.id",
          "appointment_status_history.from_status",
          "appointment_status_history.to_status",
          "appointment_status_history.note",
          "appointment_status_history.created_at",
          "appointment_status_history.actor",
          "staff_users.name as staff_name",
        ])
        .where("appointment_status_history.appointment_id", "=", appointmentId)
        .orderBy("appointment_status_history.id")
        .execute();
    },

    /** The status history of several appointments, whole rows in id order. */
    async statusHistoryOf(appointmentIds: number[], trx: Kysely<Database> = db) {
      return trx
        .selectFrom("appointment_status_history")
        .selectAll()
        .where("appointment_id", "in", appointmentIds)
        .orderBy("id")
        .execute();
    },

    /** Confirmed appointments dated from `from` to `to` (YYYY-MM-DD), in id order. */
    async confirmedOn(from: string, to: string, trx: Kysely<Database> = db): Promise<AppointmentRow[]> {
      return trx
        .selectFrom("appointments")
        .selectAll()
        .where(datedBetween(["confirmed"], "confirmed_date", from, to))
        .orderBy("id")
        .execute();
    },

    /**
     * When each of these appointments got the confirmed time it holds: its latest change to
     * confirmed (a booking, a confirmation, a move), ISO, by id.
     */
    async confirmedAtOf(ids: readonly number[], trx: Kysely<Database> = db): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await trx
        .selectFrom("appointment_status_history")
        .select(["appointment_id", (eb) => eb.fn.max("created_at").as("at")])
        .where("appointment_id", "in", [...ids])
        .where("to_status", "=", "confirmed")
        .groupBy("appointment_id")
        .execute();
      return new Map(rows.map((r) => [r.appointment_id, r.at]));
    },

    /** The appointment a patient link's token hash belongs to, if any. */
    async findByLinkHash(tokenHash: string, trx: Kysely<Database> = db): Promise<AppointmentRow | undefined> {
      return trx
        .selectFrom("appointment_links")
        .innerJoin("appointments", "appointments.id", "appointment_links.appointment_id")
        .selectAll("appointments")
        .where("appointment_links.token_hash", "=", tokenHash)
        .executeTakeFirst();
    },

    /**
     * Who booked with this phone number (E.164, as stored) as their number or
     * their other number: the address and the name of each such appointment.
     */
    async patientsByPhone(e164: string, trx: Kysely<Database> = db) {
      return trx
        .selectFrom("appointments")
        .select(["email", "name", "surname"])
        .where((eb) => eb.or([eb("phone", "=", e164), eb("alternate_phone", "=", e164)]))
        .execute();
    },

    /**
     * Appointments whose "first name surname" or "surname first name",
     * lower-cased, is LIKE `pattern` (escape \): candidates the caller checks
     * exactly (server/privacy/patient-keys.ts says why).
     */
    async patientsByNamePattern(pattern: string, trx: Kysely<Database> = db) {
      return trx
        .selectFrom("appointments")
        .select(["email", "name", "surname"])
        .where((eb) =>
          eb.or([
            sql<boolean>`lower(name || ' ' || surname) like ${pattern} escape '\\'`,
            sql<boolean>`lower(surname || ' ' || name) like ${pattern} escape '\\'`,
          ]),
        )
        .execute();
    },

    /** Appointments whose ID or passport number, lower-cased, is LIKE `pattern` (escape \): candidates, checked exactly by the caller. */
    async patientsByIdPattern(pattern: string, trx: Kysely<Database> = db) {
      return trx
        .selectFrom("appointments")
        .select(["email", "name", "surname", "id_passport_number"])
        .where(sql<boolean>`lower(id_passport_number) like ${pattern} escape '\\'`)
        .execute();
    },
  };
}
