import type { Config } from "../../base/config";
import { escapeHtml, greeting, link, mailDocument, table, type MailConfig } from "../../mail/compose";
import type { OutgoingMail } from "../../mail/queue";
import { formatLongDate } from "../../../domain/dates";
import { appointmentGuidance, serviceTitle, type AppointmentGuidance } from "../../../domain/catalogue";
import type { Locale } from "../../../domain/locale";
import { m } from "../../../domain/paraglide/messages.js";
import { bookingPolicy } from "../../../domain/booking-policy";
import { preparationAt } from "../../../domain/preparation";
import { requestWords } from "../../../domain/patient-words";
import { contactWays, visitWords } from "../../../domain/visit-words";

/**
 * The messages sent for new requests, written for the least personal data
 * (docs/privacy-retention.md):
 * - to the clinic: the reference, the service, the requested date and a link
 *   to the console. No name, ID number, date of birth, phone, e-mail, notes,
 *   message text or file names: staff read those behind sign-in. Always in
 *   English: the console's language.
 * - to the patient: nothing the sender typed except a first name in the
 *   greeting, and only when it looks like a name (greetingName), so the forms
 *   cannot be used to send someone else a message through the clinic; in the
 *   patient's language (appointments.language, decision 037).
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
  /** The patient's language: their e-mail's. */
  language: Locale;
  /** The time the patient booked online on requestedDate (decision 063); absent for a request. */
  booked?: { time: string };
}

/** The console page of one appointment request. */
export function staffAppointmentUrl(config: Pick<Config, "publicBaseUrl">, id: number): string {
  return `${config.publicBaseUrl}/staff/appointments/${id}`;
}

/**
 * The reminder the day before a confirmed appointment, in the patient's
 * language: the date and time, to arrive early, the preparation at clock
 * times (domain/preparation.ts preparationAt: "Do not eat after 03:30."),
 * what to bring (the booking policy), the service's preparation notes and
 * the private link, where the patient confirms they are coming or cancels. Nothing the
 * patient typed but a safe first name.
 */
export function reminderMail(
  appt: {
    name: string;
    email: string;
    reference: string;
    service_name: string;
    /** The examination staff chose on confirming: its preparation, not the whole service's. */
    examination: string | null;
    confirmed_date: string | null;
    confirmed_time: string | null;
    language: Locale;
  },
  manageUrl: string,
  config: MailConfig,
): OutgoingMail {
  const clinic = config.clinic;
  const locale = appt.language;
  const options = { locale };
  const service = serviceTitle(appt.service_name, locale);
  const guidance = appointmentGuidance(appt.service_name, appt.examination, locale);
  const notes = guidance.notes;
  const when = m.mail_when({ date: formatLongDate(appt.confirmed_date!, locale), time: appt.confirmed_time! }, options);
  const visit = visitWords(locale);
  const bringing = [visit.bring];
  const arrive = visit.pleaseArriveEarly;
  const clock = preparationAt(guidance.rules, appt.confirmed_date!, appt.confirmed_time!, locale);
  const clockHeading = m.prep_at_heading({}, options);
  const intro = m.mail_reminder_intro({ service, when }, options);
  const reference = m.mail_label_reference({}, options);
  const bringHeading = m.mail_bring_heading({}, options);
  const prepare = prepareHeading(guidance, locale);
  const questions = m.mail_questions({ ways: contactWays(clinic, undefined, locale) }, options);
  const subject = m.mail_reminder_subject({ when }, options);
  const lines = [
    `${greeting(appt.name, locale)},`,
    "",
    intro,
    `${reference}: ${appt.reference}`,
    arrive,
    "",
    `${clockHeading}:`,
    ...clock.map((c) => `- ${c}`),
    "",
    `${bringHeading}:`,
    ...bringing.map((p) => `- ${p}`),
    "",
    `${prepare}:`,
    ...notes.map((n) => `- ${n}`),
    "",
    ...privateLinkLines(manageUrl, locale),
    "",
    questions,
    "",
    clinic.name,
  ];
  const list = (items: readonly string[]) => `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join("")}</ul>`;
  const html =
    `<p>${escapeHtml(greeting(appt.name, locale))},</p>` +
    `<p>${escapeHtml(intro)}</p>` +
    table([[reference, appt.reference]]).html +
    `<p><strong>${escapeHtml(arrive)}</strong></p>` +
    `<h2>${escapeHtml(clockHeading)}</h2>${list(clock)}` +
    `<h2>${escapeHtml(bringHeading)}</h2>${list(bringing)}` +
    `<h2>${escapeHtml(prepare)}</h2>${list(notes)}` +
    privateLinkHtml(manageUrl, locale) +
    `<p>${escapeHtml(questions)}</p>`;
  return patientHtmlMail(appt, clinic.name, { subject, lines, html });
}

/** The heading over the preparation notes: naming the examination when staff chose one ("How to prepare for your scan: Abdomen (Upper)"). */
export function prepareHeading(guidance: Pick<AppointmentGuidance, "examination">, locale: Locale): string {
  return guidance.examination
    ? m.mail_prepare_heading_examination({ examination: guidance.examination }, { locale })
    : m.mail_prepare_heading({}, { locale });
}

/** The private link as a patient e-mail's text gives it, in their language: the link, then that it is private. */
export function privateLinkLines(
  manageUrl: string,
  locale: Locale,
  label = m.mail_manage_link({}, { locale }),
): string[] {
  return [`${label}: ${manageUrl}`, m.mail_link_private({}, { locale })];
}

