import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Db } from "../db/index";
import type { Database } from "../db/schema";
import type { ApiAnswer } from "./types";
import { idempotencyKeyRepository } from "./idempotency-key-repository";

/**
 * Idempotency for the public POSTs. The forms send an `Idempotency-Key`
 * fixed per form instance; a retry or a concurrent duplicate with the same
 * key and body gets the first answer and creates nothing new. The key, a hash
 * of the body and the answer are stored in the same transaction as the
 * record, under a (endpoint, key) primary key, so the check is safe across
 * concurrent requests and server instances.
 */

const KEY_RE = /^[A-Za-z0-9._:-]{8,128}$/;
export const KEY_INVALID = "Idempotency-Key must be 8 to 128 letters, digits, dots, dashes, colons or underscores.";
export const KEY_REUSED = "This Idempotency-Key was already used for a different request.";

export function isValidKey(key: string): boolean {
  return KEY_RE.test(key);
}

/**
 * JSON with object keys sorted (by UTF-16 code units, as `sort()` compares
 * strings) and undefined members left out, so equal bodies hash equally.
 * Written into one string, without the arrays of entries a map and join
 * would make: every public POST hashes its body.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    let out = "[";
    for (let i = 0; i < value.length; i++) out += (i ? "," : "") + canonicalJson(value[i]);
    return out + "]";
  }
  if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    let out = "{";
    for (const key of Object.keys(record).sort()) {
      const member = record[key];
      if (member === undefined) continue;
      out += (out.length > 1 ? "," : "") + JSON.stringify(key) + ":" + canonicalJson(member);
    }
    return out + "}";
  }
  return JSON.stringify(value ?? null);
}

export function bodyHash(body: unknown): string {
  return crypto.hash("sha256", canonicalJson(body), "hex");
}

/** The answer to a key used again with another body. */
export const KEY_REUSED_ANSWER: ApiAnswer = { status: 422, body: { message: KEY_REUSED } };

/**
 * Thrown inside the work to roll its transaction back; runIdempotent answers `{kind: "rejected", reason}`.
 * A signal that never leaves runIdempotent, so it carries no stack: capturing one (through the awaits
 * of the work) was 3 % of the server's CPU under the bench's load of times taken meanwhile.
 */
export class Rejection<R> extends Error {
  readonly reason: R;
  constructor(reason: R) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super("request rejected");
    Error.stackTraceLimit = limit;
    this.reason = reason;
  }
}

/**
 * How an accepted result is kept under its key (decision 031): as the JSON
 * API's answer to it (`answer`, a 2xx), stored in the transaction that made
 * it, and read back for a replay (`read`, the inverse of `answer`). The
 * route answers with the same `answer`, so a replay is the first answer.
 */
export interface AnswerRecord<T> {
  answer(value: T): ApiAnswer;
  read(answer: ApiAnswer): T;
}

/** What runIdempotent gives: the work's value (or the first one's, replayed), its rejection, or a key reused with another body. */
export type Idempotent<T, R> =
  { kind: "done"; value: T; replayed: boolean } | { kind: "rejected"; reason: R } | { kind: "key-reused" };

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    e?.code === "SQLITE_CONSTRAINT_PRIMARYKEY" ||
    e?.code === "SQLITE_CONSTRAINT_UNIQUE" ||
    e?.code === "23505" ||
    /UNIQUE constraint failed: idempotency_keys/.test(e?.message ?? "")
  );
}

/**
 * Runs `work` in one transaction. With a key: a stored answer is replayed
 * (key-reused if the body differs); otherwise the work's value is stored
 * with the key, as `record` answers it, before commit. `work` throws
 * Rejection to roll back; nothing is then stored.
 */
export async function runIdempotent<T, R = never>(
  db: Db,
  endpoint: string,
  key: string | undefined,
  body: unknown,
  record: AnswerRecord<T>,
  work: (trx: Kysely<Database>) => Promise<T>,
  now: () => Date = () => new Date(),
): Promise<Idempotent<T, R>> {
  const hash = key ? bodyHash(body) : "";
  const stored = idempotencyKeyRepository(db);
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx): Promise<Idempotent<T, R>> => {
        if (key) {
          const reply = await stored.find(endpoint, key, trx);
          if (reply) {
            if (reply.body_hash !== hash) return { kind: "key-reused" };
            const answer = { status: reply.status_code, body: JSON.parse(reply.response_json) as ApiAnswer["body"] };
            return { kind: "done", value: record.read(answer), replayed: true };
          }
        }
        const value = await work(trx);
        if (key) {
          const answer = record.answer(value);
          await stored.create(
            {
              endpoint,
              idempotency_key: key,
              body_hash: hash,
              status_code: answer.status,
              response_json: JSON.stringify(answer.body),
              created_at: now().toISOString(),
              reference: answeredReference(answer.body),
            },
            trx,
          );
        }
        return { kind: "done", value, replayed: false };
      });
    } catch (error) {
      if (error instanceof Rejection) return { kind: "rejected", reason: error.reason as R };
      // Another instance committed the same key first: its answer is now visible.
      if (key && attempt < 3 && isUniqueViolation(error)) continue;
      // Another process wrote while this transaction read (SQLite): start again on a fresh snapshot.
      if (attempt < 3 && isBusy(error)) {
        await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40));
        continue;
      }
      throw error;
    }
  }
}

/** The reference an answer gives (`data.reference`), stored beside it so a patient's export finds it exactly. */
function answeredReference(body: ApiAnswer["body"]): string | null {
  const reference = (body.data as { reference?: unknown } | undefined)?.reference;
  return typeof reference === "string" ? reference : null;
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: string })?.code ?? "";
  return code.startsWith("SQLITE_BUSY") || code === "40001"; // 40001: PostgreSQL serialization failure
}

/** Forgets keys older than `before` (run by the periodic sweep). */
export async function pruneIdempotencyKeys(db: Db, before: Date): Promise<number> {
  return idempotencyKeyRepository(db).deleteBefore(before);
}
