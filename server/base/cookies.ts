import type { Config } from "./config";
import { TOKEN_PATTERN } from "./tokens";

/**
 * The cookies that carry a secret token (newToken(): 43 base64url
 * characters), built and read in one place: the staff session and its
 * half-signed-in state (server/staff/sessions.ts), and the grant a report's
 * code or date of birth earns (server/appointments/reports/pages.ts).
 */

/** Whether the site is served over https (then cookies are Secure and `__Host-` prefixed). */
export function isHttps(config: Pick<Config, "publicBaseUrl">): boolean {
  return config.publicBaseUrl.startsWith("https:");
}

/** A token cookie's name: `__Host-<name>` over https (browsers then insist on Secure, Path=/ and no Domain). */
export function tokenCookieName(config: Pick<Config, "publicBaseUrl">, name: string): string {
  return isHttps(config) ? `__Host-${name}` : name;
}

/**
 * A token cookie's Set-Cookie value: for the whole site, HttpOnly, SameSite
 * Lax (the staff console, reached from links) or Strict, Secure over https;
 * `maxAge` in seconds when it has one (0 clears it).
 */
export function tokenCookie(
  config: Pick<Config, "publicBaseUrl">,
  name: string,
  value: string,
  { maxAge, sameSite = "Lax" }: { maxAge?: number; sameSite?: "Lax" | "Strict" } = {},
): string {
  const parts = [`${name}=${value}`, "Path=/", "HttpOnly", `SameSite=${sameSite}`];
  if (maxAge !== undefined) parts.push(`Max-Age=${maxAge}`);
  if (isHttps(config)) parts.push("Secure");
  return parts.join("; ");
}

/** The token in the cookie `name` of a Cookie header; null when absent or not a token's shape. */
export function readCookieToken(name: string, cookieHeader: string | undefined | null): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return TOKEN_PATTERN.test(value) ? value : null;
    }
  }
  return null;
}
