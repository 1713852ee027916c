import type { Config } from "../base/config";
import type { StaffIdentity } from "../../domain/staff-roles";
import type { StaffRuntime } from "../db/runtime";
import { signInChallengeRepository } from "./sign-in-challenge-repository";
import { staffSessionRepository } from "./staff-session-repository";
import { hashToken, newToken } from "../base/tokens";
import { readCookieToken, tokenCookie, tokenCookieName } from "../base/cookies";

/** Sessions are refreshed in the database at most this often. */
const TOUCH_INTERVAL_MS = 60_000;

/** `__Host-` prefixed (which browsers only accept with Secure, Path=/ and no Domain) when the site is https. */
export function sessionCookieName(config: Pick<Config, "publicBaseUrl">): string {
  return tokenCookieName(config, "staff_session");
}

/** A staff cookie's Set-Cookie value (server/base/cookies.ts): SameSite=Lax, so links into the console carry it. */
function staffCookie(config: Pick<Config, "publicBaseUrl">, name: string, value: string, maxAge?: number): string {
  return tokenCookie(config, name, value, { maxAge });
}

export function sessionCookie(config: Pick<Config, "publicBaseUrl">, token: string): string {
  return staffCookie(config, sessionCookieName(config), token);
}

export function clearedSessionCookie(config: Pick<Config, "publicBaseUrl">): string {
  return staffCookie(config, sessionCookieName(config), "", 0);
}

/** The session token from a Cookie header, if any. */
export function readSessionToken(
  config: Pick<Config, "publicBaseUrl">,
  cookieHeader: string | undefined | null,
): string | null {
  return readCookieToken(sessionCookieName(config), cookieHeader);
}

// --- The half-signed-in state (password right, second factor pending): its own cookie, never a session ---

/** The half-signed-in state lasts this long (server side and cookie), then the password must be typed again. */
export const PENDING_MINUTES = 5;
const PENDING_COOKIE_SECONDS = PENDING_MINUTES * 60;

export function pendingCookieName(config: Pick<Config, "publicBaseUrl">): string {
  return tokenCookieName(config, "staff_pending");
}

export function pendingCookie(config: Pick<Config, "publicBaseUrl">, token: string): string {
  return staffCookie(config, pendingCookieName(config), token, PENDING_COOKIE_SECONDS);
}

export function clearedPendingCookie(config: Pick<Config, "publicBaseUrl">): string {
  return staffCookie(config, pendingCookieName(config), "", 0);
}

export function readPendingToken(
  config: Pick<Config, "publicBaseUrl">,
  cookieHeader: string | undefined | null,
): string | null {
  return readCookieToken(pendingCookieName(config), cookieHeader);
}

/** Starts a new session (a fresh random token every sign-in) and returns its token. */
export async function createSession(rt: StaffRuntime, staffId: number): Promise<string> {
  const token = newToken();
  const stamp = rt.now().toISOString();
  await staffSessionRepository(rt.db).create(hashToken(token), staffId, stamp);
  return token;
}

/**
 * The staff member behind a token, or null when the token is unknown, idle
 * too long, too old, or the account is disabled. Expired sessions are deleted.
 */
export async function lookupSession(rt: StaffRuntime, token: string): Promise<StaffIdentity | null> {
  const { db, config } = rt;
  const now = rt.now();
  const sessions = staffSessionRepository(db);
  const row = await sessions.findWithStaff(hashToken(token));
  if (!row) return null;
  const idleExpired = now.getTime() - new Date(row.last_seen_at).getTime() > config.staff.sessionIdleMinutes * 60_000;
  const tooOld = now.getTime() - new Date(row.created_at).getTime() > config.staff.sessionMaxHours * 3_600_000;
  if (idleExpired || tooOld || row.disabled !== 0) {
    await sessions.deleteById(row.sessionId);
    return null;
  }
  if (now.getTime() - new Date(row.last_seen_at).getTime() > TOUCH_INTERVAL_MS) {
    await sessions.touch(row.sessionId, now.toISOString());
  }
  return { id: row.id, email: row.email, name: row.name, role: row.role };
}

/** Ends a session on the server. */
export async function revokeSession(rt: StaffRuntime, token: string): Promise<void> {
  await staffSessionRepository(rt.db).deleteByTokenHash(hashToken(token));
}

/** Ends every session of an account except the one given (after a password change). Returns how many ended. */
export async function revokeOtherSessions(rt: StaffRuntime, staffId: number, keepToken: string): Promise<number> {
  const ended = await staffSessionRepository(rt.db).deleteOthers(staffId, hashToken(keepToken));
  await signInChallengeRepository(rt.db).deleteForStaff(staffId);
  return ended;
}

/** Deletes sessions past their idle or absolute limit, and expired pending sign-ins (the daily job). */
export async function deleteExpiredSessions(rt: StaffRuntime): Promise<number> {
  const now = rt.now().getTime();
  await signInChallengeRepository(rt.db).deleteExpired(new Date(now).toISOString());
  const idleCutoff = new Date(now - rt.config.staff.sessionIdleMinutes * 60_000).toISOString();
  const ageCutoff = new Date(now - rt.config.staff.sessionMaxHours * 3_600_000).toISOString();
  return staffSessionRepository(rt.db).deleteIdleOrOld(idleCutoff, ageCutoff);
}
