import type { Kysely } from "kysely";
import { recordAudit } from "../../audit/audit";
import type { Database } from "../../db/schema";
import type { StaffIdentity } from "../../../domain/staff-roles";
import { appointmentRepository } from "../appointment-repository";
import { imagesRepository } from "./images-repository";

/** The site itself, acting on the images' arrival: who the audit log and the status history name. */
export const SYSTEM = "system" as const;
/** The audit log's "staff e-mail" of a change the site made on the images' arrival (no account). */
export const SYSTEM_AUDIT_NAME = "system: images received from Orthanc";
/** The status history's note when the images' arrival records the appointment attended. */
export const IMAGES_NOTE = "Images received";

/**
 * Records that an appointment's images have arrived, in `trx`: the time and
 * the study, once (a second study for it changes nothing); an appointment
 * still confirmed becomes attended, through the status history every change
 * goes through, and the audit log says who: the site (`SYSTEM`), or the staff
 * member who linked the study by hand. True when recorded now.
 */
export async function receiveImages(
  appointmentId: number,
  images: { at: string; studyId: string; by: typeof SYSTEM | StaffIdentity },
  now: Date,
  trx: Kysely<Database>,
): Promise<boolean> {
  const appointments = appointmentRepository(trx);
  await appointments.lockForChange(appointmentId, trx);
  const appt = await appointments.findById(appointmentId, trx);
  if (!appt || !(await imagesRepository(trx).markReceived(appointmentId, images.at, images.studyId, trx))) return false;
  const stamp = now.toISOString();
  const who =
    images.by === SYSTEM
      ? { staffId: null, staffEmail: SYSTEM_AUDIT_NAME }
      : { staffId: images.by.id, staffEmail: images.by.email };
  await recordAudit(
    { ...who, action: "images_received", targetType: "appointment", targetId: appointmentId, detail: images.studyId },
    now,
    trx,
  );
  if (appt.status !== "confirmed") return true;
  const attended = await appointments.updateIf(
    appointmentId,
    { status: "confirmed" },
    { status: "attended", updated_at: stamp },
    trx,
  );
  if (!attended) return true;
  await appointments.recordStatusChange(
    {
      appointment_id: appointmentId,
      from_status: "confirmed",
      to_status: "attended",
      note: IMAGES_NOTE,
      staff_id: who.staffId,
      actor: images.by === SYSTEM ? "images" : null,
      created_at: stamp,
    },
    trx,
  );
  await recordAudit(
    {
      ...who,
      action: "status_change",
      targetType: "appointment",
      targetId: appointmentId,
      detail: "confirmed -> attended (images received)",
    },
    now,
    trx,
  );
  return true;
}
