import { selfBookingRuleOf, type SelfBookingRule } from "../../../domain/booking-rules";
import { isBookableSlug, type BookableSlug } from "../../../domain/catalogue";
import { NOTICE_HOURS } from "../../../domain/booking-policy";
import { addDays, clinicInstant, clinicToday, isIsoDate } from "../../../domain/dates";
import { windowOf } from "../../../domain/free-times";
import type { Locale } from "../../../domain/locale";
import { m } from "../../../domain/paraglide/messages.js";
import { clinicMinutes, findRoom } from "../../../domain/rooms";
import type { Config } from "../../base/config";
import type { Db } from "../../db/index";
import { enqueueMail } from "../../mail/queue";
import { appointmentRepository, type AppointmentRow } from "../appointment-repository";
import { alternativesTo, checkTime, horizonDaysOf, serviceFreeTimes } from "../booking/index";
import { issueManageLink } from "../manage-links";
import { clinicPatientChangeMail, movedMail, textPatient } from "../notices/index";
import { isTimeTaken } from "../room-overlap";
import { isContention } from "../../db/outcome";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { recordFreedTime } from "../freed-times";

/**
 * A patient moves the time they booked online to another free time, from their
 * private page (decision 067): the same free times as booking (serviceFreeTimes,
 * the service's rule: notice, horizon, step, changeover, closures, rooms out),
 * with the appointment's own hold left out, offered a day then a time as on the
 * booking page; and the move itself, in one transaction: the time checked again,
 * the row given its new time and room (the database's constraint referees a room
 * taken meanwhile, migration 0016), so the old time is free the moment it
 * commits; the status history (which asks for the worklist file again), the
 * clinic's notice, and the patient's "moved" e-mail and text, as a move by staff
 * sends them. A time taken meanwhile changes nothing: the patient keeps their
 * time and gets the nearest free ones.
 */

/** The days of the move section's day step asked for by the page's address (?day=, ?from=). */
export interface AskedDay {
  day?: string;
  from?: string;
}

/** A window of days and their free times ("HH:MM", Gaborone time), as the booking page's day step shows them. */
export interface MoveWindow {
  from: string;
  to: string;
  days: { date: string; times: string[] }[];
  earlier?: string;
  later?: string;
}

/** What the private page offers to move a booked time: the window asked for (null when it could not be read), and the day asked for. */
export interface MoveTimes {
  window: MoveWindow | null;
  day?: string;
}

type MoveConfig = Pick<Config, "closedDates" | "bookingHorizonDays" | "publicBaseUrl" | "clinic" | "texts">;

/** Confirmed, and within NOTICE_HOURS of its time: changed by phone, never online. */
export const withinNotice = (appt: AppointmentRow, now: Date) =>
  appt.status === "confirmed" &&
  appt.confirmed_date !== null &&
  appt.confirmed_time !== null &&
  clinicInstant(appt.confirmed_date, appt.confirmed_time).getTime() - now.getTime() < NOTICE_HOURS * 3600_000;

/**
 * The service's booking rule when the patient may move this appointment's time
 * themselves: a time they booked online (staff placed the others, choosing the
 * examination, its length and the room), still confirmed and ahead, for a
 * service still booked online; `late` (within the notice: the page says to
 * phone) forbids it.
 */
export function moveRuleOf(
  appt: AppointmentRow,
  late: boolean,
): { slug: BookableSlug; rule: SelfBookingRule } | undefined {
  if (late || appt.status !== "confirmed" || appt.booked_online !== 1) return undefined;
  if (!appt.confirmed_date || !appt.confirmed_time || !isBookableSlug(appt.service_name)) return undefined;
  const rule = selfBookingRuleOf(appt.service_name);
  return rule ? { slug: appt.service_name, rule } : undefined;
}

/**
 * The free times the move section offers: the window of days that holds the
 * day asked for (else the first window), as the booking page counts them, with
 * the appointment's own hold left out and its own time not offered.
 */
export async function moveTimesFor(
  db: Db,
  config: MoveConfig,
  appt: AppointmentRow,
  { slug, rule }: { slug: BookableSlug; rule: SelfBookingRule },
  asked: AskedDay,
  now: Date,
): Promise<MoveTimes> {
  const first = clinicToday(now);
  const last = addDays(first, horizonDaysOf(rule, config));
  const day = asked.day && isIsoDate(asked.day) ? asked.day : undefined;
  const from = asked.from && isIsoDate(asked.from) ? asked.from : undefined;
  const range = windowOf(from ?? day ?? first, first, last);
  try {
    const found = await serviceFreeTimes(db, config, slug, rule, { ...range, except: appt.id }, now);
    const days = found
      .map((d) => ({
        date: d.date,
        times: d.starts
          .map((s) => s.time)
          .filter((t) => !(d.date === appt.confirmed_date && t === appt.confirmed_time)),
      }))
      .filter((d) => d.times.length > 0);
    return { window: { ...range, days }, day };
  } catch (error) {
    // The page still works: it says the times could not be read; the appointment stands.
    console.error(error);
    return { window: null, day };
  }
}

/** What a move gives: moved; or why not, with nothing changed. */
export type MoveResult =
  | { kind: "moved" }
  | { kind: "stale" }
  | { kind: "not-offered" }
  | { kind: "taken"; alternatives: { date: string; time: string }[] }
  /** A move with a claim (an earlier time offered, decision 070) whose claim another took first. */
  | { kind: "gone" };

