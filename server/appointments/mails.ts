import type { Config } from "../config";
import { escapeHtml, greeting, link, table, type MailConfig } from "../mail/compose";
import type { OutgoingMail } from "../mail/queue";
import { BOOKING_POLICY } from "../../domain/booking-policy";
import { formatLongDate } from "../../domain/dates";
import { serviceGuidance, serviceTitle } from "../../domain/catalogue";
import { referralWords, REQUEST_RECEIVED, requestNextStep } from "../../domain/request-words";
import { BRING, contactWays, PLEASE_ARRIVE_EARLY } from "../../domain/visit-words";

/**
 * The messages sent for new requests, written for the least personal data
 * (docs/privacy-retention.md):
 * - to the clinic: the reference, the service, the requested date and a link
 *   to the console. No name, ID number, date of birth, phone, e-mail, notes,
 *   message text or file names: staff read those behind sign-in.
 * - to the patient: nothing the sender typed except a first name in the
 *   greeting, and only when it looks like a name (greetingName), so the forms
 *   cannot be used to send someone else a message through the clinic.
 */

export interface AppointmentMailData {
  /** The appointment's id, for the console link. */
  id: number;
  reference: string;
  /** The first name as typed; only greetingName() of it is used. */
  name: string;
  email: string;
  serviceTitle: string;
  requestedDate: string;
  /** The patient's private link to see, change or cancel the appointment (server/appointments/manage-links.ts). */
  manageUrl: string;
  /** The day by whose end the clinic contacts the patient (requestAnswerBy), YYYY-MM-DD. */
  answerBy?: string;
  /** Whether a referral form came with the request (never its name). */
  referralReceived: boolean;
}

/** The console page of one appointment request. */
export function staffAppointmentUrl(config: Pick<Config, "publicBaseUrl">, id: number): string {
  return `${config.publicBaseUrl}/staff/appointments/${id}`;
}

/**
 * The reminder the day before a confirmed appointment: the date and time, to
 * arrive early, what to bring (the booking policy), the service's preparation
 * notes and the private link. Nothing the patient typed but a safe first name.
 */
export function reminderMail(
  appt: {
    name: string;
    email: string;
    reference: string;
    service_name: string;
    confirmed_date: string | null;
    confirmed_time: string | null;
  },
  manageUrl: string,
  config: MailConfig,
): OutgoingMail {
  const clinic = config.clinic;
  const service = serviceTitle(appt.service_name);
  const when = `${formatLongDate(appt.confirmed_date!)} at ${appt.confirmed_time}`;
  const notes = serviceGuidance(appt.service_name).notes;
  const bring = [BRING];
  const arrive = PLEASE_ARRIVE_EARLY;
  const lines = [
    `${greeting(appt.name)},`,
    "",
    `A reminder of your appointment for ${service} on ${when} (Botswana time).`,
    `Reference: ${appt.reference}`,
    arrive,
    "",
    "What to bring:",
    ...bring.map((p) => `- ${p}`),
    "",
    "How to prepare:",
    ...notes.map((n) => `- ${n}`),
    "",
    ...privateLinkLines(manageUrl),
    "",
    `Questions? Call ${contactWays(clinic)}.`,
    "",
    clinic.name,
  ];
  const list = (items: readonly string[]) => `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join("")}</ul>`;
  const html =
    `<p>${escapeHtml(greeting(appt.name))},</p>` +
    `<p>A reminder of your appointment for ${escapeHtml(service)} on ${escapeHtml(when)} (Botswana time).</p>` +
    table([["Reference", appt.reference]]).html +
    `<p><strong>${escapeHtml(arrive)}</strong></p>` +
    `<h2>What to bring</h2>${list(bring)}` +
    `<h2>How to prepare</h2>${list(notes)}` +
    privateLinkHtml(manageUrl) +
    `<p>Questions? Call ${escapeHtml(contactWays(clinic))}.</p>`;
  return {
    to: appt.email,
    about: appt.reference,
    subject: `Reminder: your appointment on ${when}`,
    text: lines.join("\n") + "\n",
    html,
  };
}

