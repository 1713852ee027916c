import type { Kysely } from "kysely";
import type { TextKind } from "../../domain/text-messages";
import type { Config } from "../config";
import type { Database } from "../db/schema";
import { queuePatientText, type QueuedText } from "../messages/index";
import type { AppointmentRow } from "./appointment-repository";

/**
 * Texts the patient about one step of their appointment, by the channel they
 * chose (decision 030), in the caller's transaction: the same transaction
 * that changes the appointment and queues its e-mail, so the text is sent
 * exactly when the change is kept. The date is the confirmed one when there
 * is one, else the requested one; the time only with a confirmed date.
 */
export function textPatient(
  trx: Kysely<Database>,
  config: Pick<Config, "messages">,
  appt: Pick<
    AppointmentRow,
    "reference" | "phone" | "contact_preference" | "requested_date" | "confirmed_date" | "confirmed_time"
  >,
  kind: TextKind,
  manageUrl: string,
  now: Date,
): Promise<QueuedText> {
  const confirmed = appt.confirmed_date && appt.confirmed_time;
  return queuePatientText(
    trx,
    config,
    {
      reference: appt.reference,
      phone: appt.phone,
      preference: appt.contact_preference ?? null,
      kind,
      date: confirmed ? appt.confirmed_date! : appt.requested_date,
      ...(confirmed ? { time: appt.confirmed_time! } : {}),
      manageUrl,
    },
    now,
  );
}
