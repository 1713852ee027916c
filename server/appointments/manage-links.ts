import type { Kysely } from "kysely";
import { addDays, clinicDate } from "../../domain/dates";
import { localisedPath } from "../../domain/locale";
import { MANAGE_PATH_PREFIX } from "../../domain/paths";
import type { Config } from "../base/config";
import type { Db } from "../db/index";
import type { Database } from "../db/schema";
import { hashToken, newToken, TOKEN_PATTERN } from "../base/tokens";
import { appointmentRepository, type AppointmentRow } from "./appointment-repository";
import { reportRepository } from "./report-repository";

/**
 * A patient's private link to their appointment: `/appointment/<token>`, a
 * 256-bit token of which only the hash is stored; `/tn/appointment/<token>`
 * for a patient who booked in Setswana, so the page opens in their language
 * (decision 037). Every e-mail to the patient
 * carries a fresh link (the stored hash cannot give the old token back), and
 * each works until LINK_DAYS_AFTER days after the appointment's date: the
 * confirmed date if there is one, else the requested date, read at lookup so
 * a moved appointment moves its links' expiry too; with a report attached,
 * until LINK_DAYS_AFTER_RELEASE days after the patient may open it.
 */

/** How many days after the appointment's date its links still open. */
export const LINK_DAYS_AFTER = 7;

/**
 * With a report attached, its links open until this many days after the day the
 * patient may open the report, so the e-mail and text that say it is ready
 * lead to it (decision 075).
 */
export const LINK_DAYS_AFTER_RELEASE = 30;

/** The appointment's date as the patient last heard it. */
export function appointmentDate(appt: Pick<AppointmentRow, "confirmed_date" | "requested_date">): string {
  return appt.confirmed_date ?? appt.requested_date;
}

/**
 * Makes a new link for an appointment, stores its hash (in `trx` when given)
 * and answers the absolute URL, in the patient's language.
 */
export async function issueManageLink(
  db: Db,
  config: Pick<Config, "publicBaseUrl">,
  appt: Pick<AppointmentRow, "id" | "language">,
  now: Date,
  trx: Kysely<Database> = db,
): Promise<string> {
  const token = newToken();
  await appointmentRepository(db).addLink(hashToken(token), appt.id, now.toISOString(), trx);
  return `${config.publicBaseUrl}${localisedPath(`${MANAGE_PATH_PREFIX}${token}`, appt.language)}`;
}

/** A link of the real shape to no appointment: the answer a honeypot gives a bot, so it cannot tell. */
export function fakeManageUrl(config: Pick<Config, "publicBaseUrl">): string {
  return `${config.publicBaseUrl}${MANAGE_PATH_PREFIX}${newToken()}`;
}

/** The appointment behind a link's token, or undefined when the token is malformed, unknown or expired. */
export async function findByManageToken(
  db: Db,
  token: string,
  now: Date,
  trx: Kysely<Database> = db,
): Promise<AppointmentRow | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const appt = await appointmentRepository(db).findByLinkHash(hashToken(token), trx);
  if (!appt) return undefined;
  const today = clinicDate(now);
  if (today <= addDays(appointmentDate(appt), LINK_DAYS_AFTER)) return appt;
  const release = await reportRepository(db).release(appt.id, trx);
  return release && today <= addDays(clinicDate(new Date(release.release_at)), LINK_DAYS_AFTER_RELEASE)
    ? appt
    : undefined;
}
