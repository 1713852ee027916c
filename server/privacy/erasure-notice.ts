import { formatLongDate } from "../../domain/dates";
import { bookingPath } from "../../domain/paths";
import { contactWays } from "../../domain/visit-words";
import type { Config } from "../config";
import type { OutgoingMail } from "../mail/queue";

/**
 * The e-mail that tells a patient an upcoming appointment is cancelled
 * because their data was erased (decision 035). It says only which
 * appointment (its reference, date and time) is cancelled and how to book
 * again: no name, service or other detail, since the record it came from is
 * gone. Sent to the address on record, and kept only until it is sent
 * (forgetAfterSend): an erasure never deletes it before it goes, and once
 * it has gone its recipient and text are blanked.
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
  },
): OutgoingMail {
  const clinic = config.clinic;
  const confirmed = appointment.status === "confirmed" && appointment.confirmed_date;
  const when = confirmed
    ? `on ${formatLongDate(appointment.confirmed_date!)}${appointment.confirmed_time ? ` at ${appointment.confirmed_time} (Botswana time)` : ""}`
    : `asked for ${formatLongDate(appointment.requested_date)}`;
  const what = confirmed ? "Your appointment" : "Your appointment request";
  const text = [
    "Dear patient,",
    "",
    `${what} ${appointment.reference} at ${clinic.name}, ${when}, is cancelled. The clinic no longer holds the details of this booking.`,
    "",
    `To come on another day, book a new appointment at ${new URL(bookingPath(), config.publicBaseUrl).toString()} or call ${contactWays(clinic)}.`,
    "",
    clinic.name,
  ].join("\n");
  return {
    to: appointment.email.trim(),
    about: appointment.reference,
    subject: `Appointment cancelled: ${appointment.reference}`,
    text,
    forgetAfterSend: true,
  };
}
