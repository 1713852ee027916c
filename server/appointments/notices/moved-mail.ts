import { serviceTitle } from "../../../domain/catalogue";
import { bookedTimeWords } from "../../../domain/booking-rules";
import { formatLongDate } from "../../../domain/dates";
import { m } from "../../../domain/paraglide/messages.js";
import { contactWays } from "../../../domain/visit-words";
import type { Config } from "../../base/config";
import type { OutgoingMail } from "../../mail/queue";
import { patientTextMail, privateLinkLines } from "./mails";
import type { ConfirmedAppointment } from "./confirmation-mail";

/**
 * The patient's e-mail when the clinic moves a confirmed appointment
 * (decision 018), or the patient moves the time they booked (decision 067:
 * it says the time is booked, and the time it had), in their language: the
 * new date and time, the reference and service, and the private link;
 * nothing the patient typed but a first name that looks like one.
 */
export function movedMail(
  config: Pick<Config, "clinic">,
  appt: ConfirmedAppointment & {
    /** The patient moved the time they booked online themselves (decision 067): the time it had. */
    movedFrom?: { date: string; time: string };
  },
): OutgoingMail {
  const clinic = config.clinic;
  const locale = appt.language;
  const options = { locale };
  const service = serviceTitle(appt.serviceName, locale);
  const when = m.mail_when({ date: formatLongDate(appt.date, locale), time: appt.time }, options);
  const from = appt.movedFrom;
  const lines = [
    ...(from
      ? [
          m.mail_booked_intro({ service, when }, options),
          m.mail_moved_by_you({ from: bookedTimeWords(from.date, from.time, locale) }, options),
        ]
      : [m.mail_moved_intro({ service, when }, options)]),
    `${m.mail_label_reference({}, options)}: ${appt.reference}`,
    `${m.mail_label_where({}, options)}: ${clinic.name}, ${clinic.address.street}, ${clinic.address.city}`,
    "",
    ...(from ? [] : [m.mail_moved_call({ ways: contactWays(clinic, undefined, locale) }, options)]),
    ...privateLinkLines(appt.manageUrl, locale),
  ];
  return patientTextMail(appt, clinic.name, { subject: m.mail_moved_subject({ service, when }, options), lines });
}
