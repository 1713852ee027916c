import type { FastifyBaseLogger } from "fastify";
import { selfBookingRuleOf, type SelfBookingRule } from "../../../domain/booking-rules";
import { BOOKABLE_SERVICES, type BookableSlug } from "../../../domain/catalogue";
import { clinicInstant } from "../../../domain/dates";
import { clinicMinutesAt } from "../../../domain/free-times";
import { localisedPath } from "../../../domain/locale";
import { EARLIER_PATH_PREFIX } from "../../../domain/paths";
import { roomsForService } from "../../../domain/rooms";
import type { Config } from "../../base/config";
import { hashToken, newToken } from "../../base/tokens";
import type { Db } from "../../db/index";
import { leaseFor, takeLease } from "../../jobs/lease";
import { runEvery } from "../../jobs/periodic";
import { enqueueMail } from "../../mail/queue";
import type { AppointmentRow } from "../appointment-repository";
import { freeTimesIn, readDaysHeld, type DaysHeld } from "../booking/index";
import { earlierOfferMail, textPatient } from "../notices/index";
import { moveRuleOf, withinNotice } from "../private-link/index";
import { earlierRepository, type FreedTimeRow } from "./earlier-repository";

/**
 * Offering a freed time to the patients who asked for an earlier one
 * (decision 070). A job looks every OFFERS_EVERY_MS for freed times whose next
 * batch is due: while the time is still free, it offers it to the next
 * BATCH_SIZE patients on the list whose appointment is later, for a service
 * that uses that room, and whose own rule (notice, preparation, step, length)
 * lets them start in it, earliest appointments first; each gets an e-mail at
 * once and a text on their channel (none in quiet hours), with the offer's
 * link. The next batch is due BATCH_EVERY_MS later, if the time is still free.
 * A freed time ends when taken (by an offer, or by anyone else), when it has
 * begun, or when nobody is left to offer it to and no offer of it is open.
 */

/** How many patients each batch offers a freed time to. */
export const BATCH_SIZE = 3;
/** How long a batch has the time to itself before the next batch is offered it too. */
export const BATCH_EVERY_MS = 20 * 60_000;
/** How often the job looks for due batches: a freed time reaches its first batch within a minute. */
export const OFFERS_EVERY_MS = 30_000;

type OfferConfig = Pick<Config, "closedDates" | "bookingHorizonDays" | "publicBaseUrl" | "clinic" | "texts">;

/** The services patients book online that use `room`. */
function servicesIn(room: string): string[] {
  return BOOKABLE_SERVICES.filter(
    (s) => selfBookingRuleOf(s.slug) && roomsForService(s.slug).some((r) => r.id === room),
  ).map((s): string => s.slug);
}

/**
 * The first start in the freed time this patient's own rule allows, found in the freed day as read
 * once for every patient (no read of its own): a free start of their service that day (their own
 * hold left out), in the freed room, whole inside the freed time, before their own time.
 */
function firstFit(
  day: DaysHeld,
  config: OfferConfig,
  appt: AppointmentRow,
  { slug, rule }: { slug: BookableSlug; rule: SelfBookingRule },
  freed: FreedTimeRow,
  now: Date,
): { date: string; time: string } | undefined {
  const [free] = freeTimesIn(day, config, slug, rule, now, appt.id);
  const last = freed.ends_at - rule.lengthMinutes - rule.changeoverMinutes;
  const fit = free?.starts.find(
    (s) =>
      s.start >= freed.starts_at &&
      s.start <= last &&
      s.start < (appt.starts_at ?? 0) &&
      s.rooms.some((r) => r.id === freed.room),
  );
  return fit ? { date: freed.date, time: fit.time } : undefined;
}

/** When an offer ends by itself: when the notice before the time offered begins, or the patient's own time, if sooner. */
function expiryOf(rule: SelfBookingRule, at: { date: string; time: string }, own: AppointmentRow): Date {
  const closing = clinicInstant(at.date, at.time).getTime() - rule.noticeMinutes * 60_000;
  return new Date(Math.min(closing, clinicInstant(own.confirmed_date!, own.confirmed_time!).getTime()));
}

/** The offer's link in the patient's language. */
function offerUrl(config: Pick<Config, "publicBaseUrl">, appt: AppointmentRow, token: string): string {
  return `${config.publicBaseUrl}${localisedPath(`${EARLIER_PATH_PREFIX}${token}`, appt.language)}`;
}

