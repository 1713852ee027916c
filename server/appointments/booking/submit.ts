import { APPOINTMENT_PATH } from "../../../domain/api-paths";
import { BASE_LOCALE, type Locale } from "../../../domain/locale";
import { findBookableService } from "../../../domain/validation/appointment";
import { requestAnswerBy, type BookingRules } from "../../closures/closed-dates";
import type { Config } from "../../base/config";
import type { Db } from "../../db/index";
import { enqueueMails } from "../../mail/queue";
import {
  clinicAppointmentMail,
  confirmationMail,
  patientAppointmentMail,
  type AppointmentMailData,
  textPatient,
} from "../notices/index";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { bookedWords, takenWords, timeProblemWords } from "../../../domain/booking-rules";
import { serviceTitle } from "../../../domain/catalogue";
import { clinicMinutes } from "../../../domain/rooms";
import { isTimeTaken } from "../room-overlap";
import { isContention } from "../../db/outcome";
import type { AppointmentRow } from "../appointment-repository";
import { alternativesTo, checkTime, type TimeCheck } from "./free-slots";
import type { TimeBooking, TimeRefusal } from "./book-time";
import { Rejection, runIdempotent, type AnswerRecord } from "../../requests/idempotency";
import type { Submission } from "../../requests/types";
import { uploadRepository } from "../../uploads/upload-repository";
import { appointmentAcceptedMessage, appointmentAnswer, textsNotSent, type AcceptedAppointment } from "./api-answer";
import { appointmentRepository } from "../appointment-repository";
import { referrerRepository } from "../referrer-repository";
import { issueManageLink } from "../manage-links";
import type { ValidAppointment } from "./validate";

export const REFERRAL_MISSING = "This referral form was not found or has expired. Please upload it again.";

/**
 * What storeAppointment gives (decision 031): the request stored, or the
 * first one replayed (`accepted` as its answer states it; `answerBy`, the day
 * by whose end the clinic answers, YYYY-MM-DD, reckoned for a replay from when
 * it was first made; `manageUrl`, a fresh private link, on a first answer
 * only); its referral forms refused, with the errors by field; or a key
 * reused with another body. `answerBy` is missing only when the request has
 * since been erased.
 */
export type AppointmentOutcome =
  | { kind: "stored"; accepted: AcceptedAppointment; replayed: boolean; answerBy?: string; manageUrl?: string }
  | { kind: "refused"; errors: Record<string, string> }
  | { kind: "key-reused" }
  /** A time asked for (decision 063) against its rule: the message tells the patient to send a request instead. */
  | ({ kind: "time-refused" } & TimeRefusal)
  /** A time asked for that was free, but was taken meanwhile: the nearest free times instead. */
  | { kind: "taken"; message: string; alternatives: { date: string; time: string }[] };

/** Why the booking's transaction was rolled back: its referral forms, or the time it asked for. */
type Refusal =
  | { kind: "fields"; errors: Record<string, string> }
  | { kind: "taken"; alternatives: { date: string; time: string }[] }
  | ({ kind: "rule" } & TimeRefusal);

/** How many times a booked time is tried again when the database refuses its room (another instance booked it meanwhile). */
const TAKEN_TRIES = 3;

/** What the booking's transaction gives: the request as its answer states it and, made with it, its private link. */
interface Booked {
  accepted: AcceptedAppointment;
  manageUrl?: string;
}

/** A booking kept under its key as the 201 answers it: the link is left out, so a replay reads none back. */
const bookedAnswer: AnswerRecord<Booked> = {
  answer: ({ accepted }) => appointmentAnswer.answer(accepted),
  read: (answer) => ({ accepted: appointmentAnswer.read(answer) }),
};

