import type { Config } from "../config";
import type { OutgoingMail } from "./queue";
import { PAYMENT_METHODS } from "../../app/content/site";

/**
 * The messages sent for new requests. Personal data appears only in these
 * bodies (which go to the clinic's mailbox and the patient), never in logs.
 */

export interface AppointmentMailData {
  reference: string;
  name: string;
  surname: string;
  dob: string;
  phone: string;
  alternatePhone: string;
  email: string;
  gender: string;
  serviceTitle: string;
  paymentMethod: string;
  medicalAidNumber: string | null;
  notes: string;
  idPassportNumber: string;
  requestedDate: string;
  submittedTime: string;
  referralFiles: string[];
}

export interface EnquiryMailData {
  reference: string;
  name: string;
  phone: string;
  email: string;
  description: string;
}

type MailConfig = Pick<Config, "clinic" | "bookingPolicy" | "publicBaseUrl">;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const LONG_DATE = new Intl.DateTimeFormat("en-GB", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "Saturday 5 December 2026" for a YYYY-MM-DD date. */
export function longDate(date: string): string {
  return LONG_DATE.format(new Date(`${date}T00:00:00Z`));
}

const paymentLabel = (value: string) => PAYMENT_METHODS.find((p) => p.value === value)?.label ?? value;

function table(rows: [string, string][]): { text: string; html: string } {
  return {
    text: rows.map(([k, v]) => `${k}: ${v}`).join("\n"),
    html:
      "<table>" +
      rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join("") +
      "</table>",
  };
}

export function clinicAppointmentMail(a: AppointmentMailData, config: MailConfig): OutgoingMail {
  const details = table([
    ["Reference", a.reference],
    ["Requested date", longDate(a.requestedDate)],
    ["Service", a.serviceTitle],
    ["Payment", paymentLabel(a.paymentMethod)],
    ["Medical aid number", a.medicalAidNumber ?? "-"],
    ["Name", `${a.name} ${a.surname}`],
    ["Date of birth", a.dob],
    ["Gender", a.gender],
    ["ID or passport", a.idPassportNumber],
    ["Phone", a.phone],
    ["Alternate phone", a.alternatePhone],
    ["E-mail", a.email],
    ["Notes", a.notes || "-"],
    ["Referral forms", a.referralFiles.length ? a.referralFiles.join(", ") : "none"],
    ["Submitted at", `${a.submittedTime} (Gaborone time)`],
  ]);
  const intro = "A new appointment request was made on the website. Please confirm a time with the patient.";
  return {
    to: config.clinic.email,
    subject: `New appointment request ${a.reference}`,
    text: `${intro}\n\n${details.text}\n\nOpen the staff console: ${config.publicBaseUrl}/staff\n`,
    html: `<p>${escapeHtml(intro)}</p>${details.html}`,
  };
}

export function patientAppointmentMail(a: AppointmentMailData, config: MailConfig): OutgoingMail {
  const clinic = config.clinic;
  const lines = [
    `Dear ${a.name} ${a.surname},`,
    "",
    `Thank you. We have received your appointment request at ${clinic.name}.`,
    "",
    `Reference: ${a.reference}`,
    `Requested date: ${longDate(a.requestedDate)}`,
    `Service: ${a.serviceTitle}`,
    "",
    "This is a request, not yet a confirmed booking: the clinic will contact you to confirm the time of your appointment.",
    "",
    "Booking policy:",
    ...config.bookingPolicy.map((p) => `- ${p}`),
    "",
    `Questions? Call ${clinic.landline}, WhatsApp ${clinic.whatsapp} or write to ${clinic.email}. Please quote your reference.`,
    "",
    clinic.name,
  ];
  const html =
    `<p>Dear ${escapeHtml(`${a.name} ${a.surname}`)},</p>` +
    `<p>Thank you. We have received your appointment request at ${escapeHtml(clinic.name)}.</p>` +
    table([
      ["Reference", a.reference],
      ["Requested date", longDate(a.requestedDate)],
      ["Service", a.serviceTitle],
    ]).html +
    "<p><strong>This is a request, not yet a confirmed booking:</strong> the clinic will contact you to confirm the time of your appointment.</p>" +
    `<h2>Booking policy</h2><ul>${config.bookingPolicy.map((p) => `<li>${escapeHtml(p)}</li>`).join("")}</ul>` +
    `<p>Questions? Call ${escapeHtml(clinic.landline)}, WhatsApp ${escapeHtml(clinic.whatsapp)} or write to ${escapeHtml(clinic.email)}. Please quote your reference.</p>`;
  return {
    to: a.email,
    subject: `Your appointment request ${a.reference}`,
    text: lines.join("\n") + "\n",
    html,
  };
}

export function clinicEnquiryMail(e: EnquiryMailData, config: MailConfig): OutgoingMail {
  const details = table([
    ["Reference", e.reference],
    ["Name", e.name],
    ["Phone", e.phone],
    ["E-mail", e.email],
  ]);
  return {
    to: config.clinic.email,
    subject: `New enquiry ${e.reference}`,
    text: `A new enquiry was sent from the website's contact form.\n\n${details.text}\n\nMessage:\n${e.description}\n`,
    html: `<p>A new enquiry was sent from the website's contact form.</p>${details.html}<p>${escapeHtml(e.description).replace(/\n/g, "<br>")}</p>`,
  };
}
