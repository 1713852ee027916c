import { LATE_CANCELLATION_FEE, NOTICE_HOURS } from "../../domain/booking-policy";
import { appointmentMinutes, serviceGuidance, serviceTitle } from "../../domain/catalogue";
import { contactWays } from "../../domain/visit-words";
import type { Config } from "../config";
import type { OutgoingMail } from "../mail/queue";
import { greeting } from "../mail/compose";
import { privateLinkLines } from "./mails";
import { buildIcs } from "./ics";
import { clinicInstant, formatLongDate } from "../../domain/dates";

export interface ConfirmedAppointment {
  reference: string;
  name: string;
  email: string;
  /** The service as stored: its slug (a title is understood too). */
  serviceName: string;
  /** The ultrasound examination chosen on confirming, which sets the length (else the service's). */
  examination?: string | null;
  date: string;
  time: string;
  /** The patient's private link (server/appointments/manage-links.ts). */
  manageUrl: string;
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
  const end = new Date(start.getTime() + appointmentMinutes(appt.serviceName, appt.examination) * 60_000);
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
    `To change your appointment, please let us know at least ${NOTICE_HOURS} hours ahead. ${LATE_CANCELLATION_FEE}`,
    ...privateLinkLines(appt.manageUrl),
    `Questions? Call ${contactWays(clinic)}. Please quote your reference.`,
    "",
    "The attached calendar file adds the appointment to your calendar.",
    "",
    clinic.name,
  ].join("\n");
  return {
    to: appt.email,
    about: appt.reference,
    subject: `Appointment confirmed: ${service}, ${when}`,
    text,
    attachments: [
      { filename: "appointment.ics", contentType: "text/calendar; charset=utf-8; method=PUBLISH", content: ics },
    ],
  };
}

/**
 * The patient's e-mail when the clinic cancels: the reason the staff member
 * gave (the clinic's own words), the reference and service, and the private
 * link; nothing the patient typed but a first name that looks like one.
 */
export function cancellationMail(
  config: Config,
  appt: Pick<ConfirmedAppointment, "reference" | "name" | "email" | "serviceName" | "manageUrl"> & { reason: string },
): OutgoingMail {
  const clinic = config.clinic;
  const service = serviceTitle(appt.serviceName);
  const text = [
    `${greeting(appt.name)},`,
    "",
    `The clinic has cancelled your appointment for ${service}.`,
    `Reference: ${appt.reference}`,
    `Reason: ${appt.reason}`,
    "",
    ...privateLinkLines(appt.manageUrl),
    "",
    `To book again or ask about this, call ${contactWays(clinic)}. Please quote your reference.`,
    "",
    clinic.name,
  ].join("\n");
  return {
    to: appt.email,
    about: appt.reference,
    subject: `Appointment cancelled: ${service} (${appt.reference})`,
    text,
  };
}
