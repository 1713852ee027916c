import { NOTICE_HOURS } from "../../domain/booking-policy";
import {
  LINK_NOT_VALID,
  MANAGE_PER_MINUTE,
  PATIENT_MESSAGES,
  PATIENT_STATUS_WORDS,
  REASON_MAX,
} from "../../domain/patient-link";
import { serviceGuidance, serviceTitle } from "../../domain/catalogue";
import {
  parseSafetyForm,
  readSafetyAnswers,
  SAFETY_MESSAGES,
  safetyQuestionsFor,
  type SafetyAnswers,
  type SafetyQuestion,
} from "../../domain/safety-questions";
import { addDays, clinicInstant, clinicToday, parseDateInput } from "../../domain/dates";
import { DATE_MESSAGES } from "../../domain/validation/appointment-dates";
import type { AppointmentStatus } from "../../domain/statuses";
import type { Config } from "../config";
import type { Db } from "../db/index";
import { enqueueMail } from "../mail/queue";
import { clinicPatientChangeMail } from "../mail/templates";
import { RATE_LIMIT_MESSAGE } from "../requests/http";
import { clientDigest, countHit } from "../requests/rate-limit-store";
import { CROSS_SITE_MESSAGE, isCrossSite } from "../requests/same-origin";
import { appointmentRepository, type AppointmentRow } from "./appointment-repository";
import { appointmentDate, findByManageToken } from "./manage-links";
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
  /** The dates the change form offers (the booking window). */
  firstDate: string;
  lastDate: string;
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
      /** The answer is to the safety questions' form: the page shows its outcome beside them. */
      about?: "safety";
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

function viewOf(appt: AppointmentRow, config: LinkConfig, now: Date): ManageView {
  const late = withinNotice(appt, now);
  const open = appt.status === "requested" || appt.status === "confirmed";
  const today = clinicToday(now);
  return {
    reference: appt.reference,
    service: serviceTitle(appt.service_name),
    status: appt.status,
    statusWords: PATIENT_STATUS_WORDS[appt.status],
    requestedDate: appt.requested_date,
    confirmedDate: appt.confirmed_date,
    confirmedTime: appt.confirmed_time,
    preparation: serviceGuidance(appt.service_name).notes,
    canCancel: open,
    lateCancel: late,
    canChange: open && !late,
    changeByPhone: late,
    firstDate: today,
    lastDate: addDays(today, config.bookingHorizonDays),
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
    return appt ? { status: 200, view: viewOf(appt, config, now) } : notValid;
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
  ): Promise<ManageAnswer> {
    const about = "safety" as const;
    if (!view.safety.canAnswer) return { status: 409, view, about, failure: SAFETY_MESSAGES.closed };
    const { answers, errors } = parseSafetyForm(view.safety.questions, field);
    if (Object.keys(errors).length) {
      const shown = { ...view, safety: { ...view.safety, answers } };
      return { status: 400, view: shown, about, failure: SAFETY_MESSAGES.invalid, errors };
    }
    const stored = { safety_answers: JSON.stringify(answers), safety_saved_at: now.toISOString() };
    const saved = await appointments.saveSafetyAnswers(
      appt.id,
      appt.status,
      stored.safety_answers,
      stored.safety_saved_at,
    );
    // Saved: the row is the one read, with these answers. Refused: it changed meanwhile, so read it again.
    if (saved) return { status: 200, view: viewOf({ ...appt, ...stored }, config, now), about, done: "saved" };
    const current = (await appointments.findById(appt.id)) ?? appt;
    return { status: 409, view: viewOf(current, config, now), about, failure: SAFETY_MESSAGES.closed };
  }

  /**
   * POST: `intent` cancel (with an optional `reason`), change (with `date`)
   * or safety (the answers), and the `version` the page showed. A change the status forbids, a bad date,
   * a second post or a post against an older state changes nothing and gets
   * a 4xx with the page's message.
   */
  async function act(request: Request, token: string, clientIp: string, now = new Date()): Promise<ManageAnswer> {
    if (isCrossSite(config, (name) => request.headers.get(name) ?? undefined)) {
      return { status: 403, failure: CROSS_SITE_MESSAGE };
    }
    const refused = await limited(clientIp);
    if (refused) return refused;
    const appt = await findByManageToken(db, token, now);
    if (!appt) return notValid;
    const view = viewOf(appt, config, now);
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
    if (intent === "safety") return saveSafety(appt, view, field, now);
    const values = { date: field("date"), reason: field("reason") };
    const refuse = (status: number, failure: string, errors?: Record<string, string>) =>
      ({ status, view, failure, errors, values }) satisfies ManageAnswer;

    if (intent !== "cancel" && intent !== "change") return refuse(400, PATIENT_MESSAGES.unknownAction);
    if (field("version") !== appt.updated_at) return refuse(409, PATIENT_MESSAGES.stale);

    let change: { to: AppointmentStatus; note: string; set: Partial<AppointmentRow> };
    if (intent === "cancel") {
      if (!view.canCancel) return refuse(409, PATIENT_MESSAGES.cannotCancel);
      if (values.reason.length > REASON_MAX) {
        return refuse(400, PATIENT_MESSAGES.reasonTooLong, { reason: PATIENT_MESSAGES.reasonTooLong });
      }
      change = {
        to: "cancelled",
        note: values.reason ? `Cancelled by the patient: ${values.reason}` : "Cancelled by the patient",
        set: { status: "cancelled", cancel_reason: values.reason || "Cancelled by the patient" },
      };
    } else {
      if (view.changeByPhone) return refuse(409, PATIENT_MESSAGES.tooLate);
      if (!view.canChange) return refuse(409, PATIENT_MESSAGES.cannotChange);
      // The browser's date field sends YYYY-MM-DD; a browser without one sends what was typed.
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
      return true;
    });
    const current = (await appointments.findById(appt.id)) ?? appt;
    if (!changed) return { status: 409, view: viewOf(current, config, now), failure: PATIENT_MESSAGES.stale };
    return { status: 200, view: viewOf(current, config, now), done: intent === "cancel" ? "cancelled" : "changed" };
  }

  return { open, act };
}

export type PatientLinks = ReturnType<typeof patientLinks>;
