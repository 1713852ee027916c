import { NOTICE_HOURS } from "../../domain/booking-policy";
import { LINK_NOT_VALID, MANAGE_PER_MINUTE, PATIENT_MESSAGES, PATIENT_STATUS_WORDS } from "../../domain/patient-link";
import { CANCEL_REASON_MAX, isActiveStatus } from "../../domain/statuses";
import { serviceGuidance, serviceTitle } from "../../domain/catalogue";
import {
  parseSafetyForm,
  readSafetyAnswers,
  SAFETY_MESSAGES,
  safetyQuestionsFor,
  type SafetyAnswers,
  type SafetyQuestion,
} from "../../domain/safety-questions";
import { clinicInstant, clinicToday, parseDateInput, type BookingCalendar } from "../../domain/dates";
import { DATE_MESSAGES } from "../../domain/validation/appointment-dates";
import type { AppointmentStatus } from "../../domain/statuses";
import { bookingCalendarNow, requestAnswerBy } from "../closures/closed-dates";
import type { Config } from "../config";
import type { Db } from "../db/index";
import { enqueueMail } from "../mail/queue";
import { clinicPatientChangeMail } from "./mails";
import { RATE_LIMIT_MESSAGE } from "../requests/http";
import { clientDigest, countHit } from "../requests/rate-limit-store";
import { CROSS_SITE_MESSAGE, isCrossSite } from "../requests/same-origin";
import { appointmentRepository, type AppointmentRow } from "./appointment-repository";
import { appointmentDate, findByManageToken, issueManageLink } from "./manage-links";
import { patientChangeMail, type PatientChange } from "./patient-change-mail";
import { bookingDateProblemNow } from "./validate";

/**
 * What a patient does through their private link (`/appointment/<token>`):
 * see the appointment, cancel it, or ask for another date. The page
 * (app/routes/appointment.tsx) calls these through its load context; every
 * answer has the HTTP status the page is sent with. A wrong, altered or
 * expired link gets the same 404 as an unknown one; each address may open
 * links MANAGE_PER_MINUTE times a minute.
 */

/** The appointment as the patient's page shows it: no identity details beyond the reference. */
export interface ManageView {
  reference: string;
  service: string;
  status: AppointmentStatus;
  statusWords: string;
  /**
   * Requested: the day by whose end the clinic answers (the first open day
   * after the request was made or last changed, as the console counts it),
   * while that day is still ahead; else undefined ("within one working day").
   */
  answerBy?: string;
  requestedDate: string;
  confirmedDate: string | null;
  confirmedTime: string | null;
  preparation: readonly string[];
  canCancel: boolean;
  /** Cancelling now is within NOTICE_HOURS of the confirmed time: the page says a fee may apply. */
  lateCancel: boolean;
  canChange: boolean;
  /** Confirmed and within NOTICE_HOURS: the page says to phone instead. */
  changeByPhone: boolean;
  /** The booking window and the days the clinic is closed in it: the change form offers the open ones. */
  calendar: BookingCalendar;
  /** Sent back with each post: a post made against an older state of the appointment is refused. */
  version: string;
  /** The pre-exam safety questions and the answers saved so far (health data: this page only). */
  safety: {
    questions: readonly SafetyQuestion[];
    answers: SafetyAnswers;
    savedAt: string | null;
    /** Open, and the visit has not begun: answers may still change. */
    canAnswer: boolean;
  };
}

export type ManageAnswer =
  | { status: 404 | 429 | 403; failure: string }
  | {
      status: number;
      view: ManageView;
      done?: keyof typeof PATIENT_MESSAGES;
      failure?: string;
      /** By field name: date, reason, or a safety answer's field. */
      errors?: Record<string, string>;
      values?: { date?: string; reason?: string };
    };

type LinkConfig = Pick<Config, "bookingHorizonDays" | "closedDates" | "publicBaseUrl" | "clinic" | "rateLimit">;

const withinNotice = (appt: AppointmentRow, now: Date) =>
  appt.status === "confirmed" &&
  appt.confirmed_date !== null &&
  appt.confirmed_time !== null &&
  clinicInstant(appt.confirmed_date, appt.confirmed_time).getTime() - now.getTime() < NOTICE_HOURS * 3600_000;

/** Until the confirmed time, or until the end of the requested day. */
const beforeVisit = (appt: AppointmentRow, now: Date) =>
  appt.status === "confirmed" && appt.confirmed_date && appt.confirmed_time
    ? now.getTime() < clinicInstant(appt.confirmed_date, appt.confirmed_time).getTime()
    : appt.status === "requested" && clinicToday(now) <= appt.requested_date;

/** What a view needs from the database besides the row: the booking calendar, and for a request the day it is answered by. */
interface ViewDays {
  calendar: BookingCalendar;
  answerBy?: string;
}

