import { BASE_LOCALE, type Locale } from "../../../domain/locale";
import { patientLinkWords } from "../../../domain/patient-link";
import { contactPreferenceWords, safetyWords } from "../../../domain/patient-words";
import { bookingDateProblem, dateMessages } from "../../../domain/validation/appointment-dates";
import { CANCEL_REASON_MAX, patientMoveTo, type PatientMove } from "../../../domain/statuses";
import { appointmentGuidance, serviceTitle } from "../../../domain/catalogue";
import { parseSafetyForm, readSafetyAnswers, safetyQuestionsFor } from "../../../domain/safety-questions";
import { clinicInstant, clinicToday, parseDateInput } from "../../../domain/dates";
import { bookingCalendar, type BookingCalendar } from "../../../domain/opening-days";
import type { AppointmentStatus } from "../../../domain/statuses";
import { bookingWindowNow, requestAnswerBy } from "../../closures/closed-dates";
import type { Config } from "../../base/config";
import type { Db } from "../../db/index";
import { enqueueMail } from "../../mail/queue";
import { clinicPatientChangeMail, patientChangeMail, type PatientChange, textPatient } from "../notices/index";
import { appointmentRepository, type AppointmentRow } from "../appointment-repository";
import { appointmentDate, findByManageToken, issueManageLink } from "../manage-links";
import { recordFreedTime, setEarlierWanted } from "../freed-times";
import { closedDayOf, type ClosedDay } from "../closed-day";
import { contactChoiceOf, setContactPreference } from "../../texts/index";
import { isContactPreference } from "../../../domain/contact-preference";
import { bookedWords } from "../../../domain/booking-rules";
import { bookingPath } from "../../../domain/paths";
import {
  moveRequest,
  moveRuleOf,
  moveTime,
  moveTimesFor,
  moveWords,
  withinNotice,
  type AskedDay,
  type MoveTimes,
} from "./move-time";
import type { LinkOutcome, ManageView, PatientIntent, PatientValues } from "./link-view";

export type { LinkOutcome, ManageView, PatientIntent, PatientValues, TakenMeanwhile } from "./link-view";
import { preparationAt } from "../../../domain/preparation";
import { comingOf, confirmComing } from "./coming";

/**
 * What a patient does through their private link (`/appointment/<token>`):
 * see the appointment, cancel it, ask for another date, or answer the safety
 * questions. The core of the page's loader and action: it takes the link's
 * token and an intent already read from the form, and gives a typed outcome
 * (decision 031); the page's adapter (server/appointments/private-link/manage-page.ts)
 * checks the origin and the rate, reads the form and maps the outcome to
 * HTTP. A wrong, altered or expired link is not found, like an unknown one.
 * The status a move leads to, and whether the status allows it, come from
 * APPOINTMENT_TRANSITIONS (domain/statuses.ts). The page's words (the status, and
 * every outcome's message) are in the page's language, `locale` (decision
 * 037); the e-mail and text a change sends are in the patient's
 * (appointments.language).
 */

type LinkConfig = Pick<Config, "bookingHorizonDays" | "closedDates" | "publicBaseUrl" | "clinic" | "texts">;

/** Until the confirmed time, or until the end of the requested day. */
const beforeVisit = (appt: AppointmentRow, now: Date) =>
  appt.status === "confirmed" && appt.confirmed_date && appt.confirmed_time
    ? now.getTime() < clinicInstant(appt.confirmed_date, appt.confirmed_time).getTime()
    : appt.status === "requested" && clinicToday(now) <= appt.requested_date;

/**
 * What a view needs besides the row: the booking calendar (and the reasons
 * for its closures, for a refused date), for a request the day it is
 * answered by, and the page's language.
 */
interface ViewDays {
  calendar: BookingCalendar;
  closureReasons: Readonly<Record<string, string>>;
  answerBy?: string;
  closedDay?: ClosedDay;
  locale: Locale;
  move?: MoveTimes;
}

