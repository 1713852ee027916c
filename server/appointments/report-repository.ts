import type { Insertable, Kysely, Selectable } from "kysely";
import type { Db } from "../db/index";
import type { AppointmentReportTable, Database, ReportGrantTable, ReportLinkTable } from "../db/schema";
import { perDatabase } from "../db/repository";

export type ReportRow = Selectable<AppointmentReportTable>;
export type ReportLinkRow = Selectable<ReportLinkTable>;

/**
 * The signed reports and who may open them (appointment_reports, migration
 * 0038; report_links, report_releases, report_grants, migration 0039;
 * decision 075). Every method takes an optional transaction.
 */
export const reportRepository = perDatabase((db: Db) => ({
  /** Every version of an appointment's report, oldest first (the last is the current report), with who attached it. */
  async versions(appointmentId: number, trx: Kysely<Database> = db) {
    return trx
      .selectFrom("appointment_reports")
      .leftJoin("staff_users", "staff_users.id", "appointment_reports.uploaded_by")
      .selectAll("appointment_reports")
      .select("staff_users.name as uploaded_by_name")
      .where("appointment_reports.appointment_id", "=", appointmentId)
      .orderBy("appointment_reports.version")
      .execute();
  },

  /** The current report (the highest version) of an appointment. */
  async current(appointmentId: number, trx: Kysely<Database> = db): Promise<ReportRow | undefined> {
    return trx
      .selectFrom("appointment_reports")
      .selectAll()
      .where("appointment_id", "=", appointmentId)
      .orderBy("version", "desc")
      .limit(1)
      .executeTakeFirst();
  },

  async byId(id: string, trx: Kysely<Database> = db): Promise<ReportRow | undefined> {
    return trx.selectFrom("appointment_reports").selectAll().where("id", "=", id).executeTakeFirst();
  },

  async add(row: Insertable<AppointmentReportTable>, trx: Kysely<Database> = db): Promise<void> {
    await trx.insertInto("appointment_reports").values(row).execute();
  },

  /** Which of these appointments have a report (the doctor's list says "reported"). */
  async reported(ids: readonly number[], trx: Kysely<Database> = db): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await trx
      .selectFrom("appointment_reports")
      .select("appointment_id")
      .distinct()
      .where("appointment_id", "in", [...ids])
      .execute();
    return new Set(rows.map((r) => r.appointment_id));
  },

  /** Every version of these appointments' reports (a patient's export and erasure). */
  async ofAppointments(ids: readonly number[], trx: Kysely<Database> = db): Promise<ReportRow[]> {
    if (!ids.length) return [];
    return trx
      .selectFrom("appointment_reports")
      .selectAll()
      .where("appointment_id", "in", [...ids])
      .orderBy("appointment_id")
      .orderBy("version")
      .execute();
  },

  /** The private files of these appointments' reports (erasure and the purge remove them after the rows). */
  async fileNames(ids: readonly number[], trx: Kysely<Database> = db): Promise<string[]> {
    if (!ids.length) return [];
    const rows = await trx
      .selectFrom("appointment_reports")
      .select("file_name")
      .where("appointment_id", "in", [...ids])
      .execute();
    return rows.map((r) => r.file_name);
  },

  async allFileNames(trx: Kysely<Database> = db): Promise<Set<string>> {
    const rows = await trx.selectFrom("appointment_reports").select("file_name").execute();
    return new Set(rows.map((r) => r.file_name));
  },

  /** Removes every row about these appointments' reports (erasure, the retention purge). */
  async deleteOf(ids: readonly number[], trx: Kysely<Database> = db): Promise<void> {
    if (!ids.length) return;
    const list = [...ids];
    await trx.deleteFrom("report_grants").where("appointment_id", "in", list).execute();
    await trx.deleteFrom("report_links").where("appointment_id", "in", list).execute();
    await trx.deleteFrom("report_releases").where("appointment_id", "in", list).execute();
    await trx.deleteFrom("appointment_reports").where("appointment_id", "in", list).execute();
  },

  // --- The patient's release ---

  async release(appointmentId: number, trx: Kysely<Database> = db) {
    return trx.selectFrom("report_releases").selectAll().where("appointment_id", "=", appointmentId).executeTakeFirst();
  },

  /** Sets when the patient may open the report, once: the first version's time decides. */
  async setReleaseOnce(appointmentId: number, releaseAt: string, trx: Kysely<Database> = db): Promise<void> {
    await trx
      .insertInto("report_releases")
      .values({ appointment_id: appointmentId, release_at: releaseAt })
      .onConflict((oc) => oc.column("appointment_id").doNothing())
      .execute();
  },

  /**
   * Counts one wrong date of birth: adds one unless the count has reached
   * `max`, in one guarded UPDATE, so neither parallel nor later tries pass it
   * (without the guard, each would be counted and each 5th-or-later answer
   * would lock again). The count after it, or undefined when already locked.
   */
  async claimDobTry(appointmentId: number, max: number, trx: Kysely<Database> = db): Promise<number | undefined> {
    const row = await trx
      .updateTable("report_releases")
      .set((eb) => ({ dob_failures: eb("dob_failures", "+", 1) }))
      .where("appointment_id", "=", appointmentId)
      .where("dob_failures", "<", max)
      .returning("dob_failures")
      .executeTakeFirst();
    return row?.dob_failures;
  },

  /**
   * Whether the patient's access is open (fewer than `max` wrong dates of
   * birth): a right date opens only then. Read at the moment of the answer,
   * after the date was compared; a wrong date is counted by claimDobTry.
   */
  async dobOpen(appointmentId: number, max: number, trx: Kysely<Database> = db): Promise<boolean> {
    const row = await trx
      .selectFrom("report_releases")
      .select("appointment_id")
      .where("appointment_id", "=", appointmentId)
      .where("dob_failures", "<", max)
      .executeTakeFirst();
    return row !== undefined;
  },

  /**
   * Staff unlock the patient's access, in one guarded UPDATE: only a locked
   * access (`max` wrong dates or more) is reset, so of two unlocks at once
   * one does it (true) and the other finds it open (false).
   */
  async unlockDob(appointmentId: number, max: number, trx: Kysely<Database> = db): Promise<boolean> {
    const result = await trx
      .updateTable("report_releases")
      .set({ dob_failures: 0 })
      .where("appointment_id", "=", appointmentId)
      .where("dob_failures", ">=", max)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  // --- The doctor's links ---

  async addLink(row: Insertable<ReportLinkTable>, trx: Kysely<Database> = db): Promise<void> {
    await trx.insertInto("report_links").values(row).execute();
  },

  async linkByHash(tokenHash: string, trx: Kysely<Database> = db): Promise<ReportLinkRow | undefined> {
    return trx.selectFrom("report_links").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
  },

  async linksOf(appointmentId: number, trx: Kysely<Database> = db) {
    return trx
      .selectFrom("report_links")
      .select(["id", "created_at", "expires_at", "code_sent_at", "failures"])
      .where("appointment_id", "=", appointmentId)
      .orderBy("id")
      .execute();
  },

  /**
   * Stores a new code's hash unless the link has sent `max` codes, or sent one
   * after `notAfter` (ISO: a minute ago), in one guarded UPDATE; true when stored.
   */
  async setCode(
    id: number,
    codeHash: string,
    sentAt: string,
    { max, notAfter }: { max: number; notAfter: string },
    trx: Kysely<Database> = db,
  ): Promise<boolean> {
    const result = await trx
      .updateTable("report_links")
      .set((eb) => ({ code_hash: codeHash, code_sent_at: sentAt, codes_sent: eb("codes_sent", "+", 1) }))
      .where("id", "=", id)
      .where("codes_sent", "<", max)
      .where((eb) => eb.or([eb("code_sent_at", "is", null), eb("code_sent_at", "<=", notAfter)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** As claimDobTry, for a link's codes: the count after the claim, or undefined when the link is locked. */
  async claimCodeTry(id: number, max: number, trx: Kysely<Database> = db): Promise<number | undefined> {
    const row = await trx
      .updateTable("report_links")
      .set((eb) => ({ failures: eb("failures", "+", 1) }))
      .where("id", "=", id)
      .where("failures", "<", max)
      .returning("failures")
      .executeTakeFirst();
    return row?.failures;
  },

  /**
   * Spends a right code (it opens once) while the link is not locked, in one
   * guarded UPDATE: of two requests with the same right code, one spends it
   * (true); a code that arrives once `max` wrong ones are counted opens nothing.
   */
  async spendCode(id: number, codeHash: string, max: number, trx: Kysely<Database> = db): Promise<boolean> {
    const result = await trx
      .updateTable("report_links")
      .set({ code_hash: null })
      .where("id", "=", id)
      .where("code_hash", "=", codeHash)
      .where("failures", "<", max)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** The appointments referred with this e-mail address (its key), newest first. */
  async referredBy(emailKey: string, trx: Kysely<Database> = db) {
    return trx
      .selectFrom("appointment_referrers")
      .innerJoin("appointments", "appointments.id", "appointment_referrers.appointment_id")
      .select([
        "appointments.id",
        "appointments.reference",
        "appointments.name",
        "appointments.surname",
        "appointments.service_name",
        "appointments.status",
        "appointments.requested_date",
        "appointments.confirmed_date",
      ])
      .where("appointment_referrers.email_key", "=", emailKey)
      .orderBy("appointments.id", "desc")
      .execute();
  },

  // --- Grants: a correct code or date of birth ---

  async addGrant(row: ReportGrantTable, trx: Kysely<Database> = db): Promise<void> {
    await trx.insertInto("report_grants").values(row).execute();
  },

  async grant(tokenHash: string, trx: Kysely<Database> = db): Promise<Selectable<ReportGrantTable> | undefined> {
    return trx.selectFrom("report_grants").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
  },

  async deleteGrantsBefore(iso: string, trx: Kysely<Database> = db): Promise<number> {
    const result = await trx.deleteFrom("report_grants").where("expires_at", "<", iso).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
}));
