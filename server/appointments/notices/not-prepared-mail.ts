import { serviceTitle } from "../../../domain/catalogue";
import { localisedPath } from "../../../domain/locale";
import { m } from "../../../domain/paraglide/messages.js";
import { bookingPath } from "../../../domain/paths";
import type { Config } from "../../base/config";
import type { OutgoingMail } from "../../mail/queue";
import type { AppointmentRow } from "../appointment-repository";
import { patientTextMail, privateLinkLines } from "./mails";

/**
 * The patient's e-mail when staff record that they came but could not be
 * examined, the preparation not done (decision 070): in their language, the
 * reference, and the booking page for the same service, where they book a
 * new time and read again how to prepare; their private link says the same.
 * Nothing about what was not done: that is health data.
 */
export function notPreparedMail(
  config: Pick<Config, "clinic" | "publicBaseUrl">,
  appt: Pick<AppointmentRow, "reference" | "name" | "email" | "service_name" | "language">,
  manageUrl: string,
): OutgoingMail {
  const locale = appt.language;
  const options = { locale };
  const service = serviceTitle(appt.service_name, locale);
  const bookUrl = `${config.publicBaseUrl}${localisedPath(bookingPath(appt.service_name), locale)}`;
  const lines = [
    m.mail_not_prepared_intro({ service }, options),
    `${m.mail_label_reference({}, options)}: ${appt.reference}`,
    "",
    `${m.mail_not_prepared_book({}, options)}: ${bookUrl}`,
    "",
    ...privateLinkLines(manageUrl, locale),
  ];
  return patientTextMail(appt, config.clinic.name, {
    subject: m.mail_not_prepared_subject({ service, ref: appt.reference }, options),
    lines,
  });
}