function viewOf(appt: AppointmentRow, config: LinkConfig, now: Date, days: ViewDays): ManageView {
  const late = withinNotice(appt, now);
  const allows = (move: PatientMove) => patientMoveTo(appt.status, move) !== undefined;
  const today = clinicToday(now);
  const answerBy = appt.status === "requested" ? days.answerBy : undefined;
  const guidance = appointmentGuidance(appt.service_name, appt.examination, days.locale);
  return {
    reference: appt.reference,
    service: serviceTitle(appt.service_name, days.locale),
    examination: guidance.examination,
    status: appt.status,
    // A time the patient booked online says so, with its day and time (decision 063).
    statusWords:
      appt.status === "confirmed" && appt.booked_online === 1 && appt.confirmed_date && appt.confirmed_time
        ? bookedWords(appt.confirmed_date, appt.confirmed_time, days.locale)
        : patientLinkWords(days.locale).statusWords[appt.status],
    bookedOnline: appt.booked_online === 1,
    newTimePath: appt.status === "not_prepared" ? bookingPath(appt.service_name) : undefined,
    answerBy: answerBy && answerBy >= today ? answerBy : undefined,
    requestedDate: appt.requested_date,
    confirmedDate: appt.confirmed_date,
    confirmedTime: appt.confirmed_time,
    closedDay: days.closedDay,
    preparation: guidance.notes,
    clock:
      appt.status === "confirmed" && appt.confirmed_date && appt.confirmed_time
        ? preparationAt(guidance.rules, appt.confirmed_date, appt.confirmed_time, days.locale)
        : [],
    coming: comingOf(appt, now),
    canCancel: allows("cancel"),
    lateCancel: late,
    canChange: allows("changeDate") && !late,
    changeByPhone: late,
    move: days.move,
    // Asking for an earlier time (decision 070): while the time may still be moved; leaving, always.
    earlier:
      appt.status === "confirmed" && ((days.move && !days.closedDay) || appt.earlier_wanted_at !== null)
        ? { onList: appt.earlier_wanted_at !== null }
        : undefined,
    calendar: days.calendar,
    version: appt.updated_at,
    contact: contactChoiceOf(config, appt),
    safety: {
      questions: safetyQuestionsFor(appt.service_name),
      answers: readSafetyAnswers(appt.safety_answers) ?? {},
      savedAt: appt.safety_saved_at,
      canAnswer: beforeVisit(appt, now),
    },
  };
}

/** What the private link's core works with: the settings it reads and the database. */
export interface LinkDeps {
  config: LinkConfig;
  db: Db;
}

/**
 * The booking calendar as it stands now (the change form's open and closed
 * days) and, for a request, the day by whose end the clinic answers it:
 * reckoned from when it was made or last changed (`updated_at`: staff touch
 * a row only to change its status), as the booking's confirmation does.
 */
async function daysFor(
  { config, db }: LinkDeps,
  appt: AppointmentRow,
  now: Date,
  locale: Locale,
  asked: AskedDay = {},
): Promise<ViewDays> {
  const rules = await bookingWindowNow(db, config, now);
  const calendar = bookingCalendar(now, rules.bookingHorizonDays, rules.closedDates);
  const closedDay = await closedDayOf(db, config, appt, clinicToday(now));
  // A time booked online: the free times it may move to, for the day asked (?day=, ?from=).
  const movable = closedDay ? undefined : moveRuleOf(appt, withinNotice(appt, now));
  const move = movable ? await moveTimesFor(db, config, appt, movable, asked, now) : undefined;
  const days = { calendar, closureReasons: rules.closureReasons ?? {}, closedDay, locale, move };
  if (appt.status !== "requested") return days;
  return { ...days, answerBy: await requestAnswerBy(db, config, new Date(appt.updated_at)) };
}

/** The appointment behind a link, as the page shows it in `locale`, with the move section's day asked for. */
export async function openLink(
  deps: LinkDeps,
  token: string,
  now: Date,
  locale: Locale = BASE_LOCALE,
  asked: AskedDay = {},
): Promise<LinkOutcome> {
  const appt = await findByManageToken(deps.db, token, now);
  return appt
    ? { kind: "shown", view: viewOf(appt, deps.config, now, await daysFor(deps, appt, now, locale, asked)) }
    : { kind: "not-found" };
}

/**
 * Moves a time booked online to another free time (decision 067, ./move-time.ts):
 * refused while the notice forbids it (the page says to phone) or against an older
 * state; a time taken meanwhile leaves the appointment as it was, with the nearest
 * free times; the view afterwards shows the day asked for.
 */