/** Offers one freed time to its next batch, if due and still free; answers how many were offered it. */
async function offerFreedTime(db: Db, config: OfferConfig, freed: FreedTimeRow, now: Date): Promise<number> {
  const repo = earlierRepository(db);
  // Begun, or (a booked time given back) held again by anyone: it is no longer free.
  const whole = freed.cause === "cancelled" || freed.cause === "moved";
  if (
    freed.starts_at <= clinicMinutesAt(now) ||
    (whole && (await repo.held(freed.room, freed.starts_at, freed.ends_at)))
  ) {
    await repo.end(freed.id, now);
    return 0;
  }
  const picked: { appt: AppointmentRow; rule: SelfBookingRule; at: { date: string; time: string } }[] = [];
  const services = servicesIn(freed.room);
  const candidates = await repo.candidates(freed, services);
  // The freed day as it stands (closures, rooms out, the holds of every room those services use), read
  // once for all of them.
  const rooms = [...new Set(services.flatMap((slug) => roomsForService(slug).map((r) => r.id)))];
  const day = candidates.length
    ? await readDaysHeld(db, config, rooms, { from: freed.date, to: freed.date })
    : undefined;
  const busy = candidates.length ? await repo.busy(now) : new Set<number>();
  // Someone it fits holds another offer still open: it waits for them (one offer at a time each).
  let waitsForBusy = false;
  for (const appt of candidates) {
    const movable = moveRuleOf(appt, withinNotice(appt, now));
    if (!movable || appt.id === freed.from_appointment_id) continue;
    const at = firstFit(day!, config, appt, movable, freed, now);
    if (at && busy.has(appt.id)) waitsForBusy = true;
    else if (at) picked.push({ appt, rule: movable.rule, at });
    if (picked.length === BATCH_SIZE) break;
  }
  const next = new Date(now.getTime() + BATCH_EVERY_MS);
  if (picked.length === 0) {
    // Nobody (left) to offer it to: it ends once no offer of it is open and nobody it fits is
    // waiting on another offer; until then, look again later.
    if (!waitsForBusy && (await repo.openOffers(freed.id, now)) === 0) await repo.end(freed.id, now);
    else await repo.postpone(freed, next);
    return 0;
  }
  return db.transaction().execute(async (trx) => {
    if (!(await earlierRepository(trx).claimBatch(freed, next))) return 0;
    for (const { appt, rule, at } of picked) {
      const token = newToken();
      await earlierRepository(trx).addOffer({
        freed_time_id: freed.id,
        appointment_id: appt.id,
        token_hash: hashToken(token),
        offered_date: at.date,
        offered_time: at.time,
        own_date: appt.confirmed_date!,
        own_time: appt.confirmed_time!,
        batch: freed.batches + 1,
        created_at: now.toISOString(),
        expires_at: expiryOf(rule, at, appt).toISOString(),
      });
      const url = offerUrl(config, appt, token);
      const own = { ownDate: appt.confirmed_date!, ownTime: appt.confirmed_time! };
      await enqueueMail(earlierOfferMail(config, appt, { ...at, ...own, url }), now, trx);
      // The text gives the time offered (none in quiet hours: NOT_HELD_KINDS), and the offer's link.
      const offered = { ...appt, confirmed_date: at.date, confirmed_time: at.time };
      await textPatient(config, offered, "earlier", url, now, undefined, trx);
    }
    return picked.length;
  });
}

/** Offers every freed time whose next batch is due at `now`; answers how many offers went. */
export async function sendDueOffers(db: Db, config: OfferConfig, now: Date): Promise<number> {
  let sent = 0;
  for (const freed of await earlierRepository(db).due(now)) sent += await offerFreedTime(db, config, freed, now);
  return sent;
}

/** The offers' job's name: its lease lets one instance run it per period. */
export const OFFERS_JOB = "earlier-offers";

/**
 * One run of the job at `now` (the app's clock): under its lease (takeLease, a little shorter than
 * OFFERS_EVERY_MS, on the timer's own clock unless `lease.now` is given), so of several instances
 * on one database one runs it per period; answers how many offers went, or undefined when another
 * instance holds the lease. `lease.holder` names this process (LEASE_HOLDER by default).
 */
export async function offersRound(
  db: Db,
  config: OfferConfig,
  now: Date,
  lease: { now?: Date; holder?: string } = {},
): Promise<number | undefined> {
  if (!(await takeLease(db, OFFERS_JOB, leaseFor(OFFERS_EVERY_MS), lease))) return undefined;
  return sendDueOffers(db, config, now);
}

/**
 * The job, on the jobs' one timer (server/jobs/periodic.ts), by the app's clock: every instance
 * schedules it, one runs it per period (its lease); each batch goes once besides (claimBatch).
 */
export function startEarlierOffers(db: Db, config: OfferConfig, now: () => Date, log?: FastifyBaseLogger) {
  return runEvery(
    OFFERS_EVERY_MS,
    OFFERS_EVERY_MS,
    async () => {
      const sent = await offersRound(db, config, now());
      if (sent) log?.info({ sent }, "earlier times offered");
    },
    (error) => log?.error({ err: { message: (error as Error).message } }, "earlier-time offers failed"),
  );
}