/**
 * What else a move must hold, in its own transaction, once the row is moved:
 * taking an offered earlier time (decision 070) claims the freed time, and a
 * claim another took first (false) undoes the move.
 */
export interface MoveClaim {
  claim: (trx: Kysely<Database>) => Promise<boolean>;
}

/** Thrown inside the move's transaction to roll it back when its claim was lost. */
class ClaimLost extends Error {}

/** How many times a move is tried again when the database refuses its room (another instance took it meanwhile). */
const TAKEN_TRIES = 3;

/**
 * Moves the appointment to `date` at `time` (already read as a day and a time
 * of day, and not its own), in one transaction; refused by the database's room
 * constraint, it is tried again (another room may be free), then answered as
 * taken with the nearest free times.
 */
export async function moveTime(
  db: Db,
  config: MoveConfig,
  appt: AppointmentRow,
  movable: { slug: BookableSlug; rule: SelfBookingRule },
  to: { date: string; time: string },
  now: Date,
  claim?: MoveClaim,
): Promise<MoveResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await moveOnce(db, config, appt, movable, to, now, claim);
      if (result.kind !== "taken-at") return result;
      break;
    } catch (error) {
      if (error instanceof ClaimLost) return { kind: "gone" };
      // The room held meanwhile, or claimed at the same moment (PostgreSQL's deadlock between two claims): read again.
      if (!isTimeTaken(error) && !isContention(error)) throw error;
      if (attempt >= TAKEN_TRIES) break;
    }
  }
  const { slug, rule } = movable;
  const start = clinicMinutes(to.date, to.time);
  const nearest = await alternativesTo(db, config, slug, rule, to.date, start, now, { except: appt.id });
  // Its own time is free to it, but is not another time to move to.
  const own = (a: { date: string; time: string }) => a.date === appt.confirmed_date && a.time === appt.confirmed_time;
  return { kind: "taken", alternatives: nearest.filter((a) => !own(a)) };
}

/** One try of moveTime, in its own transaction: `taken-at` when the rooms were full at the time checked. */
async function moveOnce(
  ...[db, config, appt, { slug, rule }, { date, time }, now, claim]: Parameters<typeof moveTime>
): Promise<Exclude<MoveResult, { kind: "taken" | "gone" }> | { kind: "taken-at" }> {
  const appointments = appointmentRepository(db);
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const check = await checkTime(db, config, slug, rule, { date, time, except: appt.id }, now, trx);
    if (check.kind === "problem") return { kind: "not-offered" as const };
    if (check.kind === "taken") return { kind: "taken-at" as const };
    // Its own room when that is free at the new time, else the first free one.
    const room = check.rooms.find((r) => r.id === appt.room) ?? check.rooms[0]!;
    const held = { starts_at: check.start, ends_at: check.start + rule.lengthMinutes + rule.changeoverMinutes };
    const set = { confirmed_date: date, confirmed_time: time, room: room.id, ...held, updated_at: stamp };
    // The database refuses a room held meanwhile (isTimeTaken: moveTime tries again).
    const done = await appointments.updateIf(appt.id, { status: "confirmed", updatedAt: appt.updated_at }, set, trx);
    if (!done) return { kind: "stale" as const };
    if (claim && !(await claim.claim(trx))) throw new ClaimLost();
    // The time it gave up is offered in turn to the patients who asked for an earlier one (decision 070).
    await recordFreedTime(appt, "moved", now, trx);
    const from = `${appt.confirmed_date} ${appt.confirmed_time}`;
    await appointments.recordStatusChange(
      {
        appointment_id: appt.id,
        from_status: "confirmed",
        to_status: "confirmed",
        note: `Moved by the patient from ${from} to ${date} ${time}, ${findRoom(room.id)?.name ?? room.id}`,
        staff_id: null,
        created_at: stamp,
      },
      trx,
    );
    await enqueueMail(
      clinicPatientChangeMail({ id: appt.id, reference: appt.reference, what: "moved the time of" }, config),
      now,
      trx,
    );
    const manageUrl = await issueManageLink(db, config, appt, now, trx);
    await enqueueMail(
      movedMail(config, {
        reference: appt.reference,
        name: appt.name,
        email: appt.email,
        serviceName: appt.service_name,
        date,
        time,
        manageUrl,
        language: appt.language,
        movedFrom: { date: appt.confirmed_date!, time: appt.confirmed_time! },
      }),
      now,
      trx,
    );
    await textPatient(
      config,
      { ...appt, confirmed_date: date, confirmed_time: time },
      "moved",
      manageUrl,
      now,
      undefined,
      trx,
    );
    return { kind: "moved" as const };
  });
}

/** Whether a posted move names a day and a time of day other than the appointment's own: the refusal, else undefined. */
export function moveRequest(
  appt: AppointmentRow,
  { date, time }: { date: string; time: string },
  words: ReturnType<typeof moveWords>,
): string | undefined {
  if (!isIsoDate(date) || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return words.choose;
  if (date === appt.confirmed_date && time === appt.confirmed_time) return words.same;
  return undefined;
}

/** The move section's refusals, in the page's language. */
export function moveWords(locale: Locale) {
  const options = { locale };
  return {
    choose: m.book_time_required({}, options),
    same: m.private_move_same({}, options),
    notOffered: m.private_move_not_offered({}, options),
    taken: m.private_move_taken({}, options),
  };
}
