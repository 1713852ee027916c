import type { ColumnType, Generated } from "kysely";

/**
 * The tables of earlier times (migration 0040; decision 070): a room's hold
 * given back and kept while it is offered, and each offer of it to one patient.
 * Timestamps are ISO-8601 UTC strings; dates YYYY-MM-DD and times HH:MM in
 * Gaborone; starts_at and ends_at clinic-local minutes, as migration 0016.
 */

/** Why a room's time was given back. */
export type FreedCause = "cancelled" | "moved" | "closure-lifted" | "room-back";

export interface FreedTimeTable {
  id: Generated<number>;
  room: string;
  date: string;
  starts_at: number;
  ends_at: number;
  cause: FreedCause;
  from_appointment_id: number | null;
  created_at: string;
  /** When the next batch of offers may go; null once it ended. */
  next_batch_at: string | null;
  batches: ColumnType<number, number | undefined, number>;
  /** When an offer of it was taken, by which appointment, and the days that patient gained. */
  filled_at: ColumnType<string | null, string | null | undefined, string | null>;
  filled_by: ColumnType<number | null, number | null | undefined, number | null>;
  days_gained: ColumnType<number | null, number | null | undefined, number | null>;
  /** When it stopped being offered (filled, taken otherwise, too close, nobody left). */
  ended_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface EarlierOfferTable {
  id: Generated<number>;
  freed_time_id: number;
  appointment_id: number;
  /** SHA-256 of the offer link's token (server/base/tokens.ts); the token itself is never stored. */
  token_hash: string;
  offered_date: string;
  offered_time: string;
  /** The patient's own time when the offer was made. */
  own_date: string;
  own_time: string;
  batch: number;
  created_at: string;
  expires_at: string;
  taken_at: ColumnType<string | null, string | null | undefined, string | null>;
  ended_at: ColumnType<string | null, string | null | undefined, string | null>;
}
