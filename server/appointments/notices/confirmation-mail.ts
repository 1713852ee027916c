import { lateCancellationFee, NOTICE_HOURS } from "../../../domain/booking-policy";
import { appointmentGuidance, serviceTitle } from "../../../domain/catalogue";
import type { Locale } from "../../../domain/locale";
import { m } from "../../../domain/paraglide/messages.js";
import { contactWays } from "../../../domain/visit-words";
import type { Config } from "../../base/config";
import type { OutgoingMail } from "../../mail/queue";
import { patientTextMail, prepareHeading, privateLinkLines } from "./mails";
import { buildIcs } from "./ics";
import { clinicInstant, formatLongDate } from "../../../domain/dates";
import { bookedWords } from "../../../domain/booking-rules";
import { preparationAt } from "../../../domain/preparation";

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
  /** The patient's language (appointments.language): their e-mail's. */
  language: Locale;
  /** The patient booked this time online (decision 063): the e-mail opens "Your appointment is booked: …". */
  bookedOnline?: boolean;
}

/**
 * The patient's confirmation e-mail, in their language, with the preparation
 * notes of the examination staff chose (else the service's) and an .ics
 * calendar file. Of what the patient typed it repeats only
 * a first name that looks like one (greeting()); everything else is the
 * clinic's own text.
 */
export function confirmationMail(config: Config, appt: ConfirmedAppointment, now: Date): OutgoingMail {
  const clinic = config.clinic;
  const locale = appt.language;
  const options = { locale };
  const guidance = appointmentGuidance(appt.serviceName, appt.examination, locale);
  const service = serviceTitle(appt.serviceName, locale);
  const start = clinicInstant(appt.date, appt.time);
  const end = new Date(start.getTime() + guidance.durationMinutes * 60_000);
  const location = `${clinic.name}, ${clinic.address.street}, ${clinic.address.city}`;
  const when = m.mail_when({ date: formatLongDate(appt.date, locale), time: appt.time }, options);
  const reference = `${m.mail_label_reference({}, options)}: ${appt.reference}`;
  const clock = [
    `${m.prep_at_heading({}, options)}:`,
    ...preparationAt(guidance.rules, appt.date, appt.time, locale).map((c) => `- ${c}`),
  ];
  const prepare = [`${prepareHeading(guidance, locale)}:`, ...guidance.notes.map((n) => `- ${n}`)];
  const host = new URL(config.publicBaseUrl).hostname;
  const ics = buildIcs(
    {
      uid: `appointment-${appt.reference}@${host}`,
      start,
      end,
      stamp: now,
      summary: m.mail_ics_summary({ service, clinicName: clinic.shortName }, options),
      location,
      // A time booked online says so in the calendar too (decision 063): "Your appointment is booked: …".
      description: [
        ...(appt.bookedOnline ? [bookedWords(appt.date, appt.time, locale)] : []),
        reference,
        "",
        ...clock,
        "",
        ...prepare,
      ].join("\n"),
    },
    `-//${clinic.shortName}//Appointments//EN`,
  );
  const lines = [
    appt.bookedOnline
      ? m.mail_booked_intro({ service, when }, options)
      : m.mail_confirmed_intro({ service, when }, options),
    reference,
    `${m.mail_label_where({}, options)}: ${location}`,
    "",
    ...clock,
    "",
    ...prepare,
    "",
    `${m.mail_confirmed_change({ hours: NOTICE_HOURS }, options)} ${lateCancellationFee(locale)}`,
    ...privateLinkLines(appt.manageUrl, locale),
    m.mail_questions_quote({ ways: contactWays(clinic, undefined, locale) }, options),
    "",
    m.mail_confirmed_calendar({}, options),
  ];
  return {
    ...patientTextMail(appt, clinic.name, {
      subject: appt.bookedOnline
        ? bookedWords(appt.date, appt.time, locale)
        : m.mail_confirmed_subject({ service, when }, options),
      lines,
    }),
    attachments: [
      { filename: "appointment.ics", contentType: "text/calendar; charset=utf-8; method=PUBLISH", content: ics },
    ],
  };
}

/**
 * The patient's e-mail when the clinic cancels, in their language: the
 * reason the staff member gave (the clinic's own words), the reference and
 * service, and the private link; nothing the patient typed but a first name
 * that looks like one.
 */
export function cancellationMail(
  config: Config,
  appt: Pick<ConfirmedAppointment, "reference" | "name" | "email" | "serviceName" | "manageUrl" | "language"> & {
    reason: string;
  },
): OutgoingMail {
  const clinic = config.clinic;
  const locale = appt.language;
  const options = { locale };
  const service = serviceTitle(appt.serviceName, locale);
  const lines = [
    m.mail_cancelled_intro({ service }, options),
    `${m.mail_label_reference({}, options)}: ${appt.reference}`,
    `${m.mail_label_reason({}, options)}: ${appt.reason}`,
    "",
    ...privateLinkLines(appt.manageUrl, locale),
    "",
    m.mail_cancelled_again({ ways: contactWays(clinic, undefined, locale) }, options),
  ];
  return patientTextMail(appt, clinic.name, {
    subject: m.mail_cancelled_subject({ service, ref: appt.reference }, options),
    lines,
  });
}
