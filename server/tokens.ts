import crypto from "node:crypto";

/**
 * Bearer secrets in links and cookies: 256 random bits, base64url, so they
 * survive a URL path or query unescaped. Only their SHA-256 is ever stored.
 */

const TOKEN_BYTES = 32;
/**
 * Random bytes drawn 128 tokens at a time: each draw from the system's
 * generator cost some 13 µs of the event loop here, a quarter of that per
 * token when drawn together (a booking makes two; decision 036). Node's own
 * crypto.randomUUID keeps such a cache. Each token's bytes are wiped once
 * used, so the pool holds only tokens not yet made.
 */
const POOL_BYTES = TOKEN_BYTES * 128;
let pool = Buffer.alloc(0);
let used = 0;

/** A new secret token: 32 random bytes as 43 base64url characters. */
export function newToken(): string {
  if (used === pool.length) {
    pool = crypto.randomBytes(POOL_BYTES);
    used = 0;
  }
  const token = pool.toString("base64url", used, used + TOKEN_BYTES);
  pool.fill(0, used, used + TOKEN_BYTES);
  used += TOKEN_BYTES;
  return token;
}

/** What the database keeps of a token. */
export function hashToken(token: string): string {
  return crypto.hash("sha256", token, "hex");
}

/** The shape newToken() makes; anything else is refused before a lookup. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