/**
 * Stores a valid appointment request (validateAppointment) in one
 * transaction, with `answerBy` from the booking rules it was validated
 * against (bookingRulesNow: the day by whose end the clinic answers): the outcome of a repeated Idempotency-Key is replayed; its
 * referral uploads must still be unclaimed and are attached; the record is
 * inserted with its reference (the service as its slug), one private link is
 * made for it, and both e-mails are queued, the patient's with the link, and
 * the patient's text by their chosen channel, with it too. Any refusal rolls
 * everything back. Used by the JSON endpoint and by the booking page's plain
 * form post.
 *
 * A first outcome carries `manageUrl`, that same link (decision 019), made in
 * the same transaction, so that a booking is one commit, and never part of
 * the stored answer (only hashes of links are kept). A replay carries none:
 * whoever holds the key and the body gets the reference, never a new working
 * link (docs/security.md); the patient has the link from the first answer and
 * from the e-mail.
 *
 * With `booking` (a free time asked for, screened by ./book-time.ts), the
 * same transaction books it (bookTime below); when the database refuses its
 * room because another instance took it meanwhile, the whole booking is tried
 * again, up to TAKEN_TRIES times, and then answered as taken, with the
 * nearest free times (decision 063).
 */
export async function storeAppointment(
  db: Db,
  config: Config,
  a: ValidAppointment,
  submission: Submission,
  answerBy: BookingRules["answerBy"],
  booking?: TimeBooking,
): Promise<AppointmentOutcome> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await storeOnce(db, config, a, submission, answerBy, booking);
    } catch (error) {
      // Another instance held the room between this transaction's read and its write, or claimed it at the
      // same moment (PostgreSQL's deadlock between the two claims): read again (another room may still be
      // free), and after the last try answer as for a time taken.
      if (!booking || !(isTimeTaken(error) || isContention(error))) throw error;
      if (attempt >= TAKEN_TRIES) return takenOutcome(db, config, booking, submission.now);
    }
  }
}

/** The answer to a time whose room another instance held at every try: the nearest free times, read now. */
async function takenOutcome(db: Db, config: Config, booking: TimeBooking, now: Date): Promise<AppointmentOutcome> {
  const start = clinicMinutes(booking.date, booking.time);
  return taken(booking, await alternativesTo(db, config, booking.slug, booking.rule, booking.date, start, now));
}

/** The answer to a time taken meanwhile, with the nearest free times read for it. */
function taken(booking: TimeBooking, alternatives: { date: string; time: string }[]): AppointmentOutcome {
  return { kind: "taken", message: takenWords(booking.language), alternatives };
}