/** How every patient e-mail offers the private link. */
export const MANAGE_LINK_TEXT = "See, change or cancel your appointment";
export const MANAGE_LINK_PRIVATE = "This link is private to you: do not share it.";

/** The private link as a patient e-mail's text gives it: the link, then that it is private. */
export function privateLinkLines(manageUrl: string): string[] {
  return [`${MANAGE_LINK_TEXT}: ${manageUrl}`, MANAGE_LINK_PRIVATE];
}

/** The same in an e-mail's HTML part. */
function privateLinkHtml(manageUrl: string): string {
  return link(manageUrl, MANAGE_LINK_TEXT) + `<p>${escapeHtml(MANAGE_LINK_PRIVATE)}</p>`;
}

/**
 * Tells the clinic that a patient changed or cancelled a request through
 * their link: the reference and a console link only, nothing else.
 */
export function clinicPatientChangeMail(
  change: { id: number; reference: string; what: "cancelled" | "changed the date of" },
  config: MailConfig,
): OutgoingMail {
  const url = staffAppointmentUrl(config, change.id);
  const intro = `A patient ${change.what} appointment ${change.reference} through their private link. Sign in to the staff console to see it.`;
  return {
    to: config.clinic.email,
    about: change.reference,
    subject: `Appointment ${change.reference} ${change.what === "cancelled" ? "cancelled" : "date changed"} by the patient`,
    text: `${intro}\n\nOpen the request: ${url}\n`,
    html: `<p>${escapeHtml(intro)}</p>${link(url, "Open the request in the staff console")}`,
  };
}

export function clinicAppointmentMail(a: AppointmentMailData, config: MailConfig): OutgoingMail {
  const details = table([
    ["Reference", a.reference],
    ["Service", a.serviceTitle],
    ["Requested date", formatLongDate(a.requestedDate)],
  ]);
  const url = staffAppointmentUrl(config, a.id);
  const intro =
    "A new appointment request was made on the website. Sign in to the staff console to see it and confirm a time with the patient.";
  return {
    to: config.clinic.email,
    about: a.reference,
    subject: `New appointment request ${a.reference}`,
    text: `${intro}\n\n${details.text}\n\nOpen the request: ${url}\n`,
    html: `<p>${escapeHtml(intro)}</p>${details.html}${link(url, "Open the request in the staff console")}`,
  };
}

export function patientAppointmentMail(a: AppointmentMailData, config: MailConfig): OutgoingMail {
  const clinic = config.clinic;
  const hello = greeting(a.name);
  // The booking page's words (domain/request-words.ts): a request received, not a booked time.
  const received = `${REQUEST_RECEIVED} at ${clinic.name}.`;
  const next = requestNextStep(a.answerBy);
  const referral = referralWords(a.referralReceived);
  const lines = [
    `${hello},`,
    "",
    received,
    "",
    `Reference: ${a.reference}`,
    `Requested date: ${formatLongDate(a.requestedDate)}`,
    `Service: ${a.serviceTitle}`,
    "",
    next,
    "",
    referral,
    "",
    ...privateLinkLines(a.manageUrl),
    "",
    "Booking policy:",
    ...BOOKING_POLICY.map((p) => `- ${p}`),
    "",
    `Questions? Call ${contactWays(clinic)}. Please quote your reference.`,
    "",
    clinic.name,
  ];
  const html =
    `<p>${escapeHtml(hello)},</p>` +
    `<p>${escapeHtml(received)}</p>` +
    table([
      ["Reference", a.reference],
      ["Requested date", formatLongDate(a.requestedDate)],
      ["Service", a.serviceTitle],
    ]).html +
    `<p><strong>${escapeHtml(next)}</strong></p>` +
    `<p>${escapeHtml(referral)}</p>` +
    privateLinkHtml(a.manageUrl) +
    `<h2>Booking policy</h2><ul>${BOOKING_POLICY.map((p) => `<li>${escapeHtml(p)}</li>`).join("")}</ul>` +
    `<p>Questions? Call ${escapeHtml(contactWays(clinic))}. Please quote your reference.</p>`;
  return {
    to: a.email,
    about: a.reference,
    subject: `Your appointment request ${a.reference}`,
    text: lines.join("\n") + "\n",
    html,
  };
}
