import { recordAudit } from "./audit";
import { hashPassword, passwordProblem, verifyPassword } from "./passwords";
import type { StaffRuntime } from "./runtime";
import type { Db } from "../db/index";

export interface StaffIdentity {
  id: number;
  email: string;
  name: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export class StaffAccountError extends Error {
  override name = "StaffAccountError";
}

/** Creates an account (command line only). Throws StaffAccountError for bad input or a taken address. */
export async function createStaffAccount(
  db: Db,
  input: { email: string; name: string; password: string },
  now = new Date(),
): Promise<StaffIdentity> {
  const email = normaliseEmail(input.email);
  const name = input.name.trim();
  if (!EMAIL.test(email) || email.length > 254) throw new StaffAccountError("Enter a valid e-mail address.");
  if (!name || name.length > 120) throw new StaffAccountError("Enter a name of 1 to 120 characters.");
  const problem = passwordProblem(input.password);
  if (problem) throw new StaffAccountError(problem);
  const existing = await db.selectFrom("staff_users").select("id").where("email", "=", email).executeTakeFirst();
  if (existing) throw new StaffAccountError(`An account for ${email} already exists.`);
  const passwordHash = await hashPassword(input.password);
  const stamp = now.toISOString();
  const row = await db
    .insertInto("staff_users")
    .values({ email, name, password_hash: passwordHash, disabled: 0, created_at: stamp, updated_at: stamp, last_sign_in_at: null })
    .returning(["id", "email", "name"])
    .executeTakeFirstOrThrow();
  return row;
}

export async function listStaffAccounts(db: Db) {
  return db
    .selectFrom("staff_users")
    .select(["id", "email", "name", "disabled", "created_at", "last_sign_in_at"])
    .orderBy("email")
    .execute();
}

/** Disables an account and ends its sessions at once. */
export async function disableStaffAccount(db: Db, email: string, now = new Date()): Promise<void> {
  const normalised = normaliseEmail(email);
  await db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom("staff_users").select("id").where("email", "=", normalised).executeTakeFirst();
    if (!user) throw new StaffAccountError(`No account for ${normalised}.`);
    await trx.updateTable("staff_users").set({ disabled: 1, updated_at: now.toISOString() }).where("id", "=", user.id).execute();
    await trx.deleteFrom("staff_sessions").where("staff_id", "=", user.id).execute();
  });
}

export type SignInResult =
  | { ok: true; staff: StaffIdentity }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "locked"; retryAfterMinutes: number };

/** Failures from one client address allowed before it is locked out too: a multiple of the per-account limit. */
const IP_FACTOR = 4;
const MAX_DELAY_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Checks an e-mail and password. Counters live in the database, keyed by the
 * e-mail address as typed (whether or not an account exists, so a lockout
 * reveals nothing) and by the client address. After two failures each
 * further one waits longer; at the threshold the key is locked for a while,
 * and even the right password is refused until it ends.
 */
export async function signIn(
  rt: StaffRuntime,
  input: { email: string; password: string; clientIp: string },
): Promise<SignInResult> {
  const { db, config } = rt;
  const now = rt.now();
  const email = normaliseEmail(input.email).slice(0, 254);
  const keys = { email: `email:${email}`, ip: `ip:${input.clientIp}` };
  const throttles = await db
    .selectFrom("staff_login_throttle")
    .selectAll()
    .where("key", "in", [keys.email, keys.ip])
    .execute();
  const lockedUntil = throttles
    .map((t) => t.locked_until)
    .filter((t): t is string => !!t && t > now.toISOString())
    .sort()
    .at(-1);
  if (lockedUntil) {
    await recordAudit(db, { staffId: null, staffEmail: email, action: "sign_in_failed", detail: "locked" }, now);
    return { ok: false, reason: "locked", retryAfterMinutes: minutesUntil(lockedUntil, now) };
  }

  const user = await db
    .selectFrom("staff_users")
    .select(["id", "email", "name", "password_hash", "disabled"])
    .where("email", "=", email)
    .executeTakeFirst();
  const active = user && user.disabled === 0 ? user : undefined;
  const valid = await verifyPassword(active?.password_hash ?? null, input.password);

  if (valid && active) {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom("staff_login_throttle").where("key", "=", keys.email).execute();
      await trx.updateTable("staff_users").set({ last_sign_in_at: now.toISOString() }).where("id", "=", active.id).execute();
      await recordAudit(trx, { staffId: active.id, staffEmail: active.email, action: "sign_in" }, now);
    });
    return { ok: true, staff: { id: active.id, email: active.email, name: active.name } };
  }

  const windowStart = new Date(now.getTime() - config.staff.lockoutMinutes * 60_000).toISOString();
  const counted = await db.transaction().execute(async (trx) => {
    const results: Record<"email" | "ip", { failures: number; locked: string | null }> = {
      email: { failures: 0, locked: null },
      ip: { failures: 0, locked: null },
    };
    for (const kind of ["email", "ip"] as const) {
      const key = keys[kind];
      const row = await trx.selectFrom("staff_login_throttle").selectAll().where("key", "=", key).executeTakeFirst();
      // Failures older than a lockout period are forgotten.
      const previous = row && row.updated_at >= windowStart ? row.failures : 0;
      let failures = previous + 1;
      const limit = kind === "email" ? config.staff.lockoutThreshold : config.staff.lockoutThreshold * IP_FACTOR;
      let locked: string | null = null;
      if (failures >= limit) {
        locked = new Date(now.getTime() + config.staff.lockoutMinutes * 60_000).toISOString();
        failures = 0;
      }
      await trx
        .insertInto("staff_login_throttle")
        .values({ key, failures, locked_until: locked, updated_at: now.toISOString() })
        .onConflict((oc) => oc.column("key").doUpdateSet({ failures, locked_until: locked, updated_at: now.toISOString() }))
        .execute();
      results[kind] = { failures: locked ? limit : failures, locked };
    }
    await recordAudit(
      trx,
      { staffId: user?.id ?? null, staffEmail: email, action: "sign_in_failed", detail: user ? "wrong password or disabled" : "unknown account" },
      now,
    );
    return results;
  });

  const lockedNow = counted.email.locked ?? counted.ip.locked;
  if (lockedNow) return { ok: false, reason: "locked", retryAfterMinutes: config.staff.lockoutMinutes };
  const failures = Math.max(counted.email.failures, Math.ceil(counted.ip.failures / IP_FACTOR));
  if (failures > 2 && config.staff.slowdownMs > 0) {
    await sleep(Math.min(config.staff.slowdownMs * 2 ** (failures - 3), MAX_DELAY_MS));
  }
  return { ok: false, reason: "invalid" };
}

function minutesUntil(iso: string, now: Date): number {
  return Math.max(1, Math.ceil((new Date(iso).getTime() - now.getTime()) / 60_000));
}
