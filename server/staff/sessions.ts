import crypto from "node:crypto";
import type { Config } from "../config";
import type { StaffIdentity } from "./accounts";
import type { StaffRuntime } from "./runtime";

/** Sessions are refreshed in the database at most this often. */
const TOUCH_INTERVAL_MS = 60_000;

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** `__Host-` prefixed (which browsers only accept with Secure, Path=/ and no Domain) when the site is https. */
export function sessionCookieName(config: Pick<Config, "publicBaseUrl">): string {
  return isHttps(config) ? "__Host-staff_session" : "staff_session";
}

function isHttps(config: Pick<Config, "publicBaseUrl">): boolean {
  return config.publicBaseUrl.startsWith("https:");
}

export function sessionCookie(config: Pick<Config, "publicBaseUrl">, token: string): string {
  const parts = [`${sessionCookieName(config)}=${token}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (isHttps(config)) parts.push("Secure");
  return parts.join("; ");
}

export function clearedSessionCookie(config: Pick<Config, "publicBaseUrl">): string {
  const parts = [`${sessionCookieName(config)}=`, "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=0"];
  if (isHttps(config)) parts.push("Secure");
  return parts.join("; ");
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
  return isHttps(config) ? "__Host-staff_pending" : "staff_pending";
}

export function pendingCookie(config: Pick<Config, "publicBaseUrl">, token: string): string {
  const parts = [
    `${pendingCookieName(config)}=${token}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${PENDING_COOKIE_SECONDS}`,
  ];
  if (isHttps(config)) parts.push("Secure");
  return parts.join("; ");
}

export function clearedPendingCookie(config: Pick<Config, "publicBaseUrl">): string {
  const parts = [`${pendingCookieName(config)}=`, "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=0"];
  if (isHttps(config)) parts.push("Secure");
  return parts.join("; ");
}

export function readPendingToken(
  config: Pick<Config, "publicBaseUrl">,
  cookieHeader: string | undefined | null,
): string | null {
  return readCookieToken(pendingCookieName(config), cookieHeader);
}

function readCookieToken(name: string, cookieHeader: string | undefined | null): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
    }
  }
  return null;
}

/** Starts a new session (a fresh random token every sign-in) and returns its token. */
export async function createSession(rt: StaffRuntime, staffId: number): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  const stamp = rt.now().toISOString();
  await rt.db
    .insertInto("staff_sessions")
    .values({ token_hash: hashToken(token), staff_id: staffId, created_at: stamp, last_seen_at: stamp })
    .execute();
  return token;
}

/**
 * The staff member behind a token, or null when the token is unknown, idle
 * too long, too old, or the account is disabled. Expired sessions are deleted.
 */
export async function lookupSession(rt: StaffRuntime, token: string): Promise<StaffIdentity | null> {
  const { db, config } = rt;
  const now = rt.now();
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom("staff_sessions")
    .innerJoin("staff_users", "staff_users.id", "staff_sessions.staff_id")
    .select([
      "staff_sessions.id as sessionId",
      "staff_sessions.created_at",
      "staff_sessions.last_seen_at",
      "staff_users.id",
      "staff_users.email",
      "staff_users.name",
      "staff_users.disabled",
    ])
    .where("staff_sessions.token_hash", "=", tokenHash)
    .executeTakeFirst();
  if (!row) return null;
  const idleExpired = now.getTime() - new Date(row.last_seen_at).getTime() > config.staff.sessionIdleMinutes * 60_000;
  const tooOld = now.getTime() - new Date(row.created_at).getTime() > config.staff.sessionMaxHours * 3_600_000;
  if (idleExpired || tooOld || row.disabled !== 0) {
    await db.deleteFrom("staff_sessions").where("id", "=", row.sessionId).execute();
    return null;
  }
  if (now.getTime() - new Date(row.last_seen_at).getTime() > TOUCH_INTERVAL_MS) {
    await db
      .updateTable("staff_sessions")
      .set({ last_seen_at: now.toISOString() })
      .where("id", "=", row.sessionId)
      .execute();
  }
  return { id: row.id, email: row.email, name: row.name };
}

/** Ends a session on the server. */
export async function revokeSession(rt: StaffRuntime, token: string): Promise<void> {
  await rt.db.deleteFrom("staff_sessions").where("token_hash", "=", hashToken(token)).execute();
}

/** Ends every session of an account except the one given (after a password change). Returns how many ended. */
export async function revokeOtherSessions(rt: StaffRuntime, staffId: number, keepToken: string): Promise<number> {
  const result = await rt.db
    .deleteFrom("staff_sessions")
    .where("staff_id", "=", staffId)
    .where("token_hash", "!=", hashToken(keepToken))
    .executeTakeFirst();
  await rt.db.deleteFrom("staff_sign_in_challenges").where("staff_id", "=", staffId).execute();
  return Number(result.numDeletedRows);
}

/** Deletes sessions past their idle or absolute limit, and expired pending sign-ins (the daily job). */
export async function deleteExpiredSessions(rt: StaffRuntime): Promise<number> {
  const now = rt.now().getTime();
  await rt.db.deleteFrom("staff_sign_in_challenges").where("expires_at", "<=", new Date(now).toISOString()).execute();
  const idleCutoff = new Date(now - rt.config.staff.sessionIdleMinutes * 60_000).toISOString();
  const ageCutoff = new Date(now - rt.config.staff.sessionMaxHours * 3_600_000).toISOString();
  const result = await rt.db
    .deleteFrom("staff_sessions")
    .where((eb) => eb.or([eb("last_seen_at", "<", idleCutoff), eb("created_at", "<", ageCutoff)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