/** The same in an e-mail's HTML part. */
function privateLinkHtml(manageUrl: string, locale: Locale): string {
  return (
    link(manageUrl, m.mail_manage_link({}, { locale })) + `<p>${escapeHtml(m.mail_link_private({}, { locale }))}</p>`
  );
}

/**
 * A patient's plain-text e-mail about their appointment, in their language:
 * the greeting (a first name only when it looks like one), the message's
 * lines, and the clinic's name at the foot.
 */
export function patientTextMail(
  appt: { name: string; email: string; reference: string; language: Locale },
  clinicName: string,
  { subject, lines }: { subject: string; lines: string[] },
): OutgoingMail {
  return {
    to: appt.email,
    about: appt.reference,
    subject,
    text: [`${greeting(appt.name, appt.language)},`, "", ...lines, "", clinicName].join("\n"),
  };
}

/**
 * A patient's e-mail about their appointment with an HTML part: the text's
 * lines, and the HTML message as a document in their language.
 */
function patientHtmlMail(
  appt: { email: string; reference: string; language: Locale },
  clinicName: string,
  { subject, lines, html }: { subject: string; lines: string[]; html: string },
): OutgoingMail {
  return {
    to: appt.email,
    about: appt.reference,
    subject,
    text: lines.join("\n") + "\n",
    html: mailDocument(html, { locale: appt.language, subject, clinicName }),
  };
}

const CHANGE_SUBJECT = {
  cancelled: "cancelled",
  "changed the date of": "date changed",
  "moved the time of": "time moved",
} as const;

/**
 * Tells the clinic that a patient changed, moved (decision 067) or cancelled
 * an appointment through their link: the reference and a console link only,
 * nothing else.
 */
export function clinicPatientChangeMail(
  change: { id: number; reference: string; what: "cancelled" | "changed the date of" | "moved the time of" },
  config: MailConfig,
): OutgoingMail {
  const url = staffAppointmentUrl(config, change.id);
  const intro = `A patient ${change.what} appointment ${change.reference} through their private link. Sign in to the staff console to see it.`;
  return {
    to: config.clinic.email,
    about: change.reference,
    subject: `Appointment ${change.reference} ${CHANGE_SUBJECT[change.what]} by the patient`,
    text: `${intro}\n\nOpen the request: ${url}\n`,
    html: `<p>${escapeHtml(intro)}</p>${link(url, "Open the request in the staff console")}`,
  };
}

export function clinicAppointmentMail(a: AppointmentMailData, config: MailConfig): OutgoingMail {
  const details = table([
    ["Reference", a.reference],
    ["Service", a.serviceTitle],
    a.booked
      ? ["Booked time", `${formatLongDate(a.requestedDate)} at ${a.booked.time}`]
      : ["Requested date", formatLongDate(a.requestedDate)],
  ]);
  const url = staffAppointmentUrl(config, a.id);
  const intro = a.booked
    ? "A patient booked a free time on the website: the appointment is confirmed and its room is held. Sign in to the staff console to see it."
    : "A new appointment request was made on the website. Sign in to the staff console to see it and confirm a time with the patient.";
  return {
    to: config.clinic.email,
    about: a.reference,
    subject: a.booked ? `Appointment booked online ${a.reference}` : `New appointment request ${a.reference}`,
    text: `${intro}\n\n${details.text}\n\nOpen the request: ${url}\n`,
    html: `<p>${escapeHtml(intro)}</p>${details.html}${link(url, "Open the request in the staff console")}`,
  };
}

export function patientAppointmentMail(a: AppointmentMailData, config: MailConfig): OutgoingMail {
  const clinic = config.clinic;
  const locale = a.language;
  const options = { locale };
  const hello = greeting(a.name, locale);
  // The booking page's words (domain/request-words.ts): a request received, not a booked time.
  const words = requestWords(locale);
  const received = words.receivedAt(clinic.name);
  const next = words.nextStep(a.answerBy);
  const referral = words.referral(a.referralReceived);
  const policy = bookingPolicy(locale);
  const policyHeading = m.mail_policy_heading({}, options);
  const questions = m.mail_questions_quote({ ways: contactWays(clinic, undefined, locale) }, options);
  const subject = m.mail_received_subject({ ref: a.reference }, options);
  const details = table([
    [m.mail_label_reference({}, options), a.reference],
    [m.mail_label_requested_date({}, options), formatLongDate(a.requestedDate, locale)],
    [m.mail_label_service({}, options), serviceTitle(a.serviceTitle, locale)],
  ]);
  const lines = [
    `${hello},`,
    "",
    received,
    "",
    details.text,
    "",
    next,
    "",
    referral,
    "",
    ...privateLinkLines(a.manageUrl, locale),
    "",
    `${policyHeading}:`,
    ...policy.map((p) => `- ${p}`),
    "",
    questions,
    "",
    clinic.name,
  ];
  const html =
    `<p>${escapeHtml(hello)},</p>` +
    `<p>${escapeHtml(received)}</p>` +
    details.html +
    `<p><strong>${escapeHtml(next)}</strong></p>` +
    `<p>${escapeHtml(referral)}</p>` +
    privateLinkHtml(a.manageUrl, locale) +
    `<h2>${escapeHtml(policyHeading)}</h2><ul>${policy.map((p) => `<li>${escapeHtml(p)}</li>`).join("")}</ul>` +
    `<p>${escapeHtml(questions)}</p>`;
  return patientHtmlMail(a, clinic.name, { subject, lines, html });
}
