import crypto from "node:crypto";

/**
 * Bearer secrets in links and cookies: 256 random bits, base64url, so they
 * survive a URL path or query unescaped. Only their SHA-256 is ever stored.
 */

/** A new secret token: 32 random bytes as 43 base64url characters. */
export function newToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/** What the database keeps of a token. */
export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** The shape newToken() makes; anything else is refused before a lookup. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
