import { formatLongDate } from "../../domain/dates";
import { localisedPath, type Locale } from "../../domain/locale";
import { m } from "../../domain/paraglide/messages.js";
import { bookingPath } from "../../domain/paths";
import { contactWays } from "../../domain/visit-words";
import type { Config } from "../base/config";
import type { OutgoingMail } from "../mail/queue";

/**
 * The e-mail that tells a patient an upcoming appointment is cancelled
 * because their data was erased (decision 035), in the language they booked
 * in. It says only which appointment (its reference, date and time) is
 * cancelled and how to book again: no name, service or other detail, since
 * the record it came from is gone. Sent to the address on record, and kept
 * only until it is sent (forgetAfterSend): an erasure never deletes it
 * before it goes, and once it has gone its recipient and text are blanked.
 */
export function cancellationNotice(
  config: Pick<Config, "clinic" | "publicBaseUrl">,
  appointment: {
    email: string;
    reference: string;
    status: string;
    requested_date: string;
    confirmed_date: string | null;
    confirmed_time: string | null;
    language: Locale;
  },
): OutgoingMail {
  const clinic = config.clinic;
  const locale = appointment.language;
  const options = { locale };
  const facts = { ref: appointment.reference, clinicName: clinic.name };
  const confirmed = appointment.status === "confirmed" && appointment.confirmed_date;
  const what = !confirmed
    ? m.mail_erased_request({ ...facts, date: formatLongDate(appointment.requested_date, locale) }, options)
    : appointment.confirmed_time
      ? m.mail_erased_confirmed_at(
          {
            ...facts,
            date: formatLongDate(appointment.confirmed_date!, locale),
            time: appointment.confirmed_time,
          },
          options,
        )
      : m.mail_erased_confirmed({ ...facts, date: formatLongDate(appointment.confirmed_date!, locale) }, options);
  const url = new URL(localisedPath(bookingPath(), locale), config.publicBaseUrl).toString();
  const text = [
    `${m.mail_dear_patient({}, options)},`,
    "",
    what,
    "",
    m.mail_erased_book_again({ url, ways: contactWays(clinic, undefined, locale) }, options),
    "",
    clinic.name,
  ].join("\n");
  return {
    to: appointment.email.trim(),
    about: appointment.reference,
    subject: m.mail_erased_subject({ ref: appointment.reference }, options),
    text,
    forgetAfterSend: true,
  };
}
