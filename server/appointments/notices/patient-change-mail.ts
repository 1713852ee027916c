import { formatPhone } from "../../../domain/contact-links";
import { clinicDate, clinicTime, formatLongDate } from "../../../domain/dates";
import { localisedPath, type Locale } from "../../../domain/locale";
import { m } from "../../../domain/paraglide/messages.js";
import { BOOKING_PATH } from "../../../domain/paths";
import { requestWords } from "../../../domain/patient-words";
import { contactWays } from "../../../domain/visit-words";
import type { Config } from "../../base/config";
import type { OutgoingMail } from "../../mail/queue";
import { greeting } from "../../mail/compose";
import { privateLinkLines } from "./mails";

/**
 * The patient's own record of a change they made through their private link
 * (decision 026), in their language: what changed, when, the reference and a
 * fresh private link, so they hold proof if a late fee is ever mentioned. The
 * least data: a first name that looks like one (greeting), the reference and
 * dates. Never the service, the reason they gave, the safety answers or
 * anything else they typed: an e-mail can be read by whoever shares the inbox.
 */

export type PatientChange =
  | {
      kind: "cancelled";
      /** The appointment's date (the confirmed one if there was one) and its confirmed time, if any. */
      date: string;
      time: string | null;
    }
  | {
      kind: "changed";
      /** The date (and confirmed time) it had, and the date now asked for. */
      from: string;
      fromTime: string | null;
      to: string;
      /** The day by whose end the clinic answers (nextOpenDay), if known. */
      answerBy?: string;
    };

export interface PatientChangeMailData {
  reference: string;
  /** The first name as typed; only greetingName() of it is used. */
  name: string;
  email: string;
  change: PatientChange;
  /** When the patient made the change (ISO instant). */
  at: string;
  /** A fresh private link (issueManageLink). */
  manageUrl: string;
  /** The patient's language (appointments.language). */
  language: Locale;
}

export function patientChangeMail(
  c: PatientChangeMailData,
  config: Pick<Config, "clinic" | "publicBaseUrl">,
): OutgoingMail {
  const clinic = config.clinic;
  const locale = c.language;
  const options = { locale };
  const change = c.change;
  const onDate = (date: string, time: string | null) =>
    time ? m.mail_when({ date: formatLongDate(date, locale), time }, options) : formatLongDate(date, locale);
  const at = new Date(c.at);
  const when = m.mail_change_moment({ date: formatLongDate(clinicDate(at), locale), time: clinicTime(at) }, options);
  const reference = `${m.mail_label_reference({}, options)}: ${c.reference}`;
  const body =
    change.kind === "cancelled"
      ? [
          m.mail_change_cancelled({ date: onDate(change.date, change.time) }, options),
          reference,
          `${m.mail_label_cancelled_on({}, options)}: ${when}`,
          "",
          m.mail_change_book_again(
            { url: new URL(localisedPath(BOOKING_PATH, locale), config.publicBaseUrl).toString() },
            options,
          ),
        ]
      : [
          m.mail_change_changed(
            { date: formatLongDate(change.to, locale), from: onDate(change.from, change.fromTime) },
            options,
          ),
          reference,
          `${m.mail_label_asked_on({}, options)}: ${when}`,
          "",
          requestWords(locale).nextStep(change.answerBy),
        ];
  const linkLabel =
    change.kind === "cancelled" ? m.mail_manage_link_cancelled({}, options) : m.mail_manage_link({}, options);
  const text = [
    `${greeting(c.name, locale)},`,
    "",
    ...body,
    "",
    ...privateLinkLines(c.manageUrl, locale, linkLabel),
    "",
    m.mail_change_not_you({ ways: contactWays(clinic, formatPhone, locale) }, options),
    "",
    clinic.name,
  ].join("\n");
  const subject =
    change.kind === "cancelled"
      ? m.mail_change_cancelled_subject({ ref: c.reference }, options)
      : m.mail_change_changed_subject({ ref: c.reference }, options);
  return { to: c.email, about: c.reference, subject, text: text + "\n" };
}
