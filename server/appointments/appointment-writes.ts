import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from "kysely";
import { isPostgres, type Db } from "../db/index";
import type {
  AppointmentLinkTable,
  AppointmentStatus,
  AppointmentStatusHistoryTable,
  AppointmentTable,
  Database,
} from "../db/schema";
import { BASE_LOCALE } from "../../domain/locale";
import { prepared } from "../db/prepared";
import { nextReference } from "../requests/reference";
import type { AppointmentRow, NewAppointment } from "./appointment-rows";
import { clinicPatientIdFor, clinicPatientIdOf, forgetClinicPatients } from "./clinic-patients";
import { reportRepository } from "./report-repository";

/* The appointments repository's writes and status changes (appointment-repository.ts puts them together with the reads). */

/** A new appointment's values as insertAppointment binds them: every column given, and its reference and time. */
type NewAppointmentValues = { [K in keyof NewAppointment]-?: Exclude<NewAppointment[K], undefined> } & {
  reference: string;
  stamp: string;
};

/**
 * Sets a column that holds a confirmed "YYYY-MM-DD HH:MM" to this one, only while the appointment
 * is still confirmed for it and the column holds another: of several callers, one gets true.
 */
async function markForTime(
  column: "reminder_sent_for" | "coming_confirmed_for",
  id: number,
  date: string,
  time: string,
  trx: Kysely<Database>,
): Promise<boolean> {
  const key = `${date} ${time}`;
  const updated = await trx
    .updateTable("appointments")
    .set({ [column]: key })
    .where("id", "=", id)
    .where("status", "=", "confirmed")
    .where("confirmed_date", "=", date)
    .where("confirmed_time", "=", time)
    .where((eb) => eb.or([eb(column, "is", null), eb(column, "<>", key)]))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/**
 * A new requested appointment, as the booking path inserts it (one a
 * booking): built and compiled once (server/db/prepared.ts, decision 036).
 */
const insertAppointment = prepared<NewAppointmentValues>()((value, trx) =>
  trx
    .insertInto("appointments")
    .values({
      // Every column a caller gives (the check fails when NewAppointment gains one not bound here).
      ...({
        name: value("name"),
        surname: value("surname"),
        dob: value("dob"),
        phone: value("phone"),
        alternate_phone: value("alternate_phone"),
        contact_preference: value("contact_preference"),
        language: value("language"),
        email: value("email"),
        gender: value("gender"),
        service_name: value("service_name"),
        payment_method: value("payment_method"),
        medical_aid_number: value("medical_aid_number"),
        notes: value("notes"),
        id_passport_number: value("id_passport_number"),
        requested_date: value("requested_date"),
        submitted_time: value("submitted_time"),
      } satisfies Record<keyof NewAppointment, unknown>),
      reference: value("reference"),
      status: "requested",
      confirmed_date: null,
      confirmed_time: null,
      cancel_reason: null,
      room: null,
      starts_at: null,
      ends_at: null,
      examination: null,
      created_at: value("stamp"),
      updated_at: value("stamp"),
    })
    .returningAll(),
);

/** A patient's private link (two a booking): built and compiled once. */
const insertLink = prepared<Selectable<AppointmentLinkTable>>()((value, trx) =>
  trx.insertInto("appointment_links").values({
    token_hash: value("token_hash"),
    appointment_id: value("appointment_id"),
    created_at: value("created_at"),
  }),
);

/** A line of an appointment's history (one every change): built and compiled once. */
const insertHistory = prepared<Omit<Selectable<AppointmentStatusHistoryTable>, "id">>()((value, trx) =>
  trx.insertInto("appointment_status_history").values({
    appointment_id: value("appointment_id"),
    from_status: value("from_status"),
    to_status: value("to_status"),
    note: value("note"),
    staff_id: value("staff_id"),
    actor: value("actor"),
    created_at: value("created_at"),
  }),
);

/** What a time booked online sets on its request (bookOnline). */
interface BookedOnline {
  confirmed_date: string;
  confirmed_time: string;
  room: string;
  starts_at: number;
  ends_at: number;
  safety_answers: string | null;
  stamp: string;
}

/** A request made the time its patient booked online (one a booked time): built and compiled once. */
const confirmBookedOnline = prepared<
  BookedOnline & { id: number; safety_saved_at: string | null; clinic_patient_id: string }
>()((value, trx) =>
  trx
    .updateTable("appointments")
    .set({
      confirmed_date: value("confirmed_date"),
      confirmed_time: value("confirmed_time"),
      room: value("room"),
      starts_at: value("starts_at"),
      ends_at: value("ends_at"),
      safety_answers: value("safety_answers"),
      safety_saved_at: value("safety_saved_at"),
      clinic_patient_id: value("clinic_patient_id"),
      status: "confirmed",
      booked_online: 1,
      updated_at: value("stamp"),
    })
    .where("id", "=", value("id"))
    .where("status", "=", "requested"),
);

/** Writes to the appointments table, its status history and links; every method takes a transaction last. */
export function appointmentWrites(db: Db) {
  return {
    /** Inserts a requested appointment with the next APT reference of the year; call inside a transaction. */
    async create(values: NewAppointment, now: Date, year: number, trx: Kysely<Database> = db): Promise<AppointmentRow> {
      const reference = await nextReference("APT", year, trx);
      const stamp = now.toISOString();
      const { rows } = await insertAppointment(
        {
          ...values,
          medical_aid_number: values.medical_aid_number ?? null,
          contact_preference: values.contact_preference ?? null,
          // The column's default (migration 0027), for a caller that gives none.
          language: values.language ?? BASE_LOCALE,
          reference,
          stamp,
        },
        trx,
      );
      return rows[0]!;
    },

    /**
     * Call first in a transaction that reads then writes an appointment: a
     * write that changes nothing, so SQLite's write lock is taken at once (one
     * that read first and wrote later fails with "database is locked" when
     * another connection wrote meanwhile); on PostgreSQL the row is locked
     * (FOR UPDATE) without a new version of it, which would check a confirmed
     * row's room again (migration 0016) and wait for a claim of it in progress.
     */
    async lockForChange(id: number, trx: Kysely<Database>): Promise<void> {
      if (isPostgres(trx)) {
        await trx.selectFrom("appointments").select("id").where("id", "=", id).forUpdate().execute();
        return;
      }
      await trx
        .updateTable("appointments")
        .set((eb) => ({ updated_at: eb.ref("updated_at") }))
        .where("id", "=", id)
        .execute();
    },

    /**
     * Applies a change only if the row is still as it was read: its status,
     * and its updated_at when given (a change made meanwhile, by staff or by
     * another post from the same page, is refused); true when applied.
     */
    async updateIf(
      id: number,
      expected: { status: AppointmentStatus; updatedAt?: string },
      set: Updateable<AppointmentTable>,
      trx: Kysely<Database> = db,
    ): Promise<boolean> {
      // Confirmed now: it carries its clinic patient ID from this change on (written with it).
      const patientId =
        set.status === "confirmed" && expected.status !== "confirmed"
          ? await clinicPatientIdOf(id, set.updated_at ?? new Date().toISOString(), trx)
          : undefined;
      if (set.status === "confirmed" || typeof set.room === "string") await queueForRoom(id, set.room, trx);
      let update = trx
        .updateTable("appointments")
        .set(patientId ? { ...set, clinic_patient_id: patientId } : set)
        .where("id", "=", id)
        .where("status", "=", expected.status);
      if (expected.updatedAt !== undefined) update = update.where("updated_at", "=", expected.updatedAt);
      const updated = await update.executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    /**
     * Makes a request just inserted (in this transaction) the time its patient booked online
     * (decision 063): confirmed, in `room`, holding [starts_at, ends_at) (the examination and its
     * changeover), marked booked online, with the screening answers kept as safety answers. The
     * database refuses it when another appointment holds the room then (migration 0016: isTimeTaken).
     */
    async bookOnline(
      row: Pick<AppointmentRow, "id" | "id_passport_number" | "dob">,
      set: BookedOnline,
      trx: Kysely<Database>,
    ): Promise<void> {
      // The patient's ID before the room, as in every claim (queueForRoom).
      const patientId = await clinicPatientIdFor(row, set.stamp, trx);
      await queueForRoom(row.id, set.room, trx);
      await confirmBookedOnline(
        {
          ...set,
          id: row.id,
          clinic_patient_id: patientId,
          safety_saved_at: set.safety_answers ? set.stamp : null,
        },
        trx,
      );
    },

    /**
     * Stores a patient's safety answers while the appointment still has the
     * status the page showed (a cancellation meanwhile refuses them); true
     * when stored. Leaves updated_at alone: answering is not a change of the
     * booking, and must not make a staff member's open page stale.
     */
    async saveSafetyAnswers(
      id: number,
      expectedStatus: AppointmentStatus,
      answers: string,
      stamp: string,
      trx: Kysely<Database> = db,
    ): Promise<boolean> {
      const updated = await trx
        .updateTable("appointments")
        .set({ safety_answers: answers, safety_saved_at: stamp })
        .where("id", "=", id)
        .where("status", "=", expectedStatus)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    /**
     * Records a change of an appointment (its status, time, room or details: every
     * change goes through here, from staff, the booking, the private page and
     * closures), and in the same transaction asks for its worklist file to be
     * written again or removed (decision 065).
     */
    async recordStatusChange(
      values: Insertable<AppointmentStatusHistoryTable>,
      trx: Kysely<Database> = db,
    ): Promise<void> {
      await insertHistory(
        {
          appointment_id: values.appointment_id,
          from_status: values.from_status ?? null,
          to_status: values.to_status,
          note: values.note ?? null,
          staff_id: values.staff_id ?? null,
          actor: values.actor ?? null,
          created_at: values.created_at,
        },
        trx,
      );
      await markWorklistChanged([values.appointment_id], values.created_at, trx);
    },

    /**
     * Marks the reminder sent for this confirmed date and time, only if the
     * appointment is still confirmed for it and it was not marked already:
     * of several instances, one gets true.
     */
    async markReminded(id: number, date: string, time: string, trx: Kysely<Database> = db): Promise<boolean> {
      return markForTime("reminder_sent_for", id, date, time, trx);
    },

    /**
     * Records that the patient is coming to this confirmed date and time (the reminder's link,
     * decision 069), the same way; not a change of the appointment, so its version (updated_at)
     * stays and a form open elsewhere still works.
     */
    async markComing(id: number, date: string, time: string, trx: Kysely<Database> = db): Promise<boolean> {
      return markForTime("coming_confirmed_for", id, date, time, trx);
    },

    /** Stores a patient link's token hash for an appointment. */
    async addLink(tokenHash: string, appointmentId: number, stamp: string, trx: Kysely<Database> = db): Promise<void> {
      await insertLink({ token_hash: tokenHash, appointment_id: appointmentId, created_at: stamp }, trx);
    },

    /**
     * Deletes appointments with their status history, patient links, worklist files, reports' rows (their
     * files are the caller's, after the commit: reportRepository.fileNames first) and, with the last of them,
     * clinic patient IDs.
     */
    async deleteWithHistory(ids: number[], trx: Kysely<Database> = db): Promise<void> {
      // Their worklist files go too (the worklist removes a file no appointment calls for).
      await markWorklistChanged(ids, new Date().toISOString(), trx);
      await trx.deleteFrom("appointment_links").where("appointment_id", "in", ids).execute();
      await trx.deleteFrom("appointment_status_history").where("appointment_id", "in", ids).execute();
      // The referring doctor's details are kept as long as the appointment (decision 071).
      await trx.deleteFrom("appointment_referrers").where("appointment_id", "in", ids).execute();
      // The signed reports' rows, their links, release and grants (decision 075).
      await reportRepository(db).deleteOf(ids, trx);
      // Earlier times offered to them go; a freed time they gave back or filled stays, unnamed (decision 070).
      await trx.deleteFrom("earlier_offers").where("appointment_id", "in", ids).execute();
      await trx
        .updateTable("freed_times")
        .set({ from_appointment_id: null })
        .where("from_appointment_id", "in", ids)
        .execute();
      await trx.updateTable("freed_times").set({ filled_by: null }).where("filled_by", "in", ids).execute();
      const patients = await trx
        .selectFrom("appointments")
        .select("clinic_patient_id")
        .where("id", "in", ids)
        .where("clinic_patient_id", "is not", null)
        .execute();
      await trx.deleteFrom("appointments").where("id", "in", ids).execute();
      // A clinic patient ID goes with the last appointment that carries it (erasure and the retention purge).
      await forgetClinicPatients([...new Set(patients.map((p) => p.clinic_patient_id!))], trx);
    },
  };
}

/** A namespace for the advisory lock that queues the claims of one room on PostgreSQL ("ROOM"). */
const ROOM_LOCK = 0x524f4f4d;

/**
 * Called just before a write that claims a room for appointment `id` (`room`, or the one it holds):
 * on PostgreSQL, waits until no other transaction is claiming that room, and holds it until this one
 * ends. Without it, two claims written at the same moment each find the other's pending row while
 * checking the room's exclusion constraint (migration 0016) and wait for each other, and PostgreSQL
 * ends one as a deadlock (40P01) instead of refusing it as the time taken (23P01). Queued, the second
 * finds the first's row committed, or gone. It comes after the clinic patient ID (clinicPatientIdOf, clinicPatientIdFor),
 * as in every claim, so two claims never take these locks in opposite orders. SQLite writes one
 * transaction at a time and needs nothing.
 */
async function queueForRoom(id: number, room: string | null | undefined, trx: Kysely<Database>): Promise<void> {
  if (!isPostgres(trx)) return;
  const held =
    room === undefined
      ? (await trx.selectFrom("appointments").select("room").where("id", "=", id).executeTakeFirst())?.room
      : room;
  if (held) await sql`select pg_advisory_xact_lock(${ROOM_LOCK}, hashtext(${held}))`.execute(trx);
}

/** Asks for the appointment's worklist file to be written again or removed, in the transaction that changed it. */
export async function markWorklistChanged(ids: readonly number[], stamp: string, trx: Kysely<Database>): Promise<void> {
  if (!ids.length) return;
  await trx
    .insertInto("worklist_outbox")
    .values(ids.map((id) => ({ appointment_id: id, created_at: stamp })))
    .execute();
}
