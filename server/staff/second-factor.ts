import crypto from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { recordAudit } from "../audit/audit";
import { accountChangeAudit, changeAccount, type AccountChange, type ChangedBy } from "./accounts";
import { finishSignIn, type SecondFactorResult } from "./sign-in";
import type { StaffIdentity } from "../../domain/staff-roles";
import { hashPassword, verifyPassword } from "./passwords";
import { recoveryCodeRepository } from "./recovery-code-repository";
import type { StaffRuntime } from "../db/runtime";
import { PENDING_MINUTES } from "./sessions";
import { hashToken, newToken } from "../base/tokens";
import { signInChallengeRepository } from "./sign-in-challenge-repository";
import { staffSessionRepository } from "./staff-session-repository";
import { staffUserRepository } from "./staff-user-repository";
import type { Db } from "../db/index";

/**
 * The staff second factor: TOTP (RFC 6238: SHA-1, 6 digits, 30 s) with the
 * otpauth library, single-use recovery codes, and the half-signed-in state
 * between the password and the code. Decision 007 explains the choices.
 */

const PERIOD = 30;
const DIGITS = 6;
/** Codes from one step before or after now are accepted (clock drift). */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"; // no 0/o, 1/l/i

function totp(secret: string, label: string, issuer: string): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: DIGITS,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function otpauthUri(secret: string, email: string, issuer: string): string {
  return totp(secret, email, issuer).toString();
}

/** The QR code as an SVG string, made here on the server (no outside service). */
export async function qrSvg(uri: string): Promise<string> {
  // Loaded on first use: only a staff member setting up sign-in needs it.
  const { default: QRCode } = await import("qrcode");
  return QRCode.toString(uri, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 2,
    color: { dark: "#000000", light: "#ffffff" },
  });
}

/** The secret grouped in fours for typing by hand. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

/** The time step a 6-digit code belongs to (now ± one step), or null when it is wrong. */
export function totpStep(secret: string, code: string, now: Date): number | null {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totp(secret, "x", "x").validate({ token, timestamp: now.getTime(), window: WINDOW });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD) + delta;
}

/** A fresh code for a secret (tests and helpers). */
export function totpCode(secret: string, now = new Date()): string {
  return totp(secret, "x", "x").generate({ timestamp: now.getTime() });
}

function isRecoveryCodeShape(code: string): boolean {
  return /^[a-z0-9]{4}-?[a-z0-9]{4}-?[a-z0-9]{4}$/i.test(code.trim());
}

function normaliseRecoveryCode(code: string): string {
  return code.trim().toLowerCase().replace(/-/g, "");
}

function newRecoveryCode(): string {
  const chars = Array.from({ length: 12 }, () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)]).join(
    "",
  );
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
}

/** Accepts a TOTP code once: the step is stored atomically, so the same code (or an older one) is refused, even in parallel. */
async function useTotp(rt: StaffRuntime, staffId: number, code: string): Promise<boolean> {
  const users = staffUserRepository(rt.db);
  const user = await users.findById(staffId);
  if (!user?.totp_secret) return false;
  const step = totpStep(user.totp_secret, code, rt.now());
  if (step === null) return false;
  return users.useTotpStep(staffId, step);
}

/**
 * Uses up one recovery code. Codes are stored as argon2id hashes (each with its
 * own salt, ASVS 6.5.2), so the account's unused ones are verified in turn; the
 * match is marked used in one conditional statement, so it works once.
 */
async function useRecoveryCode(rt: StaffRuntime, staffId: number, code: string): Promise<boolean> {
  if (!isRecoveryCodeShape(code)) return false;
  const typed = normaliseRecoveryCode(code);
  const codes = recoveryCodeRepository(rt.db);
  for (const row of await codes.findUnused(staffId)) {
    if (!(await verifyPassword(row.code_hash, typed))) continue;
    return codes.markUsed(row.id, rt.now().toISOString());
  }
  return false;
}

// --- The half-signed-in state ---

export interface PendingSignIn {
  id: number;
  staffId: number;
  email: string;
  enrolled: boolean;
  enrolSecret: string | null;
}

/** Starts the half-signed-in state after a right password; returns its token (for the pending cookie only). */
export async function createPendingSignIn(rt: StaffRuntime, staffId: number): Promise<string> {
  const token = newToken();
  const now = rt.now();
  const challenges = signInChallengeRepository(rt.db);
  // One pending sign-in per account at a time.
  await challenges.deleteForStaff(staffId);
  await challenges.create({
    token_hash: hashToken(token),
    staff_id: staffId,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + PENDING_MINUTES * 60_000).toISOString(),
  });
  return token;
}

/** The pending sign-in behind a token, or null when unknown, expired or the account is disabled. */
export async function lookupPendingSignIn(rt: StaffRuntime, token: string): Promise<PendingSignIn | null> {
  const challenges = signInChallengeRepository(rt.db);
  const row = await challenges.findWithStaff(hashToken(token));
  if (!row) return null;
  if (row.expires_at <= rt.now().toISOString() || row.disabled !== 0) {
    await challenges.deleteById(row.id);
    return null;
  }
  return {
    id: row.id,
    staffId: row.staffId,
    email: row.email,
    enrolled: !!row.totp_secret,
    enrolSecret: row.enrol_secret,
  };
}