async function storeOnce(
  db: Db,
  config: Config,
  a: ValidAppointment,
  { body, key, now, year }: Submission,
  answerBy: BookingRules["answerBy"],
  booking: TimeBooking | undefined,
): Promise<AppointmentOutcome> {
  const appointments = appointmentRepository(db);
  const uploads = uploadRepository(db);
  const publicIds = [...new Set(a.referralForms.map((f) => f.publicId))];
  const language = a.language ?? BASE_LOCALE;
  const refuse = (errors: Record<string, string>) => new Rejection<Refusal>({ kind: "fields", errors });

  const done = await runIdempotent<Booked, Refusal>(db, APPOINTMENT_PATH, key, body, bookedAnswer, async (trx) => {
    const since = new Date(now.getTime() - config.uploads.unclaimedHours * 3600_000);
    const claimable = await uploads.findClaimable(publicIds, since, trx);
    const found = new Set(claimable.map((u) => u.public_id));
    const missing: Record<string, string> = {};
    a.referralForms.forEach((f, i) => {
      if (!found.has(f.publicId)) missing[`referralForms.${i}.publicId`] = REFERRAL_MISSING;
    });
    if (Object.keys(missing).length) throw refuse(missing);
    // A time asked for is checked before anything is written: under load most refusals are a time taken
    // meanwhile, and they then cost two reads, not the inserts of a whole booking and their rollback.
    const free = booking ? await freeTime(db, config, booking, language, now, trx) : undefined;

    const serviceName = findBookableService(a.serviceTitle)?.slug ?? a.serviceTitle;
    // A second open request from this patient for this service and day (decision 049): stored, and
    // marked in the console, but its acknowledgement is not texted again. One indexed read.
    const twin = await appointments.hasOpenTwin(
      {
        name: a.name,
        surname: a.surname,
        dob: a.dob,
        phone: a.phoneE164,
        service_name: serviceName,
        requested_date: a.appointmentDate,
      },
      trx,
    );
    const row = await appointments.create(
      {
        name: a.name,
        surname: a.surname,
        dob: a.dob,
        phone: a.phoneE164,
        alternate_phone: a.alternateE164,
        // Null when the patient did not choose: a mobile number then means SMS (domain/contact-preference.ts).
        contact_preference: a.contactPreference ?? null,
        language,
        email: a.email,
        gender: a.gender,
        service_name: serviceName,
        payment_method: a.service.paymentMethod,
        medical_aid_number: a.medicalAidNumber ? a.medicalAidNumber : null,
        notes: a.notes,
        id_passport_number: a.idPassportNumber,
        requested_date: a.appointmentDate,
        // appointmentTime: the visitor's clock at submit, HH:mm.
        submitted_time: a.appointmentTime,
      },
      now,
      year,
      trx,
    );
    // The referring doctor as given (decision 071), kept as long as the appointment.
    if (a.doctor) await referrerRepository(db).set(row.id, a.doctor, now, trx);
    const attached = await uploads.attach(publicIds, row.id, trx);
    if (attached !== publicIds.length) throw refuse({ referralForms: REFERRAL_MISSING });
    // A request sent after the screening sent the patient to one keeps their answers (decision 063),
    // as the safety answers of the same questions, for staff to read.
    const screened = Object.entries(a.screening ?? {}).filter(([, choice]) => choice);
    if (!booking && screened.length > 0) {
      const answers = JSON.stringify(Object.fromEntries(screened.map(([id, choice]) => [id, { choice }])));
      await appointments.saveSafetyAnswers(row.id, "requested", answers, now.toISOString(), trx);
    }

    // The request's one private link: its answer, its e-mail and its text carry it (decision 019).
    const manageUrl = await issueManageLink(db, config, row, now, trx);
    if (booking) return bookTime(db, config, row, booking, free!, manageUrl, twin, a, now, trx);
    const mail = appointmentMailData(row, a, manageUrl, { requestedDate: row.requested_date, answerBy });
    await enqueueMails([clinicAppointmentMail(mail, config), patientAppointmentMail(mail, config)], now, trx);
    const text = twin ? null : await textPatient(config, row, "received", manageUrl, now, a.phoneReach, trx);
    // A number in none of SMS_COUNTRIES gets no texts: the answer says so, and why (decision 042).
    const abroad = text !== null && "skipped" in text && text.skipped === "abroad";
    return {
      accepted: {
        message: appointmentAcceptedMessage(answerBy),
        reference: row.reference,
        appointmentDate: row.requested_date,
        service: { name: a.serviceTitle },
        ...(abroad ? { textMessages: textsNotSent(config.texts.countries, row.language) } : {}),
      },
      manageUrl,
    };
  });
  if (done.kind === "key-reused") return done;
  if (done.kind === "rejected") {
    const reason = done.reason;
    if (reason.kind === "fields") return { kind: "refused", errors: reason.errors };
    if (reason.kind === "rule") return { kind: "time-refused", message: reason.message, errors: reason.errors };
    return taken(booking!, reason.alternatives);
  }
  if (booking) {
    const { value, replayed } = done;
    return { kind: "stored", accepted: value.accepted, replayed, manageUrl: replayed ? undefined : value.manageUrl };
  }
  const { value, replayed } = done;
  if (!replayed) return { kind: "stored", accepted: value.accepted, replayed, answerBy, manageUrl: value.manageUrl };
  // A replay: the day by whose end the clinic answers, reckoned from when the request was first made.
  const made = await appointments.madeOf(value.accepted.reference);
  if (!made) return { kind: "stored", accepted: value.accepted, replayed };
  return {
    kind: "stored",
    accepted: value.accepted,
    replayed,
    answerBy: await requestAnswerBy(db, config, new Date(made.created_at)),
  };
}

/**
 * What the clinic's and the patient's e-mails say of the request just stored, with its private link:
 * `day`, the day asked for and the day by whose end the clinic answers, or the time booked.
 */