async function moveTo(
  deps: LinkDeps,
  appt: AppointmentRow,
  intent: Extract<PatientIntent, { kind: "move-time" }>,
  view: ManageView,
  now: Date,
  locale: Locale,
): Promise<LinkOutcome> {
  const PATIENT_MESSAGES = patientLinkWords(locale).messages;
  const words = moveWords(locale);
  const values: PatientValues = { date: intent.date, time: intent.time };
  const movable = moveRuleOf(appt, withinNotice(appt, now));
  if (!movable)
    return {
      kind: "refused",
      view,
      failure: view.changeByPhone ? PATIENT_MESSAGES.tooLate : PATIENT_MESSAGES.cannotChange,
      values,
    };
  if (intent.version !== appt.updated_at) return { kind: "refused", view, failure: PATIENT_MESSAGES.stale, values };
  const problem = moveRequest(appt, intent, words);
  if (problem) return { kind: "invalid", view, failure: problem, errors: { appointmentTime: problem }, values };
  const result = await moveTime(deps.db, deps.config, appt, movable, intent, now);
  const current = (await appointmentRepository(deps.db).findById(appt.id)) ?? appt;
  const asked = { day: result.kind === "moved" ? (current.confirmed_date ?? undefined) : intent.date };
  const shown = viewOf(current, deps.config, now, await daysFor(deps, current, now, locale, asked));
  switch (result.kind) {
    case "moved":
      return { kind: "done", view: shown, done: "moved" };
    case "stale":
    case "gone":
      return {
        kind: "refused",
        view: shown,
        failure: current.status === "cancelled" ? PATIENT_MESSAGES.alreadyCancelled : PATIENT_MESSAGES.stale,
      };
    case "not-offered":
      return {
        kind: "invalid",
        view: shown,
        failure: words.notOffered,
        errors: { appointmentTime: words.notOffered },
        values,
      };
    case "taken": {
      const taken = { date: intent.date, time: intent.time, alternatives: result.alternatives };
      return { kind: "refused", view: shown, failure: words.taken, values, taken };
    }
  }
}

/**
 * The safety answers: stored while the visit is still ahead, or refused
 * whole with the errors by field (nothing saved). No version check: the
 * answers are the patient's own, and the last save wins.
 */
async function saveSafety(
  deps: LinkDeps,
  appt: AppointmentRow,
  view: ManageView,
  posted: Readonly<Record<string, string>>,
  now: Date,
  days: ViewDays,
): Promise<LinkOutcome> {
  const { config, db } = deps;
  const appointments = appointmentRepository(db);
  const words = safetyWords(days.locale);
  if (!view.safety.canAnswer) return { kind: "refused", view, failure: words.messages.closed };
  const parsed = parseSafetyForm(view.safety.questions, (name) => posted[name] ?? "");
  const { answers } = parsed;
  const errors = Object.fromEntries(Object.entries(parsed.errors).map(([name, text]) => [name, words.message(text)]));
  if (Object.keys(errors).length) {
    const shown = { ...view, safety: { ...view.safety, answers } };
    return { kind: "invalid", view: shown, failure: words.messages.invalid, errors };
  }
  const stored = { safety_answers: JSON.stringify(answers), safety_saved_at: now.toISOString() };
  const saved = await appointments.saveSafetyAnswers(
    appt.id,
    appt.status,
    stored.safety_answers,
    stored.safety_saved_at,
  );
  // Saved: the row is the one read, with these answers. Refused: it changed meanwhile, so read it again.
  if (saved) return { kind: "done", view: viewOf({ ...appt, ...stored }, config, now, days), done: "saved" };
  const current = (await appointments.findById(appt.id)) ?? appt;
  const failure =
    current.status === "cancelled" ? patientLinkWords(days.locale).messages.alreadyCancelled : words.messages.closed;
  return {
    kind: "refused",
    view: viewOf(current, config, now, await daysFor(deps, current, now, days.locale)),
    failure,
  };
}

/**
 * The patient's channel besides e-mail (decision 030): any of the choices,
 * at any time before the appointment is cancelled; "e-mail only" also stops
 * the texts still waiting to go. No version check: the choice is the
 * patient's own, and it changes nothing about the appointment itself.
 */
