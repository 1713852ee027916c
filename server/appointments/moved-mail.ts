import { serviceTitle } from "../../domain/catalogue";
import { formatLongDate } from "../../domain/dates";
import { contactWays } from "../../domain/visit-words";
import type { Config } from "../config";
import type { OutgoingMail } from "../mail/queue";
import { greeting } from "../mail/compose";
import { privateLinkLines } from "./mails";
import type { ConfirmedAppointment } from "./confirmation-mail";

/**
 * The patient's e-mail when the clinic moves a confirmed appointment
 * (decision 018): the new date and time, the reference and service, and the private
 * link; nothing the patient typed but a first name that looks like one.
 */
export function movedMail(config: Config, appt: ConfirmedAppointment): OutgoingMail {
  const clinic = config.clinic;
  const service = serviceTitle(appt.serviceName);
  const when = `${formatLongDate(appt.date)} at ${appt.time}`;
  const text = [
    `${greeting(appt.name)},`,
    "",
    `The clinic has moved your appointment for ${service}. It is now on ${when} (Botswana time).`,
    `Reference: ${appt.reference}`,
    `Where: ${clinic.name}, ${clinic.address.street}, ${clinic.address.city}`,
    "",
    `If the new time does not suit you, call ${contactWays(clinic)}, quoting your reference.`,
    ...privateLinkLines(appt.manageUrl),
    "",
    clinic.name,
  ].join("\n");
  return { to: appt.email, about: appt.reference, subject: `Appointment moved: ${service}, ${when}`, text };
}
