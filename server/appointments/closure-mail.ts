import { serviceTitle } from "../../domain/catalogue";
import { formatLongDate } from "../../domain/dates";
import { contactWays } from "../../domain/visit-words";
import type { MailConfig } from "../mail/compose";
import { greeting } from "../mail/compose";
import type { OutgoingMail } from "../mail/queue";
import { privateLinkLines } from "./mails";

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
}

/** The sentence that says why the appointment cannot go ahead that day. */
export function closureSentence(notice: Pick<ClosureNotice, "date" | "reason" | "roomOnly">): string {
  const day = formatLongDate(notice.date);
  // The reason as typed, ending a sentence once ("Power cut." and "Power cut" read the same).
  const reason = /[.!?]$/.test(notice.reason) ? notice.reason : `${notice.reason}.`;
  return notice.roomOnly
    ? `The equipment for your examination is out of service on ${day}: ${reason}`
    : `The clinic is closed on ${day}: ${reason}`;
}

/**
 * The patient's e-mail: why the day is off, what it means for their
 * appointment (a confirmed time is no longer held; a request waits for a new
 * date), and the private link to choose another date. Nothing the patient
 * typed but a first name that looks like one; the reason is the clinic's own.
 */
export function closureMail(config: MailConfig, notice: ClosureNotice): OutgoingMail {
  const clinic = config.clinic;
  const service = serviceTitle(notice.serviceName);
  const day = formatLongDate(notice.date);
  const what = notice.time
    ? `Your appointment for ${service} on ${day} at ${notice.time} cannot go ahead, so that time is no longer held for you.`
    : `Your request for ${service} on ${day} cannot go ahead on that day.`;
  const text = [
    `${greeting(notice.name)},`,
    "",
    closureSentence(notice),
    what,
    `Reference: ${notice.reference}`,
    "",
    "Please choose another date through your private link below. The clinic will then confirm a time with you.",
    ...privateLinkLines(notice.manageUrl),
    "",
    `Or call ${contactWays(clinic)}, quoting your reference.`,
    "",
    "We are sorry for the trouble.",
    "",
    clinic.name,
  ].join("\n");
  return {
    to: notice.email,
    about: notice.reference,
    subject: `Please choose another date: ${service} on ${day}`,
    text,
  };
}
