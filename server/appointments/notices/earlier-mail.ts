import { serviceTitle } from "../../../domain/catalogue";
import { formatLongDate } from "../../../domain/dates";
import { m } from "../../../domain/paraglide/messages.js";
import type { Config } from "../../base/config";
import type { OutgoingMail } from "../../mail/queue";
import type { AppointmentRow } from "../appointment-repository";
import { patientTextMail } from "./mails";

/**
 * The e-mail that offers an earlier time (decision 070), in the patient's
 * language: the time offered beside their own, the offer's link (the first
 * patient to take it gets it), and that doing nothing keeps their own time.
 * It goes at once, quiet hours or not; the text beside it does not.
 */
export function earlierOfferMail(
  config: Pick<Config, "clinic">,
  appt: Pick<AppointmentRow, "reference" | "name" | "email" | "service_name" | "language">,
  offer: { date: string; time: string; ownDate: string; ownTime: string; url: string },
): OutgoingMail {
  const locale = appt.language;
  const options = { locale };
  const service = serviceTitle(appt.service_name, locale);
  const when = (date: string, time: string) => m.mail_when({ date: formatLongDate(date, locale), time }, options);
  const lines = [
    m.mail_earlier_intro(
      { service, offered: when(offer.date, offer.time), own: when(offer.ownDate, offer.ownTime) },
      options,
    ),
    `${m.mail_label_reference({}, options)}: ${appt.reference}`,
    "",
    `${m.mail_earlier_take({}, options)}: ${offer.url}`,
    m.mail_earlier_keep({}, options),
  ];
  return patientTextMail(appt, config.clinic.name, {
    subject: m.mail_earlier_subject({ service, ref: appt.reference }, options),
    lines,
  });
}
