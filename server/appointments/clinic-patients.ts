import { createHash, randomInt } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { normaliseIdNumber } from "../../domain/patient";

/*
 * The clinic patient ID (issue 36, decision 065): the same for the same person
 * across visits, found by the ID or passport number together with the date of
 * birth, and never the number itself (it goes to every imaging machine).
 * clinic_patients keeps only a hash of the two as its key.
 */

/** The key a person is found again by: SHA-256 of the number (normalised as the patient search does) and the date of birth. */
export function clinicPatientKey(idPassportNumber: string, dob: string): string {
  return createHash("sha256")
    .update(`${normaliseIdNumber(idPassportNumber)}|${dob}`)
    .digest("hex");
}

/** A new clinic patient ID: "GP" and 8 random digits, unrelated to any number the patient holds. */
function newPatientId(): string {
  return `GP${String(randomInt(0, 100_000_000)).padStart(8, "0")}`;
}

/**
 * The clinic patient ID an appointment being confirmed is to carry, for its
 * writer to set with its own change: undefined when it carries one already
 * (or is gone). Runs in the transaction that confirms the appointment.
 */
export async function clinicPatientIdOf(
  appointmentId: number,
  stamp: string,
  trx: Kysely<Database>,
): Promise<string | undefined> {
  const appt = await trx
    .selectFrom("appointments")
    .select(["id_passport_number", "dob", "clinic_patient_id"])
    .where("id", "=", appointmentId)
    .executeTakeFirst();
  if (!appt || appt.clinic_patient_id) return undefined;
  return clinicPatientIdFor(appt, stamp, trx);
}

/**
 * A person's clinic patient ID: theirs when they have one (the same ID or
 * passport number and date of birth), else a new one, kept for them.
 */
export async function clinicPatientIdFor(
  person: { id_passport_number: string; dob: string },
  stamp: string,
  trx: Kysely<Database>,
): Promise<string> {
  const key = clinicPatientKey(person.id_passport_number, person.dob);
  let found = await trx
    .selectFrom("clinic_patients")
    .select("patient_id")
    .where("match_key", "=", key)
    .executeTakeFirst();
  for (let attempt = 0; !found && attempt < 5; attempt++) {
    const candidate = newPatientId();
    const taken = await trx
      .selectFrom("clinic_patients")
      .select("patient_id")
      .where("patient_id", "=", candidate)
      .executeTakeFirst();
    if (taken) continue;
    await trx
      .insertInto("clinic_patients")
      .values({ match_key: key, patient_id: candidate, created_at: stamp })
      .onConflict((oc) => oc.column("match_key").doNothing())
      .execute();
    found = await trx
      .selectFrom("clinic_patients")
      .select("patient_id")
      .where("match_key", "=", key)
      .executeTakeFirst();
  }
  if (!found) throw new Error("no free clinic patient ID");
  return found.patient_id;
}

/** Forgets these clinic patient IDs where no appointment carries them any more (erasure); how many went. */
export async function forgetClinicPatients(patientIds: readonly string[], trx: Kysely<Database>): Promise<number> {
  if (!patientIds.length) return 0;
  const gone = await trx
    .deleteFrom("clinic_patients")
    .where("patient_id", "in", patientIds)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("appointments")
            .select("appointments.id")
            .whereRef("appointments.clinic_patient_id", "=", "clinic_patients.patient_id"),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(gone.numDeletedRows);
}
