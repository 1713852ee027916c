import type { Kysely } from "kysely";
import type { PatientTextKind } from "../../../domain/text-messages";
import { CONTACT_PREFERENCE_LABELS, type ContactPreference } from "../../../domain/contact-preference";
import type { Config } from "../../base/config";
import type { Database } from "../../db/schema";
import { recordAudit } from "../../audit/audit";
import {
  messagesFor,
  queuePatientText,
  resendMessage,
  setContactPreference,
  whatsappSetUp,
  type QueuedText,
  type ResendResult,
  type TextReach,
} from "../../texts/index";
import type { StaffRuntime } from "../../db/runtime";
import type { StaffIdentity } from "../../../domain/staff-roles";
import { appointmentRepository, type AppointmentRow } from "../appointment-repository";

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
  config: Pick<Config, "texts">,
  appt: Pick<
    AppointmentRow,
    "reference" | "phone" | "contact_preference" | "requested_date" | "confirmed_date" | "confirmed_time" | "language"
  >,
  kind: PatientTextKind,
  manageUrl: string,
  now: Date,
  reach: TextReach | undefined,
  trx: Kysely<Database>,
): Promise<QueuedText> {
  const confirmed = appt.confirmed_date && appt.confirmed_time;
  return queuePatientText(
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
    trx,
  );
}

/** Why a message cannot be sent again, in the console's words. */
export const RESEND_REFUSED: Record<Exclude<ResendResult, { ok: true }>["reason"], string> = {
  "not-found": "That message is not one of this appointment's.",
  "not-finished": "That message is still on its way, so it is not sent again yet.",
  "already-resent": "That message was sent again already: send the newer copy again if it is needed.",
  blanked: "That message is past its keeping period; its words are gone.",
  "email-only": "The patient gets e-mail only, so no text is sent. Change how they get texts first.",
  abroad: "Texts go only to numbers in the countries the clinic serves, and this number is not one of them.",
};

/**
 * Staff send a text again (decisions 030, 043): any of this appointment's
 * own messages once it is done with, audited without its number or words.
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
  const result = await resendMessage(rt.db, messageId, now, rt.config.texts.countries);
  if (result.ok) {
    await recordAudit(
      {
        staffId: staff.id,
        staffEmail: staff.email,
        action: "text_resent",
        targetType: "appointment",
        targetId: id,
        detail: `message ${messageId} sent again as ${result.id}`,
      },
      now,
      rt.db,
    );
  }
  return result;
}

/** Why the desk cannot set a channel, in the console's words. */
export const CHANNEL_REFUSED = {
  "not-found": "This appointment was not found.",
  "whatsapp-not-set-up": "WhatsApp is not set up for the clinic, so texts go by SMS. Choose SMS or no texts.",
} as const;

export type ChannelResult = { ok: true; changed: boolean } | { ok: false; reason: keyof typeof CHANNEL_REFUSED };

/**
 * Reception sets how the patient gets texts, as they ask on the phone
 * (decision 043): SMS, WhatsApp (while it is set up) or none ("email": e-mail
 * only, which also stops the texts still waiting, as the patient's own choice
 * does). Audited with the old and new choice, never the number.
 */
export async function setAppointmentChannel(
  rt: StaffRuntime,
  staff: StaffIdentity,
  id: number,
  preference: ContactPreference,
): Promise<ChannelResult> {
  if (preference === "whatsapp" && !whatsappSetUp(rt.config)) return { ok: false, reason: "whatsapp-not-set-up" };
  const now = rt.now();
  return rt.db.transaction().execute(async (trx) => {
    const appt = await appointmentRepository(rt.db).findById(id, trx);
    if (!appt) return { ok: false, reason: "not-found" };
    const before = appt.contact_preference ?? null;
    if (before === preference) return { ok: true, changed: false };
    await setContactPreference(appt.reference, preference, now, trx);
    const name = (p: ContactPreference | null) => (p ? CONTACT_PREFERENCE_LABELS[p] : "not chosen");
    await recordAudit(
      {
        staffId: staff.id,
        staffEmail: staff.email,
        action: "text_channel_set",
        targetType: "appointment",
        targetId: id,
        detail: `${name(before)} to ${name(preference)}`,
      },
      now,
      trx,
    );
    return { ok: true, changed: true };
  });
}
