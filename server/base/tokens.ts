import crypto from "node:crypto";

/**
 * Bearer secrets in links and cookies: 256 random bits, base64url, so they
 * survive a URL path or query unescaped. Only their SHA-256 is ever stored.
 */

const TOKEN_BYTES = 32;

/**
 * A new secret token: 32 random bytes as 43 base64url characters, drawn from the
 * system's generator for this token alone (no pool of bytes kept in memory between
 * uses; its cost is measured in decision 053).
 */
export function newToken(): string {
  return crypto.randomBytes(TOKEN_BYTES).toString("base64url");
}

/** What the database keeps of a token. */
export function hashToken(token: string): string {
  return crypto.hash("sha256", token, "hex");
}

/** The shape newToken() makes; anything else is refused before a lookup. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Whether two secrets are equal, compared in constant time (their SHA-256 digests, so any lengths). */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => crypto.createHash("sha256").update(text).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}
