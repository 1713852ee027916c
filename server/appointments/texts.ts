import type { Kysely } from "kysely";
import type { TextKind } from "../../domain/text-messages";
import type { Config } from "../config";
import type { Database } from "../db/schema";
import { recordAudit } from "../audit/audit";
import {
  messagesFor,
  queuePatientText,
  resendMessage,
  type QueuedText,
  type ResendResult,
  type TextReach,
} from "../messages/index";
import type { StaffRuntime } from "../runtime";
import type { StaffIdentity } from "../../domain/staff-roles";
import { appointmentRepository, type AppointmentRow } from "./appointment-repository";

/**
 * Texts the patient about one step of their appointment, by the channel they
 * chose (decision 030), in the caller's transaction: the same transaction
 * that changes the appointment and queues its e-mail, so the text is sent
 * exactly when the change is kept. The date is the confirmed one when there
 * is one, else the requested one; the time only with a confirmed date; the
 * words in the patient's language. `reach`: whether the phone is a mobile
 * and its country, when the caller has read them already (a booking, at
 * validation).
 */
export function textPatient(
  trx: Kysely<Database>,
  config: Pick<Config, "messages">,
  appt: Pick<
    AppointmentRow,
    "reference" | "phone" | "contact_preference" | "requested_date" | "confirmed_date" | "confirmed_time" | "language"
  >,
  kind: TextKind,
  manageUrl: string,
  now: Date,
  reach?: TextReach,
): Promise<QueuedText> {
  const confirmed = appt.confirmed_date && appt.confirmed_time;
  return queuePatientText(
    trx,
    config,
    {
      reference: appt.reference,
      phone: appt.phone,
      reach,
      preference: appt.contact_preference ?? null,
      kind,
      date: confirmed ? appt.confirmed_date! : appt.requested_date,
      ...(confirmed ? { time: appt.confirmed_time! } : {}),
      manageUrl,
      language: appt.language,
    },
    now,
  );
}

/** Why a message cannot be sent again, in the console's words. */
export const RESEND_REFUSED: Record<Exclude<ResendResult, { ok: true }>["reason"], string> = {
  "not-found": "That message is not one of this appointment's.",
  "not-failing": "That message did not fail, so it is not sent again.",
  "already-resent": "That message was sent again already.",
  blanked: "That message is past its keeping period; its words are gone.",
  "email-only": "The patient chose e-mail only, so no text is sent.",
};

/**
 * Staff send a failed text again (decision 030): only one of this
 * appointment's own messages, audited without its number or words.
 */
export async function resendAppointmentText(
  rt: StaffRuntime,
  staff: StaffIdentity,
  id: number,
  messageId: number,
): Promise<ResendResult> {
  const appt = await appointmentRepository(rt.db).findById(id);
  const own = appt ? await messagesFor(rt.db, appt.reference) : [];
  if (!own.some((m) => m.id === messageId)) return { ok: false, reason: "not-found" };
  const now = rt.now();
  const result = await resendMessage(rt.db, messageId, now);
  if (result.ok) {
    await recordAudit(
      rt.db,
      {
        staffId: staff.id,
        staffEmail: staff.email,
        action: "text_resent",
        targetType: "appointment",
        targetId: id,
        detail: `message ${messageId} sent again as ${result.id}`,
      },
      now,
    );
  }
  return result;
}