function appointmentMailData(
  row: AppointmentRow,
  a: ValidAppointment,
  manageUrl: string,
  day: Pick<AppointmentMailData, "requestedDate" | "answerBy" | "booked">,
): AppointmentMailData {
  return {
    id: row.id,
    reference: row.reference,
    name: row.name,
    email: row.email,
    serviceTitle: a.serviceTitle,
    manageUrl,
    referralReceived: a.referralForms.length > 0,
    language: row.language,
    ...day,
  };
}

type FreeTime = Extract<TimeCheck, { kind: "free" }>;

/**
 * The time asked for, checked inside the booking's transaction before anything is written, against
 * the rule and what the rooms hold now (./free-slots.ts checkTime): free, or refused, which rolls
 * everything back (against the rule, or taken meanwhile).
 */
async function freeTime(
  db: Db,
  config: Config,
  { slug, rule, date, time }: TimeBooking,
  language: Locale,
  now: Date,
  trx: Kysely<Database>,
): Promise<FreeTime> {
  const check = await checkTime(db, config, slug, rule, { date, time }, now, trx);
  if (check.kind === "problem") {
    const message = timeProblemWords(check.problem, serviceTitle(slug, language), language);
    throw new Rejection<Refusal>({ kind: "rule", message, errors: { appointmentTime: message } });
  }
  if (check.kind === "taken") {
    // The nearest free times are read here, in the transaction that holds the connection: after it, on
    // SQLite's one connection, they would wait behind every request in line once more.
    const alternatives = await alternativesTo(db, config, slug, rule, date, check.start, now, { trx });
    throw new Rejection<Refusal>({ kind: "taken", alternatives });
  }
  return check;
}

/**
 * Makes the request just inserted the time its patient booked (decision 063), in the booking's
 * transaction, where freeTime found it free before anything was written: the appointment is
 * confirmed in the first free room, holding the examination and its changeover, marked booked
 * online, with the screening answers kept; the status history says so; the confirmation e-mail (its
 * calendar file, what to bring and how to prepare) and the text are queued instead of a request's.
 * The database refuses a room held meanwhile by another instance (isTimeTaken): storeAppointment
 * tries again.
 */
async function bookTime(
  db: Db,
  config: Config,
  row: AppointmentRow,
  booking: TimeBooking,
  check: FreeTime,
  manageUrl: string,
  twin: boolean,
  a: ValidAppointment,
  now: Date,
  trx: Kysely<Database>,
): Promise<Booked> {
  const { slug, rule, date, time } = booking;
  const room = check.rooms[0]!;
  const appointments = appointmentRepository(db);
  const stamp = now.toISOString();
  const answers = Object.keys(booking.answers).length ? JSON.stringify(booking.answers) : null;
  const held = { starts_at: check.start, ends_at: check.start + rule.lengthMinutes + rule.changeoverMinutes };
  await appointments.bookOnline(
    row,
    { confirmed_date: date, confirmed_time: time, room: room.id, ...held, safety_answers: answers, stamp },
    trx,
  );
  await appointments.recordStatusChange(
    {
      appointment_id: row.id,
      from_status: null,
      to_status: "confirmed",
      note: `Booked online: ${date} ${time}, ${room.name}`,
      staff_id: null,
      created_at: stamp,
    },
    trx,
  );
  const mail = appointmentMailData(row, a, manageUrl, { requestedDate: date, booked: { time } });
  const confirmation = confirmationMail(
    config,
    {
      reference: row.reference,
      name: row.name,
      email: row.email,
      serviceName: slug,
      date,
      time,
      manageUrl,
      language: row.language,
      bookedOnline: true,
    },
    now,
  );
  await enqueueMails([clinicAppointmentMail(mail, config), confirmation], now, trx);
  const confirmed = { ...row, confirmed_date: date, confirmed_time: time };
  const text = twin ? null : await textPatient(config, confirmed, "booked", manageUrl, now, a.phoneReach, trx);
  const abroad = text !== null && "skipped" in text && text.skipped === "abroad";
  return {
    accepted: {
      message: bookedWords(date, time, row.language),
      reference: row.reference,
      appointmentDate: date,
      service: { name: a.serviceTitle },
      booked: { status: "confirmed", appointmentTime: time },
      ...(abroad ? { textMessages: textsNotSent(config.texts.countries, row.language) } : {}),
    },
    manageUrl,
  };
}
