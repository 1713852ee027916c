import type { Kysely } from "kysely";
import crypto from "node:crypto";
import type { Database } from "../db/schema";
import { referenceCounterRepository } from "./reference-counter-repository";

export type ReferenceKind = "APT" | "ENQ";

/**
 * The next reference of a kind for a year, e.g. APT-2026-000123. Must run
 * inside the transaction that inserts the record: the counter row is
 * incremented atomically (insert … on conflict do update … returning), so two
 * requests never get the same number and a rolled-back insert gives its
 * number back.
 */
export async function nextReference(kind: ReferenceKind, year: number, trx: Kysely<Database>): Promise<string> {
  return formatReference(kind, year, await referenceCounterRepository(trx).next(kind, year));
}

export function formatReference(kind: ReferenceKind, year: number, n: number): string {
  return `${kind}-${year}-${String(n).padStart(6, "0")}`;
}

/** Every reference formatReference could have written, as whole words of a text (`text.match(REFERENCE_WORDS)`). */
export const REFERENCE_WORDS = /\b(?:APT|ENQ)-\d{4}-\d{6,}\b/g;

/**
 * A plausible reference for answers to bots (honeypot): same shape, never
 * stored. With a seed (the Idempotency-Key) a retry gets the same one, as a
 * real retry would.
 */
export function fakeReference(kind: ReferenceKind, year: number, seed?: string): string {
  const n = seed ? crypto.createHash("sha256").update(seed).digest().readUInt16BE(0) % 999 : crypto.randomInt(999);
  return formatReference(kind, year, 1 + n);
}
