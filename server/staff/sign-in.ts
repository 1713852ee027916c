import { recordAudit } from "../audit/audit";
import { normaliseEmail } from "./accounts";
import { keyedHash } from "./keys";
import { loginThrottleRepository, THROTTLE_KEY_PREFIX } from "./login-throttle-repository";
import { revokeOtherSessions } from "./sessions";
import { hashPassword, passwordProblem, verifyPassword } from "./passwords";
import type { StaffRuntime } from "../db/runtime";
import { staffUserRepository } from "./staff-user-repository";
import type { StaffIdentity } from "../../domain/staff-roles";
import { clientKey } from "../requests/rate-limit-store";

/*
 * Signing in: the password step, the second step's lockout (the code itself
 * is second-factor.ts), and a staff member's own password change, which
 * checks the current password under the same lockout. The lockout counters
 * live in the database, keyed by the typed e-mail as a keyed hash and by the
 * client address. Accounts and a manager's changes to them are accounts.ts.
 */

export type SignInResult =
  | { ok: true; staff: StaffIdentity; next: "session" | "code" | "enrol" }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "locked"; retryAfterMinutes: number };

export type LockoutResult =
  { ok: false; reason: "invalid" } | { ok: false; reason: "locked"; retryAfterMinutes: number };

/** Failures from one client address allowed before it is locked out too: a multiple of the per-account limit. */
const IP_FACTOR = 4;
const MAX_DELAY_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The audit log's stand-in for an e-mail address typed at sign-in: a keyed hash, never the address. */
export async function typedEmailForAudit(rt: StaffRuntime, email: string): Promise<string> {
  return `hmac:${(await keyedHash(rt, "email", normaliseEmail(email).slice(0, 254))).slice(0, 32)}`;
}

/** The lockout counters' keys: the e-mail as a keyed hash (whether or not an account exists) and the client address. */
async function throttleKeys(rt: StaffRuntime, email: string, clientIp: string) {
  return {
    email: `${THROTTLE_KEY_PREFIX.account}${await keyedHash(rt, "email", normaliseEmail(email).slice(0, 254))}`,
    ip: `${THROTTLE_KEY_PREFIX.address}${clientKey(clientIp)}`,
  };
}

type ThrottleKeys = Awaited<ReturnType<typeof throttleKeys>>;

/** The end of the longest active lock on these keys, if any. */
async function activeLock(rt: StaffRuntime, keys: ThrottleKeys, now: Date): Promise<string | undefined> {
  const ends = await loginThrottleRepository(rt.db).lockEnds([keys.email, keys.ip]);
  return ends
    .filter((t): t is string => !!t && t > now.toISOString())
    .sort()
    .at(-1);
}

/**
 * Counts one failure on a key in one atomic statement (an upsert that adds 1
 * and returns the new count), so parallel attempts on any number of
 * instances are all counted. A count older than a lockout period, or left
 * from a lock that has ended, starts again at 1. Reaching the limit sets (or
 * extends) the lock for a lockout period in the same statement; nothing here
 * ever shortens or clears an active lock.
 */
async function countFailure(
  rt: StaffRuntime,
  key: string,
  limit: number,
  now: Date,
): Promise<{ failures: number; lockedUntil: string | null }> {
  const period = rt.config.staff.lockoutMinutes * 60_000;
  return loginThrottleRepository(rt.db).countFailure(key, limit, {
    now: now.toISOString(),
    windowStart: new Date(now.getTime() - period).toISOString(),
    lockUntil: new Date(now.getTime() + period).toISOString(),
  });
}

/**
 * Records a failed sign-in step (wrong password, unknown account, wrong
 * second-factor code): counts it on both keys, writes the audit line (with
 * the typed e-mail only as a keyed hash), and slows repeated failures down.
 */
async function recordFailure(
  rt: StaffRuntime,
  keys: ThrottleKeys,
  audit: { staffId: number | null; staffEmail: string; detail: string },
  now: Date,
): Promise<LockoutResult> {
  const { config } = rt;
  const email = await countFailure(rt, keys.email, config.staff.lockoutThreshold, now);
  const ip = await countFailure(rt, keys.ip, config.staff.lockoutThreshold * IP_FACTOR, now);
  await recordAudit(
    { staffId: audit.staffId, staffEmail: audit.staffEmail, action: "sign_in_failed", detail: audit.detail },
    now,
    rt.db,
  );
  const lockedNow = [email.lockedUntil, ip.lockedUntil]
    .filter((t): t is string => !!t && t > now.toISOString())
    .sort()
    .at(-1);
  if (lockedNow) return { ok: false, reason: "locked", retryAfterMinutes: minutesUntil(lockedNow, now) };
  const failures = Math.max(email.failures, Math.ceil(ip.failures / IP_FACTOR));
  if (failures > 2 && config.staff.slowdownMs > 0) {
    await sleep(Math.min(config.staff.slowdownMs * 2 ** (failures - 3), MAX_DELAY_MS));
  }
  return { ok: false, reason: "invalid" };
}