async function chooseContact(
  { config, db }: LinkDeps,
  appt: AppointmentRow,
  posted: string,
  now: Date,
  days: ViewDays,
): Promise<LinkOutcome> {
  const view = viewOf(appt, config, now, days);
  if (!isContactPreference(posted)) {
    const message = contactPreferenceWords(days.locale).message;
    return { kind: "invalid", view, failure: message, errors: { contactPreference: message } };
  }
  await setContactPreference(appt.reference, posted, now, db);
  return { kind: "done", view: viewOf({ ...appt, contact_preference: posted }, config, now, days), done: "contact" };
}

/** A cancellation or a new date the patient may make: what it sets, its history note and the patient's e-mail. */
interface PatientChangeToMake {
  to: AppointmentStatus;
  note: string;
  set: Partial<AppointmentRow>;
  mail: PatientChange;
}

/**
 * What a cancellation or a move asks of the appointment, checked against
 * its status (APPOINTMENT_TRANSITIONS), the notice period, the reason's
 * length and the booking form's rule for the date; or the refusal, with the
 * values as posted (`values`, the date once read as one).
 */
async function changeToMake(
  { config, db }: LinkDeps,
  appt: AppointmentRow,
  intent: Extract<PatientIntent, { kind: "cancel" | "move" }>,
  view: ManageView,
  days: ViewDays,
  values: PatientValues,
  now: Date,
): Promise<PatientChangeToMake | LinkOutcome> {
  const { locale } = days;
  const PATIENT_MESSAGES = patientLinkWords(locale).messages;
  const refuse = (failure: string): LinkOutcome => ({ kind: "refused", view, failure, values });
  const invalid = (failure: string, field?: keyof PatientValues): LinkOutcome => ({
    kind: "invalid",
    view,
    failure,
    errors: field ? { [field]: failure } : undefined,
    values,
  });
  if (intent.version !== appt.updated_at) return refuse(PATIENT_MESSAGES.stale);
  if (intent.kind === "cancel") {
    const to = patientMoveTo(appt.status, "cancel");
    if (!to) return refuse(PATIENT_MESSAGES.cannotCancel);
    const reason = intent.reason;
    if (reason.length > CANCEL_REASON_MAX) return invalid(PATIENT_MESSAGES.reasonTooLong, "reason");
    return {
      to,
      note: reason ? `Cancelled by the patient: ${reason}` : "Cancelled by the patient",
      set: { status: to, cancel_reason: reason || "Cancelled by the patient" },
      mail: { kind: "cancelled", date: appointmentDate(appt), time: appt.confirmed_time },
    };
  }
  if (view.changeByPhone) return refuse(PATIENT_MESSAGES.tooLate);
  const to = patientMoveTo(appt.status, "changeDate");
  if (!to) return refuse(PATIENT_MESSAGES.cannotChange);
  if (!intent.date) return invalid(PATIENT_MESSAGES.chooseDate, "date");
  const date = parseDateInput(intent.date);
  // The booking form's rule (bookingDateProblemNow), with the calendar and closures just read, in the page's language.
  const problem = date
    ? bookingDateProblem(date, days.calendar, days.closureReasons, locale)
    : dateMessages(locale).format;
  if (!date || problem) return invalid(problem ?? dateMessages(locale).format, "date");
  values.date = date;
  if (appt.status === "requested" && date === appt.requested_date) {
    return invalid(PATIENT_MESSAGES.sameDate, "date");
  }
  const old = appointmentDate(appt);
  const oldText = appt.status === "confirmed" ? `${old} ${appt.confirmed_time}` : old;
  return {
    to,
    note: `Date changed by the patient from ${oldText} to ${date}`,
    set: { status: to, requested_date: date, confirmed_date: null, confirmed_time: null },
    mail: {
      kind: "changed",
      from: old,
      fromTime: appt.status === "confirmed" ? appt.confirmed_time : null,
      to: date,
      answerBy: await requestAnswerBy(db, config, now),
    },
  };
}

/**
 * Writes a patient's change in one transaction, compared and set on the
 * state the page showed (of two posts, one changes the row): the status
 * history, the clinic's e-mail (the reference only), the patient's own
 * record of it with a fresh link, and their text. False when the row had
 * changed meanwhile: nothing is written.
 */