export async function endPendingSignIn(rt: StaffRuntime, token: string): Promise<void> {
  await signInChallengeRepository(rt.db).deleteByTokenHash(hashToken(token));
}

/** The secret being enrolled for a pending sign-in (made on first view, then kept until confirmed). */
export async function enrolmentSecret(rt: StaffRuntime, pending: PendingSignIn): Promise<string> {
  if (pending.enrolSecret) return pending.enrolSecret;
  return (await signInChallengeRepository(rt.db).keepEnrolSecret(pending.id, newTotpSecret()))!;
}

/** Second step with a TOTP code or a recovery code. Wrong codes count toward the lockout. */
export async function verifySecondFactor(
  rt: StaffRuntime,
  pending: PendingSignIn,
  input: { code: string; clientIp: string },
): Promise<SecondFactorResult> {
  const code = input.code.trim().slice(0, 40);
  const recovery = isRecoveryCodeShape(code) && !/^\d+$/.test(code.replace(/\s/g, ""));
  const result = await finishSignIn(
    rt,
    { staffId: pending.staffId, clientIp: input.clientIp, detail: recovery ? "recovery code" : "authenticator code" },
    () => (recovery ? useRecoveryCode(rt, pending.staffId, code) : useTotp(rt, pending.staffId, code)),
  );
  if (result.ok && recovery) {
    const left = await recoveryCodeRepository(rt.db).countUnused(pending.staffId);
    await recordAudit(
      {
        staffId: result.staff.id,
        staffEmail: result.staff.email,
        action: "recovery_code_used",
        detail: `${left} left`,
      },
      rt.now(),
      rt.db,
    );
  }
  if (result.ok || result.reason === "locked") await signInChallengeRepository(rt.db).deleteById(pending.id);
  return result;
}

export type EnrolmentResult =
  { ok: true; staff: StaffIdentity; recoveryCodes: string[] } | Exclude<SecondFactorResult, { ok: true }>;

/**
 * Confirms enrolment with one code from the new secret: the secret becomes
 * the account's (only if it has none, so two tabs cannot both enrol), the
 * code's step is stored (it cannot be replayed), and 10 recovery codes are
 * made, stored hashed and returned once.
 */
export async function confirmEnrolment(
  rt: StaffRuntime,
  pending: PendingSignIn,
  input: { code: string; clientIp: string },
): Promise<EnrolmentResult> {
  const secret = pending.enrolSecret;
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const result = await finishSignIn(
    rt,
    { staffId: pending.staffId, clientIp: input.clientIp, detail: "after setting up two-step sign-in" },
    async () => {
      if (!secret) return false;
      const step = totpStep(secret, input.code, rt.now());
      if (step === null) return false;
      // Hashed only once the code is right: ten argon2 runs are not spent on wrong or locked-out attempts.
      const hashes = await Promise.all(codes.map((c) => hashPassword(normaliseRecoveryCode(c))));
      const stamp = rt.now().toISOString();
      const recoveryCodes = recoveryCodeRepository(rt.db);
      return rt.db.transaction().execute(async (trx) => {
        // Only an account without a secret enrols, so two tabs cannot both enrol.
        if (!(await staffUserRepository(rt.db).enrolTotp(pending.staffId, secret, step, stamp, trx))) return false;
        await recoveryCodes.deleteForStaff(pending.staffId, trx);
        await recoveryCodes.createMany(pending.staffId, hashes, stamp, trx);
        await recordAudit(
          { staffId: pending.staffId, staffEmail: pending.email, action: "mfa_enrolled" },
          rt.now(),
          trx,
        );
        return true;
      });
    },
  );
  if (result.ok || result.reason === "locked") await signInChallengeRepository(rt.db).deleteById(pending.id);
  if (!result.ok) return result;
  return { ok: true, staff: result.staff, recoveryCodes: codes };
}

/**
 * Clears an account's second factor and recovery codes (the command line's
 * reset-mfa), ends its sessions and pending sign-ins, and audits the reset.
 * The next sign-in enrols again.
 */
export const resetSecondFactor = (db: Db, email: string, now?: Date, by?: ChangedBy) =>
  changeAccount(db, email, secondFactorReset, now, by);

const secondFactorReset: AccountChange = {
  make: async (user, now, by, trx) => {
    await staffUserRepository(trx).clearTotp(user.id, now.toISOString());
    await recoveryCodeRepository(trx).deleteForStaff(user.id);
    await signInChallengeRepository(trx).deleteForStaff(user.id);
    await staffSessionRepository(trx).deleteForStaff(user.id);
    await recordAudit(accountChangeAudit(by, user, "mfa_reset"), now, trx);
  },
};