function viewOf(appt: AppointmentRow, config: LinkConfig, now: Date, days: ViewDays): ManageView {
  const late = withinNotice(appt, now);
  const open = isActiveStatus(appt.status);
  const today = clinicToday(now);
  const answerBy = appt.status === "requested" ? days.answerBy : undefined;
  return {
    reference: appt.reference,
    service: serviceTitle(appt.service_name),
    status: appt.status,
    statusWords: PATIENT_STATUS_WORDS[appt.status],
    answerBy: answerBy && answerBy >= today ? answerBy : undefined,
    requestedDate: appt.requested_date,
    confirmedDate: appt.confirmed_date,
    confirmedTime: appt.confirmed_time,
    preparation: serviceGuidance(appt.service_name).notes,
    canCancel: open,
    lateCancel: late,
    canChange: open && !late,
    changeByPhone: late,
    calendar: days.calendar,
    version: appt.updated_at,
    safety: {
      questions: safetyQuestionsFor(appt.service_name),
      answers: readSafetyAnswers(appt.safety_answers) ?? {},
      savedAt: appt.safety_saved_at,
      canAnswer: beforeVisit(appt, now),
    },
  };
}

export function patientLinks({ config, db }: { config: LinkConfig; db: Db }) {
  const appointments = appointmentRepository(db);

  /** 429 past the per-address limit, else null. */
  async function limited(clientIp: string): Promise<ManageAnswer | null> {
    if (!config.rateLimit.enabled) return null;
    const { current } = await countHit(db, `manage|${clientDigest(clientIp)}`, 60_000);
    return current > MANAGE_PER_MINUTE ? { status: 429, failure: RATE_LIMIT_MESSAGE } : null;
  }

  /**
   * The booking calendar as it stands now (the change form's open and closed
   * days) and, for a request, the day by whose end the clinic answers it:
   * reckoned from when it was made or last changed (`updated_at`: staff touch
   * a row only to change its status), as the booking's confirmation does.
   */
  async function daysFor(appt: AppointmentRow, now: Date): Promise<ViewDays> {
    const calendar = await bookingCalendarNow(db, config, now);
    if (appt.status !== "requested") return { calendar };
    return { calendar, answerBy: await requestAnswerBy(db, config, new Date(appt.updated_at)) };
  }

  const notValid: ManageAnswer = { status: 404, failure: LINK_NOT_VALID };

  /**
   * GET: the appointment behind a link. `counted`: this request was already
   * counted against the limit (the page's loader runs again after its
   * action, in the same request).
   */
  async function open(token: string, clientIp: string, counted = false, now = new Date()): Promise<ManageAnswer> {
    const refused = counted ? null : await limited(clientIp);
    if (refused) return refused;
    const appt = await findByManageToken(db, token, now);
    return appt ? { status: 200, view: viewOf(appt, config, now, await daysFor(appt, now)) } : notValid;
  }

  /**
   * The safety answers: stored while the visit is still ahead, or refused
   * whole with the errors by field (nothing saved). No version check: the
   * answers are the patient's own, and the last save wins.
   */
  async function saveSafety(
    appt: AppointmentRow,
    view: ManageView,
    field: (name: string) => string,
    now: Date,
    days: ViewDays,
  ): Promise<ManageAnswer> {
    if (!view.safety.canAnswer) return { status: 409, view, failure: SAFETY_MESSAGES.closed };
    const { answers, errors } = parseSafetyForm(view.safety.questions, field);
    if (Object.keys(errors).length) {
      const shown = { ...view, safety: { ...view.safety, answers } };
      return { status: 400, view: shown, failure: SAFETY_MESSAGES.invalid, errors };
    }
    const stored = { safety_answers: JSON.stringify(answers), safety_saved_at: now.toISOString() };
    const saved = await appointments.saveSafetyAnswers(
      appt.id,
      appt.status,
      stored.safety_answers,
      stored.safety_saved_at,
    );
    // Saved: the row is the one read, with these answers. Refused: it changed meanwhile, so read it again.
    if (saved) return { status: 200, view: viewOf({ ...appt, ...stored }, config, now, days), done: "saved" };
    const current = (await appointments.findById(appt.id)) ?? appt;
    const failure = current.status === "cancelled" ? PATIENT_MESSAGES.alreadyCancelled : SAFETY_MESSAGES.closed;
    return { status: 409, view: viewOf(current, config, now, await daysFor(current, now)), failure };
  }

  /**
   * POST: `intent` cancel (with an optional `reason`), change (with `date`)
   * or safety (the answers), and the `version` the page showed. A change the status forbids, a bad date,
   * a second post or a post against an older state changes nothing and gets
   * a 4xx with the page's message; any post to a cancelled appointment says
   * it is already cancelled. A change or cancellation queues two e-mails:
   * the clinic's (the reference only) and the patient's own record of it.
   */
  async function act(request: Request, token: string, clientIp: string, now = new Date()): Promise<ManageAnswer> {
    if (isCrossSite(config, (name) => request.headers.get(name) ?? undefined)) {
      return { status: 403, failure: CROSS_SITE_MESSAGE };
    }
    const refused = await limited(clientIp);
    if (refused) return refused;
    const appt = await findByManageToken(db, token, now);
    if (!appt) return notValid;
    const days = await daysFor(appt, now);
    const view = viewOf(appt, config, now, days);
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      return { status: 400, view, failure: PATIENT_MESSAGES.unknownAction };
    }
    const field = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" ? value.trim() : "";
    };
    const intent = field("intent");
    // Posted again from a page opened before the cancellation (another tab, the back button).
    if (appt.status === "cancelled") return { status: 409, view, failure: PATIENT_MESSAGES.alreadyCancelled };
    if (intent === "safety") return saveSafety(appt, view, field, now, days);
    const values = { date: field("date"), reason: field("reason") };
    const refuse = (status: number, failure: string, errors?: Record<string, string>) =>
      ({ status, view, failure, errors, values }) satisfies ManageAnswer;

    if (intent !== "cancel" && intent !== "change") return refuse(400, PATIENT_MESSAGES.unknownAction);
    if (field("version") !== appt.updated_at) return refuse(409, PATIENT_MESSAGES.stale);

    let change: { to: AppointmentStatus; note: string; set: Partial<AppointmentRow>; mail: PatientChange };
    if (intent === "cancel") {
      if (!view.canCancel) return refuse(409, PATIENT_MESSAGES.cannotCancel);
      if (values.reason.length > CANCEL_REASON_MAX) {
        return refuse(400, PATIENT_MESSAGES.reasonTooLong, { reason: PATIENT_MESSAGES.reasonTooLong });
      }
      change = {
        to: "cancelled",
        note: values.reason ? `Cancelled by the patient: ${values.reason}` : "Cancelled by the patient",
        set: { status: "cancelled", cancel_reason: values.reason || "Cancelled by the patient" },
        mail: { kind: "cancelled", date: appointmentDate(appt), time: appt.confirmed_time },
      };
    } else {
      if (view.changeByPhone) return refuse(409, PATIENT_MESSAGES.tooLate);
      if (!view.canChange) return refuse(409, PATIENT_MESSAGES.cannotChange);
      if (!values.date) return refuse(400, PATIENT_MESSAGES.chooseDate, { date: PATIENT_MESSAGES.chooseDate });
      // The form sends YYYY-MM-DD; a hand-made post may send what was typed.
      const date = parseDateInput(values.date);
      const problem = date ? await bookingDateProblemNow(db, config, date, now) : DATE_MESSAGES.format;
      if (!date || problem)
        return refuse(400, problem ?? DATE_MESSAGES.format, { date: problem ?? DATE_MESSAGES.format });
      values.date = date;
      if (appt.status === "requested" && values.date === appt.requested_date) {
        return refuse(400, PATIENT_MESSAGES.sameDate, { date: PATIENT_MESSAGES.sameDate });
      }
      const old = appointmentDate(appt);
      const oldText = appt.status === "confirmed" ? `${old} ${appt.confirmed_time}` : old;
      change = {
        to: "requested",
        note: `Date changed by the patient from ${oldText} to ${values.date}`,
        set: { status: "requested", requested_date: values.date, confirmed_date: null, confirmed_time: null },
        mail: {
          kind: "changed",
          from: old,
          fromTime: appt.status === "confirmed" ? appt.confirmed_time : null,
          to: values.date,
          answerBy: await requestAnswerBy(db, config, now),
        },
      };
    }

    const stamp = now.toISOString();
    const changed = await db.transaction().execute(async (trx) => {
      // Compare and set on the state the page showed: of two posts, one changes the row.
      const done = await appointments.updateIf(
        appt.id,
        { status: appt.status, updatedAt: appt.updated_at },
        { ...change.set, updated_at: stamp },
        trx,
      );
      if (!done) return false;
      await appointments.recordStatusChange(
        {
          appointment_id: appt.id,
          from_status: appt.status,
          to_status: change.to,
          note: change.note,
          staff_id: null,
          created_at: stamp,
        },
        trx,
      );
      const what = intent === "cancel" ? "cancelled" : "changed the date of";
      await enqueueMail(trx, clinicPatientChangeMail({ id: appt.id, reference: appt.reference, what }, config), now);
      const manageUrl = await issueManageLink(db, config, appt.id, now, trx);
      const own = { reference: appt.reference, name: appt.name, email: appt.email, change: change.mail, at: stamp };
      await enqueueMail(trx, patientChangeMail({ ...own, manageUrl }, config), now);
      return true;
    });
    const current = (await appointments.findById(appt.id)) ?? appt;
    const shown = viewOf(current, config, now, await daysFor(current, now));
    if (!changed) {
      const failure = current.status === "cancelled" ? PATIENT_MESSAGES.alreadyCancelled : PATIENT_MESSAGES.stale;
      return { status: 409, view: shown, failure };
    }
    return { status: 200, view: shown, done: intent === "cancel" ? "cancelled" : "changed" };
  }

  return { open, act };
}

export type PatientLinks = ReturnType<typeof patientLinks>;
