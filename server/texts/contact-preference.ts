import type { Kysely } from "kysely";
import type { Db } from "../db/index";
import type { Database } from "../db/schema";
import type { ContactPreference } from "../../domain/contact-preference";
import { contactPreferenceRepository } from "./contact-preference-repository";
import { fromProviderNumber } from "./phone";
import { textMessageRepository } from "./text-message-repository";

/**
 * A patient's choice of channel: set on the private page (or the booking),
 * and "e-mail only" when they reply STOP. Text messages still waiting to go
 * stop with it.
 */

/**
 * Sets the appointment's channel (in the caller's transaction when given);
 * "email" also stops its text messages still waiting. False when there is
 * no such appointment.
 */
export async function setContactPreference(
  reference: string,
  preference: ContactPreference | null,
  now: Date,
  trx: Kysely<Database>,
): Promise<boolean> {
  const at = now.toISOString();
  const changed = await contactPreferenceRepository(trx).set(reference, preference);
  if (changed && preference === "email") await textMessageRepository(trx).stopPending({ references: [reference] }, at);
  return changed;
}

/**
 * A STOP from `number` (as the provider wrote it): every appointment with
 * that number becomes e-mail only, and the text messages waiting for it are
 * stopped, in one transaction. Returns how many of each.
 */
export async function stopTextsFrom(
  db: Db,
  number: string,
  now: Date = new Date(),
): Promise<{ appointments: number; stopped: number }> {
  const e164 = fromProviderNumber(number);
  if (!e164) return { appointments: 0, stopped: 0 };
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const references = await contactPreferenceRepository(db).emailOnlyForNumber(e164, trx);
    const stopped = await textMessageRepository(db).stopPending({ numbers: [e164], references }, at, trx);
    return { appointments: references.length, stopped };
  });
}