async function writePatientChange(
  { config, db }: LinkDeps,
  appt: AppointmentRow,
  kind: "cancel" | "move",
  change: PatientChangeToMake,
  now: Date,
): Promise<boolean> {
  const appointments = appointmentRepository(db);
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const done = await appointments.updateIf(
      appt.id,
      { status: appt.status, updatedAt: appt.updated_at },
      { ...change.set, updated_at: stamp },
      trx,
    );
    if (!done) return false;
    // A confirmed time given back is offered to the patients who asked for an earlier one (decision 070).
    await recordFreedTime(appt, kind === "cancel" ? "cancelled" : "moved", now, trx);
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
    const what = kind === "cancel" ? "cancelled" : "changed the date of";
    await enqueueMail(clinicPatientChangeMail({ id: appt.id, reference: appt.reference, what }, config), now, trx);
    const manageUrl = await issueManageLink(db, config, appt, now, trx);
    const own = {
      reference: appt.reference,
      name: appt.name,
      email: appt.email,
      change: change.mail,
      at: stamp,
      language: appt.language,
    };
    await enqueueMail(patientChangeMail({ ...own, manageUrl }, config), now, trx);
    const text = kind === "cancel" ? "patient-cancelled" : "patient-changed";
    await textPatient(config, { ...appt, ...change.set }, text, manageUrl, now, undefined, trx);
    return true;
  });
}

/**
 * A patient's intent on the appointment behind a link. A move the status
 * forbids (APPOINTMENT_TRANSITIONS), a bad date, a second post or a post
 * against an older state (`version`) changes nothing and is refused or
 * invalid, with the page's message; any post to a cancelled appointment
 * says it is already cancelled. A change or cancellation queues two
 * e-mails: the clinic's (the reference only) and the patient's own record
 * of it.
 */
export async function actOnLink(
  deps: LinkDeps,
  token: string,
  intent: PatientIntent,
  now: Date,
  locale: Locale = BASE_LOCALE,
): Promise<LinkOutcome> {
  const appt = await findByManageToken(deps.db, token, now);
  if (!appt) return { kind: "not-found" };
  const days = await daysFor(deps, appt, now, locale, intent.kind === "move-time" ? { day: intent.date } : {});
  const view = viewOf(appt, deps.config, now, days);
  const PATIENT_MESSAGES = patientLinkWords(locale).messages;
  // Posted again from a page opened before the cancellation (another tab, the back button).
  if (appt.status === "cancelled") return { kind: "refused", view, failure: PATIENT_MESSAGES.alreadyCancelled };
  if (intent.kind === "safety") return saveSafety(deps, appt, view, intent.answers, now, days);
  if (intent.kind === "contact") return chooseContact(deps, appt, intent.preference, now, days);
  if (intent.kind === "coming") {
    if (!(await confirmComing(deps.db, appt, now)))
      return { kind: "refused", view, failure: PATIENT_MESSAGES.cannotConfirm };
    const current = (await appointmentRepository(deps.db).findById(appt.id)) ?? appt;
    return { kind: "done", view: viewOf(current, deps.config, now, days), done: "coming" };
  }
  if (intent.kind === "earlier") {
    // Joining needs a time the patient may still move; leaving is always allowed.
    if (intent.wanted && !view.move) return { kind: "refused", view, failure: PATIENT_MESSAGES.earlierNotOffered };
    await setEarlierWanted(deps.db, appt.id, intent.wanted, now);
    const current = (await appointmentRepository(deps.db).findById(appt.id)) ?? appt;
    return {
      kind: "done",
      view: viewOf(current, deps.config, now, days),
      done: intent.wanted ? "earlierOn" : "earlierOff",
    };
  }
  if (intent.kind === "unknown") return { kind: "invalid", view, failure: PATIENT_MESSAGES.unknownAction };
  if (intent.kind === "move-time") return moveTo(deps, appt, intent, view, now, locale);
  const values: PatientValues = intent.kind === "cancel" ? { reason: intent.reason } : { date: intent.date };
  const change = await changeToMake(deps, appt, intent, view, days, values, now);
  if ("kind" in change) return change;
  const changed = await writePatientChange(deps, appt, intent.kind, change, now);
  const current = (await appointmentRepository(deps.db).findById(appt.id)) ?? appt;
  const shown = viewOf(current, deps.config, now, await daysFor(deps, current, now, locale));
  if (!changed) {
    const failure = current.status === "cancelled" ? PATIENT_MESSAGES.alreadyCancelled : PATIENT_MESSAGES.stale;
    return { kind: "refused", view: shown, failure };
  }
  return { kind: "done", view: shown, done: intent.kind === "cancel" ? "cancelled" : "changed" };
}