/**
 * The check before any sign-in step: a lock on the account's (hashed) e-mail
 * key or on the client address refuses the attempt at once, without looking
 * at the password or code. The refused attempt is still counted (and keeps
 * the lock on), so every guess is counted however many arrive together, and
 * it is audited.
 */
async function refuseIfLocked(
  rt: StaffRuntime,
  keys: ThrottleKeys,
  audit: { staffId: number | null; staffEmail: string },
  now: Date,
) {
  if (!(await activeLock(rt, keys, now))) return null;
  const email = await countFailure(rt, keys.email, rt.config.staff.lockoutThreshold, now);
  const ip = await countFailure(rt, keys.ip, rt.config.staff.lockoutThreshold * IP_FACTOR, now);
  await recordAudit({ ...audit, action: "sign_in_failed", detail: "locked" }, now, rt.db);
  const until = [email.lockedUntil, ip.lockedUntil, await activeLock(rt, keys, now)]
    .filter((t): t is string => !!t)
    .sort()
    .at(-1)!;
  return { ok: false as const, reason: "locked" as const, retryAfterMinutes: minutesUntil(until, now) };
}

/**
 * Ends a sign-in: resets the account's failure count (only when no lock is
 * active: a lock set meanwhile by parallel guesses stands and wins), stamps
 * the account and writes the audit line. Returns false when a lock holds.
 */
async function completeSignIn(
  rt: StaffRuntime,
  staff: StaffIdentity,
  keys: ThrottleKeys,
  detail: string | undefined,
  now: Date,
): Promise<boolean> {
  const stamp = now.toISOString();
  await loginThrottleRepository(rt.db).resetUnlessLocked(keys.email, stamp);
  if (await activeLock(rt, keys, now)) return false;
  await rt.db.transaction().execute(async (trx) => {
    await staffUserRepository(rt.db).setLastSignIn(staff.id, stamp, trx);
    await recordAudit({ staffId: staff.id, staffEmail: staff.email, action: "sign_in", detail }, now, trx);
  });
  return true;
}

/**
 * Checks an e-mail and password. Counters live in the database, keyed by a
 * keyed hash of the e-mail address as typed (whether or not an account
 * exists, so a lockout reveals nothing) and by the client address. After two
 * failures each further one waits longer; at the threshold the key is locked
 * for a while, and even the right password is refused until it ends.
 *
 * With the second factor required, a right password is only the first step:
 * `next` says whether the account must enter a code or enrol first, and the
 * failure count is reset only when the second step succeeds.
 */
export async function signIn(
  rt: StaffRuntime,
  input: { email: string; password: string; clientIp: string },
): Promise<SignInResult> {
  const now = rt.now();
  const keys = await throttleKeys(rt, input.email, input.clientIp);
  const typed = await typedEmailForAudit(rt, input.email);
  const email = normaliseEmail(input.email).slice(0, 254);

  const user = await staffUserRepository(rt.db).findByEmail(email);
  const locked = await refuseIfLocked(rt, keys, { staffId: user?.id ?? null, staffEmail: typed }, now);
  if (locked) return locked;

  const active = user && user.disabled === 0 ? user : undefined;
  const valid = await verifyPassword(active?.password_hash ?? null, input.password);

  if (valid && active) {
    const staff = { id: active.id, email: active.email, name: active.name, role: active.role };
    if (rt.config.staff.mfaRequired) {
      // Password right, second factor pending: no lock may have been set meanwhile.
      const lockedNow = await refuseIfLocked(rt, keys, { staffId: active.id, staffEmail: typed }, now);
      if (lockedNow) return lockedNow;
      return { ok: true, staff, next: active.totp_secret ? "code" : "enrol" };
    }
    if (!(await completeSignIn(rt, staff, keys, undefined, now))) {
      return (
        (await refuseIfLocked(rt, keys, { staffId: active.id, staffEmail: typed }, now)) ?? {
          ok: false,
          reason: "invalid",
        }
      );
    }
    return { ok: true, staff, next: "session" };
  }

  return recordFailure(
    rt,
    keys,
    { staffId: user?.id ?? null, staffEmail: typed, detail: user ? "wrong password or disabled" : "unknown account" },
    now,
  );
}

