import { serviceTitle } from "../../../domain/catalogue";
import { formatLongDate } from "../../../domain/dates";
import { BASE_LOCALE, type Locale } from "../../../domain/locale";
import { m } from "../../../domain/paraglide/messages.js";
import { contactWays } from "../../../domain/visit-words";
import type { MailConfig } from "../../mail/compose";
import type { OutgoingMail } from "../../mail/queue";
import { patientTextMail, privateLinkLines } from "./mails";

/**
 * What a patient is told when a closure reaches their appointment (decision
 * 034): one notice per patient, built once by closure-effects.ts, from which
 * each channel writes its message (this e-mail; a text message the same way).
 */
export interface ClosureNotice {
  reference: string;
  /** The first name as typed; only greetingName() of it is written. */
  name: string;
  email: string;
  /** The patient's phone number as stored, for a text message. */
  phone: string;
  /** The service as stored (slug, or a title for older rows). */
  serviceName: string;
  /** The day the appointment cannot go ahead, YYYY-MM-DD. */
  date: string;
  /** The confirmed time, HH:MM, or null for a request. */
  time: string | null;
  /** The reason the manager typed, which patients see. */
  reason: string;
  /** True when one room is out of service, false when the whole clinic is closed. */
  roomOnly: boolean;
  /** A fresh private link to choose another date (manage-links.ts issueManageLink). */
  manageUrl: string;
  /** The patient's language (appointments.language): their e-mail's and text's. */
  language: Locale;
}

/** The sentence that says why the appointment cannot go ahead that day (in English for staff, by default). */
export function closureSentence(
  notice: Pick<ClosureNotice, "date" | "reason" | "roomOnly">,
  locale: Locale = BASE_LOCALE,
): string {
  const date = formatLongDate(notice.date, locale);
  // The reason as typed, ending a sentence once ("Power cut." and "Power cut" read the same).
  const reason = /[.!?]$/.test(notice.reason) ? notice.reason : `${notice.reason}.`;
  return notice.roomOnly
    ? m.mail_closure_room({ date, reason }, { locale })
    : m.mail_closure_clinic({ date, reason }, { locale });
}

/**
 * The patient's e-mail, in their language: why the day is off, what it
 * means for their appointment (a confirmed time is no longer held; a request
 * waits for a new date), and the private link to choose another date.
 * Nothing the patient typed but a first name that looks like one; the reason
 * is the clinic's own.
 */
export function closureMail(config: MailConfig, notice: ClosureNotice): OutgoingMail {
  const clinic = config.clinic;
  const locale = notice.language;
  const options = { locale };
  const service = serviceTitle(notice.serviceName, locale);
  const date = formatLongDate(notice.date, locale);
  const what = notice.time
    ? m.mail_closure_confirmed({ service, date, time: notice.time }, options)
    : m.mail_closure_request({ service, date }, options);
  const lines = [
    closureSentence(notice, locale),
    what,
    `${m.mail_label_reference({}, options)}: ${notice.reference}`,
    "",
    m.mail_closure_choose({}, options),
    ...privateLinkLines(notice.manageUrl, locale),
    "",
    m.mail_closure_call({ ways: contactWays(clinic, undefined, locale) }, options),
    "",
    m.mail_closure_sorry({}, options),
  ];
  return patientTextMail(notice, clinic.name, { subject: m.mail_closure_subject({ service, date }, options), lines });
}
