import type { AppointmentStatus } from "../../../domain/statuses";
import type { ClosedDay } from "../closed-day";
import type { BookingCalendar } from "../../../domain/opening-days";
import type { ContactChoice } from "../../../domain/contact-preference";
import type { SafetyAnswers, SafetyQuestion } from "../../../domain/safety-questions";
import type { MoveTimes } from "./move-time";

/**
 * What the private link's core (./manage.ts) shows and takes: the appointment as
 * the patient's page shows it, what a patient posts, and the outcome (decision 031).
 */

/** The appointment as the patient's page shows it: no identity details beyond the reference. */
export interface ManageView {
  reference: string;
  service: string;
  /** The examination staff chose within the service, in the page's language; undefined until one is chosen. */
  examination?: string;
  status: AppointmentStatus;
  statusWords: string;
  /** Whether the patient booked this time online (decision 063). */
  bookedOnline: boolean;
  /** Not prepared (decision 070): the booking page for the same service, where the patient books a new time. */
  newTimePath?: string;
  /**
   * Requested: the day by whose end the clinic answers (the first open day
   * after the request was made or last changed, as the console counts it),
   * while that day is still ahead; else undefined ("within one working day").
   */
  answerBy?: string;
  requestedDate: string;
  confirmedDate: string | null;
  confirmedTime: string | null;
  /** The day cannot go ahead (a closure of the clinic or of the equipment): the page leads with it (decision 044). */
  closedDay?: ClosedDay;
  /** How to prepare: the chosen examination's own preparation, else the service's (appointmentGuidance). */
  preparation: readonly string[];
  /** A confirmed time's preparation at clock times, Gaborone time ("Do not eat after 03:30."); empty without one. */
  clock: readonly string[];
  /** Whether the patient may say they are coming (the reminder's link), and whether they did (decision 069). */
  coming: { canConfirm: boolean; confirmed: boolean };
  canCancel: boolean;
  /** Cancelling now is within NOTICE_HOURS of the confirmed time: the page says a fee may apply. */
  lateCancel: boolean;
  canChange: boolean;
  /** Confirmed and within NOTICE_HOURS: the page says to phone instead. */
  changeByPhone: boolean;
  /**
   * A time booked online, still ahead of the notice: the other free times it may move to
   * (decision 067), offered a day then a time; undefined otherwise.
   */
  move?: MoveTimes;
  /**
   * A time booked online the patient may still move: whether they are on the list for an earlier
   * time (decision 070); undefined when they cannot ask (and are not on it).
   */
  earlier?: { onList: boolean };
  /** The booking window and the days the clinic is closed in it: the change form offers the open ones. */
  calendar: BookingCalendar;
  /** Sent back with each post: a post made against an older state of the appointment is refused. */
  version: string;
  /**
   * How the patient hears about this appointment besides e-mail: their choice (null: none made),
   * whether the number is a mobile, and whether WhatsApp is set up (else a WhatsApp choice goes as SMS).
   */
  contact: ContactChoice;
  /** The pre-exam safety questions and the answers saved so far (health data: this page only). */
  safety: {
    questions: readonly SafetyQuestion[];
    answers: SafetyAnswers;
    savedAt: string | null;
    /** Open, and the visit has not begun: answers may still change. */
    canAnswer: boolean;
  };
}

/** The date (and a time to move to) and reason as posted, to fill the forms again after a refusal. */
export interface PatientValues {
  date?: string;
  time?: string;
  reason?: string;
}

/**
 * What a patient posts, read from the page's form: cancel (with an optional
 * reason), move to another date (as posted: the form sends YYYY-MM-DD, a
 * hand-made post may send what was typed), or the safety answers (every
 * posted field by name); `version`, the state the page showed. Anything else
 * is unknown.
 */
export type PatientIntent =
  | { kind: "cancel"; version: string; reason: string }
  | { kind: "move"; version: string; date: string }
  | { kind: "move-time"; version: string; date: string; time: string }
  | { kind: "safety"; answers: Readonly<Record<string, string>> }
  | { kind: "contact"; preference: string }
  | { kind: "coming" }
  | { kind: "earlier"; wanted: boolean }
  | { kind: "unknown" };

/**
 * What the core gives (decision 031): the link leads nowhere; the
 * appointment shown; a move done (the appointment as it now stands);
 * refused, because the appointment's state does not allow it (cancelled,
 * changed meanwhile, too late); or invalid, because of what was sent (the
 * errors by field: date, reason, or a safety answer's field). A refusal
 * carries the values to fill the forms again.
 */
export type LinkOutcome =
  | { kind: "not-found" }
  | { kind: "shown"; view: ManageView }
  | {
      kind: "done";
      view: ManageView;
      done: "cancelled" | "changed" | "moved" | "saved" | "contact" | "coming" | "earlierOn" | "earlierOff";
    }
  | { kind: "refused"; view: ManageView; failure: string; values?: PatientValues; taken?: TakenMeanwhile }
  | { kind: "invalid"; view: ManageView; failure: string; errors?: Record<string, string>; values?: PatientValues };

/** A time taken meanwhile (decision 067): the one asked for, and the nearest free times. */
export interface TakenMeanwhile {
  date: string;
  time: string;
  alternatives: { date: string; time: string }[];
}