export type SecondFactorResult = { ok: true; staff: StaffIdentity } | LockoutResult;

/**
 * The second sign-in step for an account whose password was right: `check`
 * tells whether the code is right (and uses it up). A wrong code counts as a
 * failed sign-in toward the same lockout as wrong passwords.
 */
export async function finishSignIn(
  rt: StaffRuntime,
  input: { staffId: number; clientIp: string; detail: string },
  check: () => Promise<boolean>,
): Promise<SecondFactorResult> {
  const now = rt.now();
  const user = await staffUserRepository(rt.db).findById(input.staffId);
  if (!user || user.disabled !== 0) return { ok: false, reason: "invalid" };
  const staff = { id: user.id, email: user.email, name: user.name, role: user.role };
  const keys = await throttleKeys(rt, user.email, input.clientIp);
  // Failed steps are audited like failed passwords: the account id, and the e-mail only as a keyed hash.
  const failed = { staffId: user.id, staffEmail: await typedEmailForAudit(rt, user.email) };
  const locked = await refuseIfLocked(rt, keys, failed, now);
  if (locked) return locked;
  if (!(await check())) return recordFailure(rt, keys, { ...failed, detail: "wrong second-factor code" }, now);
  if (!(await completeSignIn(rt, staff, keys, input.detail, now))) {
    return (await refuseIfLocked(rt, keys, failed, now)) ?? { ok: false, reason: "invalid" };
  }
  return { ok: true, staff };
}

function minutesUntil(iso: string, now: Date): number {
  return Math.max(1, Math.ceil((new Date(iso).getTime() - now.getTime()) / 60_000));
}

export type PasswordChangeResult =
  | { ok: true; endedSessions: number }
  | { ok: false; field: "current" | "next" | "confirm"; message: string; status: 400 | 401 | 429 };

/**
 * Changes a signed-in account's password: the current one must be right (a
 * wrong one counts toward the lockout, like at sign-in), the new one must
 * pass the password rules and be typed twice. Every other session of the
 * account ends; the one in use (`keepToken`) stays. Audited.
 */
export async function changePassword(
  rt: StaffRuntime,
  input: { staffId: number; keepToken: string; current: string; next: string; confirm: string; clientIp: string },
): Promise<PasswordChangeResult> {
  const now = rt.now();
  const users = staffUserRepository(rt.db);
  const user = await users.findById(input.staffId);
  if (!user || user.disabled !== 0)
    return { ok: false, field: "current", message: "This account cannot change its password.", status: 401 };
  const keys = await throttleKeys(rt, user.email, input.clientIp);
  const failed = { staffId: user.id, staffEmail: await typedEmailForAudit(rt, user.email) };
  const locked = await refuseIfLocked(rt, keys, failed, now);
  if (locked) return { ok: false, field: "current", message: lockedMessage(locked.retryAfterMinutes), status: 429 };
  if (!(await verifyPassword(user.password_hash, input.current))) {
    const result = await recordFailure(
      rt,
      keys,
      { ...failed, detail: "wrong current password (password change)" },
      now,
    );
    if (result.reason === "locked")
      return { ok: false, field: "current", message: lockedMessage(result.retryAfterMinutes), status: 429 };
    return { ok: false, field: "current", message: "The current password is not right.", status: 401 };
  }
  const problem = passwordProblem(input.next, [user.email, user.name]);
  if (problem) return { ok: false, field: "next", message: problem, status: 400 };
  if (input.next === input.current)
    return {
      ok: false,
      field: "next",
      message: "Choose a new password that is different from the current one.",
      status: 400,
    };
  if (input.next !== input.confirm)
    return {
      ok: false,
      field: "confirm",
      message: "The two new passwords do not match. Type the same new password twice.",
      status: 400,
    };
  const passwordHash = await hashPassword(input.next);
  const stamp = now.toISOString();
  const ended = await rt.db.transaction().execute(async (trx) => {
    await users.setPassword(user.id, passwordHash, stamp, trx);
    const trxRt = { ...rt, db: trx };
    const count = await revokeOtherSessions(trxRt, user.id, input.keepToken);
    await recordAudit(
      {
        staffId: user.id,
        staffEmail: user.email,
        action: "password_changed",
        detail: `${count} other ${count === 1 ? "session" : "sessions"} ended`,
      },
      now,
      trx,
    );
    return count;
  });
  return { ok: true, endedSessions: ended };
}

/** The words shown when a lock holds. */
export function lockedMessage(minutes: number): string {
  return `Too many failed sign-in attempts. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}
