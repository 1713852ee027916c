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
 * Runs `work` in one transaction and gives its outcome. A refusal it gives
 * rolls the transaction back (whatever was written before it, and a
 * statement the database refused, are undone) and is given as it is.
 */
export async function refusingTransaction<Outcome extends { kind: string }>(
  db: Db,
  work: (trx: Kysely<Database>) => Promise<Outcome>,
): Promise<Outcome> {
  try {
    return await db.transaction().execute(async (trx) => {
      const outcome = await work(trx);
      if (isRefusal(outcome)) throw new RolledBack(outcome);
      return outcome;
    });
  } catch (error) {
    // Only a refusal of `work`'s own is thrown as RolledBack, so it is one of its outcomes.
    if (error instanceof RolledBack) return error.refusal as unknown as Outcome;
    throw error;
  }
}

/** A refusal in words, as the console's error summary reads it: the sentence, or each field's message in turn. */
export function refusalWords(refusal: Refusal<string>): string {
  return refusal.kind === "refused" ? refusal.failure : Object.values(refusal.errors).filter(Boolean).join(" ");
}
