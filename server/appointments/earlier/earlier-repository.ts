import type { Kysely, Selectable } from "kysely";
import type { Db } from "../../db/index";
import type { Database, EarlierOfferTable, FreedTimeTable } from "../../db/schema";
import { perDatabase } from "../../db/repository";
import type { AppointmentRow } from "../appointment-repository";

export type FreedTimeRow = Selectable<FreedTimeTable>;
export type EarlierOfferRow = Selectable<EarlierOfferTable>;

/** At most this many freed times are offered in one run of the job; the rest wait for the next. */
const DUE_LIMIT = 50;
/** At most this many patients on the list are read for one freed time (the earliest appointments first). */
const CANDIDATE_LIMIT = 50;

/**
 * The tables of earlier times (migration 0040; decision 070): freed times and
 * their offers, and the patients on the list. Every method takes a transaction
 * last, the database by default.
 */
export const earlierRepository = perDatabase((db: Db) => ({
  /** Freed times still offered whose next batch is due, soonest time first. */
  async due(now: Date, trx: Kysely<Database> = db): Promise<FreedTimeRow[]> {
    return trx
      .selectFrom("freed_times")
      .selectAll()
      .where("ended_at", "is", null)
      .where("next_batch_at", "<=", now.toISOString())
      .orderBy("starts_at")
      .orderBy("id")
      .limit(DUE_LIMIT)
      .execute();
  },

  /**
   * The patients on the list who may be offered this freed time, earliest appointment first: a
   * time they booked online (the move reuses its rule), confirmed, for one of `services`, later
   * than it; not offered it before. (Those with another offer still open wait: `busy`.)
   */
  async candidates(
    freed: FreedTimeRow,
    services: readonly string[],
    trx: Kysely<Database> = db,
  ): Promise<AppointmentRow[]> {
    if (services.length === 0) return [];
    return trx
      .selectFrom("appointments")
      .selectAll()
      .where("earlier_wanted_at", "is not", null)
      .where("status", "=", "confirmed")
      .where("booked_online", "=", 1)
      .where("service_name", "in", services)
      .where("starts_at", ">", freed.starts_at)
      .where("id", "not in", (q) =>
        q.selectFrom("earlier_offers").select("appointment_id").where("freed_time_id", "=", freed.id),
      )
      .orderBy("starts_at")
      .orderBy("id")
      .limit(CANDIDATE_LIMIT)
      .execute();
  },

  /** The appointments with an offer still open (not ended, not taken, not expired): one offer at a time each. */
  async busy(now: Date, trx: Kysely<Database> = db): Promise<Set<number>> {
    const rows = await trx
      .selectFrom("earlier_offers")
      .select("appointment_id")
      .where("ended_at", "is", null)
      .where("taken_at", "is", null)
      .where("expires_at", ">", now.toISOString())
      .execute();
    return new Set(rows.map((r) => r.appointment_id));
  },

  /** Whether a confirmed appointment holds any of [starts, ends) in `room` now. */
  async held(room: string, starts: number, ends: number, trx: Kysely<Database> = db): Promise<boolean> {
    const row = await trx
      .selectFrom("appointments")
      .select("id")
      .where("status", "=", "confirmed")
      .where("room", "=", room)
      .where("starts_at", "<", ends)
      .where("ends_at", ">", starts)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** How many offers of a freed time are still open (not ended, not taken, not expired). */
  async openOffers(freedId: number, now: Date, trx: Kysely<Database> = db): Promise<number> {
    const row = await trx
      .selectFrom("earlier_offers")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("freed_time_id", "=", freedId)
      .where("ended_at", "is", null)
      .where("taken_at", "is", null)
      .where("expires_at", ">", now.toISOString())
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /**
   * Claims the next batch of a freed time: only while it is as read (its next_batch_at), so of
   * several instances one sends it. False when another did.
   */
  async claimBatch(freed: FreedTimeRow, next: Date, trx: Kysely<Database> = db): Promise<boolean> {
    const updated = await trx
      .updateTable("freed_times")
      .set({ batches: freed.batches + 1, next_batch_at: next.toISOString() })
      .where("id", "=", freed.id)
      .where("ended_at", "is", null)
      .where("next_batch_at", "=", freed.next_batch_at)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  },

  /** Puts off the next look at a freed time (offers still open, nobody new to offer). */
  async postpone(freed: FreedTimeRow, next: Date, trx: Kysely<Database> = db): Promise<void> {
    await trx
      .updateTable("freed_times")
      .set({ next_batch_at: next.toISOString() })
      .where("id", "=", freed.id)
      .where("ended_at", "is", null)
      .execute();
  },

  /** Ends a freed time (taken otherwise, too close, nobody left) and the offers of it still open. */
  async end(freedId: number, now: Date, trx: Kysely<Database> = db): Promise<void> {
    const stamp = now.toISOString();
    await trx
      .updateTable("freed_times")
      .set({ ended_at: stamp, next_batch_at: null })
      .where("id", "=", freedId)
      .where("ended_at", "is", null)
      .execute();
    await trx
      .updateTable("earlier_offers")
      .set({ ended_at: stamp })
      .where("freed_time_id", "=", freedId)
      .where("ended_at", "is", null)
      .where("taken_at", "is", null)
      .execute();
  },

  async addOffer(offer: Omit<EarlierOfferRow, "id" | "taken_at" | "ended_at">, trx: Kysely<Database> = db) {
    await trx.insertInto("earlier_offers").values(offer).execute();
  },

  /** The offer behind a link's token hash, with its freed time. */
  async offerByHash(
    tokenHash: string,
    trx: Kysely<Database> = db,
  ): Promise<{ offer: EarlierOfferRow; freed: FreedTimeRow } | undefined> {
    const offer = await trx
      .selectFrom("earlier_offers")
      .selectAll()
      .where("token_hash", "=", tokenHash)
      .executeTakeFirst();
    if (!offer) return undefined;
    const freed = await trx
      .selectFrom("freed_times")
      .selectAll()
      .where("id", "=", offer.freed_time_id)
      .executeTakeFirstOrThrow();
    return { offer, freed };
  },

  /**
   * Fills a freed time with the offer taken, in the move's transaction: only while nobody has
   * (of several takers, the database lets one through); its other offers end, and the taker leaves
   * the list. False when taken.
   */
  async fill(offer: EarlierOfferRow, daysGained: number, now: Date, trx: Kysely<Database>): Promise<boolean> {
    const stamp = now.toISOString();
    const filled = await trx
      .updateTable("freed_times")
      .set({
        filled_at: stamp,
        filled_by: offer.appointment_id,
        days_gained: daysGained,
        ended_at: stamp,
        next_batch_at: null,
      })
      .where("id", "=", offer.freed_time_id)
      .where("filled_at", "is", null)
      .where("ended_at", "is", null)
      .executeTakeFirst();
    if (Number(filled.numUpdatedRows) !== 1) return false;
    await trx.updateTable("earlier_offers").set({ taken_at: stamp }).where("id", "=", offer.id).execute();
    // The taker leaves the list (decision 084): the page offers to ask again, for a still earlier time.
    await trx
      .updateTable("appointments")
      .set({ earlier_wanted_at: null })
      .where("id", "=", offer.appointment_id)
      .execute();
    await trx
      .updateTable("earlier_offers")
      .set({ ended_at: stamp })
      .where("freed_time_id", "=", offer.freed_time_id)
      .where("id", "<>", offer.id)
      .where("ended_at", "is", null)
      .execute();
    return true;
  },

  /** The earlier times offered to these appointments, oldest first (a patient's export, decision 070). */
  async offersTo(appointmentIds: readonly number[], trx: Kysely<Database> = db): Promise<EarlierOfferRow[]> {
    if (appointmentIds.length === 0) return [];
    return trx
      .selectFrom("earlier_offers")
      .selectAll()
      .where("appointment_id", "in", appointmentIds)
      .orderBy("id")
      .execute();
  },

  /**
   * The patients waiting for an earlier time, by their own time (the staff's list): those starting at or
   * after `from`, in clinic minutes (a fraction is rounded up: starts_at holds whole minutes, and
   * PostgreSQL refuses a fraction for an integer).
   */
  async waiting(from: number, limit: number, trx: Kysely<Database> = db) {
    return trx
      .selectFrom("appointments")
      .select([
        "id",
        "reference",
        "name",
        "surname",
        "service_name",
        "confirmed_date",
        "confirmed_time",
        "earlier_wanted_at",
      ])
      .where("earlier_wanted_at", "is not", null)
      .where("status", "=", "confirmed")
      .where("starts_at", ">=", Math.ceil(from))
      .orderBy("starts_at")
      .limit(limit)
      .execute();
  },
}));
