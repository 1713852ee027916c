import { formatPhone } from "../../domain/contact-links";
import { formatClinicMoment, formatLongDate } from "../../domain/dates";
import { BOOK_AGAIN } from "../../domain/patient-link";
import { BOOKING_PATH } from "../../domain/paths";
import { requestNextStep } from "../../domain/request-words";
import { contactWays } from "../../domain/visit-words";
import type { Config } from "../config";
import type { OutgoingMail } from "../mail/queue";
import { greeting } from "../mail/compose";
import { MANAGE_LINK_PRIVATE, MANAGE_LINK_TEXT } from "./mails";

/**
 * The patient's own record of a change they made through their private link
 * (decision 026): what changed, when, the reference and a fresh private link, so
 * they hold proof if a late fee is ever mentioned. The least data: a first
 * name that looks like one (greeting), the reference and dates. Never the
 * service, the reason they gave, the safety answers or anything else they
 * typed: an e-mail can be read by whoever shares the inbox.
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
}

const onDate = (date: string, time: string | null) =>
  time ? `${formatLongDate(date)} at ${time}` : formatLongDate(date);

export function patientChangeMail(
  m: PatientChangeMailData,
  config: Pick<Config, "clinic" | "publicBaseUrl">,
): OutgoingMail {
  const clinic = config.clinic;
  const c = m.change;
  const when = `${formatClinicMoment(m.at)} (Botswana time)`;
  const body =
    c.kind === "cancelled"
      ? [
          `As you asked, your appointment on ${onDate(c.date, c.time)} is cancelled.`,
          `Reference: ${m.reference}`,
          `Cancelled on: ${when}`,
          "",
          `To come on another day, ${BOOK_AGAIN.toLowerCase()}: ${new URL(BOOKING_PATH, config.publicBaseUrl).toString()}`,
        ]
      : [
          `You asked for a new date for your appointment: ${formatLongDate(c.to)}, instead of ${onDate(c.from, c.fromTime)}.`,
          `Reference: ${m.reference}`,
          `Asked on: ${when}`,
          "",
          requestNextStep(c.answerBy),
        ];
  const text = [
    `${greeting(m.name)},`,
    "",
    ...body,
    "",
    `${c.kind === "cancelled" ? "See your cancelled appointment" : MANAGE_LINK_TEXT}: ${m.manageUrl}`,
    MANAGE_LINK_PRIVATE,
    "",
    `If you did not ask for this, call ${contactWays(clinic, formatPhone)} at once, quoting your reference.`,
    "",
    clinic.name,
  ].join("\n");
  const subject =
    c.kind === "cancelled"
      ? `Your appointment ${m.reference} is cancelled`
      : `Your new date request for appointment ${m.reference}`;
  return { to: m.email, about: m.reference, subject, text: text + "\n" };
}
