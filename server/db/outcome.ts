import type { Kysely } from "kysely";
import type { Db } from "./index";
import type { Database } from "./schema";

/**
 * What a staff core gives when it does not do what staff asked (decision
 * 060), in the words of the patient's private link (LinkOutcome, decision
 * 031): refused, because the appointment's state does not allow it (a
 * status that does not allow the change, a change made meanwhile), with a
 * sentence about no one field; or invalid, because of what was sent, with
 * each field's problem at once. An expected refusal is returned, never
 * thrown; only what nobody expects (the database gone) throws.
 */
export type Refusal<Field extends string> = Refused | Invalid<Field>;
export type Refused = { kind: "refused"; failure: string };
export type Invalid<Field extends string> = { kind: "invalid"; errors: Partial<Record<Field, string>> };

export const refused = (failure: string): Refused => ({ kind: "refused", failure });

export const invalid = <Field extends string>(errors: Partial<Record<Field, string>>): Invalid<Field> => ({
  kind: "invalid",
  errors,
});

/** Whether a core's answer (an outcome, or a value such as a row) is a refusal. */
export function isRefusal<Field extends string, T extends object>(
  answer: T | Refusal<Field>,
): answer is Refusal<Field> {
  const kind = (answer as { kind?: unknown }).kind;
  return kind === "refused" || kind === "invalid";
}

/** Carries a refusal out of the transaction it rolls back; never leaves refusingTransaction. */
class RolledBack extends Error {
  override name = "RolledBack";
  constructor(readonly refusal: Refusal<string>) {
    super("refused");
  }
}

/**
 * Whether PostgreSQL ended the transaction to let another go on: deadlock_detected (40P01), the
 * victim of two transactions waiting for each other, or serialization_failure (40001). Run again,
 * it sees what the other committed. SQLite, one writer at a time, never gives either.
 */
export function isContention(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "40P01" || code === "40001";
}

/** How many times refusingTransaction runs a transaction that PostgreSQL ends for contention (isContention). */
export const TRANSACTION_TRIES = 3;

/**
 * Thrown by a core that met contention (isContention) where it knows what to answer should it last:
 * refusingTransaction runs the transaction again and, after its last try, gives `refusal`. A claim of a
 * room that keeps deadlocking with another claim of it is the time taken.
 */
export class Contended extends Error {
  override name = "Contended";
  constructor(readonly refusal: Refusal<string>) {
    super("contended");
  }
}

/**
 * Runs `work` in one transaction and gives its outcome. A refusal it gives
 * rolls the transaction back (whatever was written before it, and a
 * statement the database refused, are undone) and is given as it is. A
 * transaction PostgreSQL ends for contention (a deadlock's victim, or
 * Contended) is run again, TRANSACTION_TRIES times at most; `work` writes
 * nothing outside it, so running it again is safe.
 */
export async function refusingTransaction<Outcome extends { kind: string }>(
  db: Db,
  work: (trx: Kysely<Database>) => Promise<Outcome>,
): Promise<Outcome> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        const outcome = await work(trx);
        if (isRefusal(outcome)) throw new RolledBack(outcome);
        return outcome;
      });
    } catch (error) {
      // Only a refusal of `work`'s own is thrown as RolledBack, so it is one of its outcomes.
      if (error instanceof RolledBack) return error.refusal as unknown as Outcome;
      const contended = error instanceof Contended;
      if ((contended || isContention(error)) && attempt < TRANSACTION_TRIES) continue;
      if (contended) return error.refusal as unknown as Outcome;
      throw error;
    }
  }
}

/** A refusal in words, as the console's error summary reads it: the sentence, or each field's message in turn. */
export function refusalWords(refusal: Refusal<string>): string {
  return refusal.kind === "refused" ? refusal.failure : Object.values(refusal.errors).filter(Boolean).join(" ");
}
