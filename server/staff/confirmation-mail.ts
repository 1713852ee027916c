import { serviceGuidance, serviceTitle } from "../../domain/catalogue";
import type { Config } from "../config";
import type { OutgoingMail } from "../mail/queue";
import { greeting } from "../mail/templates";
import { buildIcs } from "./ics";
import { clinicInstant, formatLongDate } from "../../domain/dates";

export interface ConfirmedAppointment {
  reference: string;
  name: string;
  email: string;
  /** The service as stored: its slug (a title is understood too). */
  serviceName: string;
  date: string;
  time: string;
}

/**
 * The patient's confirmation e-mail, with preparation notes and an .ics
 * calendar file. Of what the patient typed it repeats only a first name that
 * looks like one (greeting()); everything else is the clinic's own text.
 */
export function confirmationMail(config: Config, appt: ConfirmedAppointment, now: Date): OutgoingMail {
  const clinic = config.clinic;
  const guidance = serviceGuidance(appt.serviceName);
  const service = serviceTitle(appt.serviceName);
  const start = clinicInstant(appt.date, appt.time);
  const end = new Date(start.getTime() + guidance.durationMinutes * 60_000);
  const location = `${clinic.name}, ${clinic.address.street}, ${clinic.address.city}`;
  const when = `${formatLongDate(appt.date)} at ${appt.time}`;
  const host = new URL(config.publicBaseUrl).hostname;
  const ics = buildIcs(
    {
      uid: `appointment-${appt.reference}@${host}`,
      start,
      end,
      stamp: now,
      summary: `${service} at ${clinic.shortName}`,
      location,
      description: [`Reference: ${appt.reference}`, "", "How to prepare:", ...guidance.notes.map((n) => `- ${n}`)].join(
        "\n",
      ),
    },
    `-//${clinic.shortName}//Appointments//EN`,
  );
  const text = [
    `${greeting(appt.name)},`,
    "",
    `Your appointment for ${service} is confirmed for ${when} (Botswana time).`,
    `Reference: ${appt.reference}`,
    `Where: ${location}`,
    "",
    "How to prepare:",
    ...guidance.notes.map((n) => `- ${n}`),
    "",
    "To change your appointment, please let us know at least 24 hours ahead. A late cancellation may incur a fee.",
    `Telephone: ${clinic.landline}  WhatsApp: ${clinic.whatsapp}  E-mail: ${clinic.email}`,
    "",
    "The attached calendar file adds the appointment to your calendar.",
    "",
    clinic.name,
  ].join("\n");
  return {
    to: appt.email,
    subject: `Appointment confirmed: ${service}, ${when}`,
    text,
    attachments: [
      { filename: "appointment.ics", contentType: "text/calendar; charset=utf-8; method=PUBLISH", content: ics },
    ],
  };
}
