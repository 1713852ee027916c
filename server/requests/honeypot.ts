/**
 * The forms carry a hidden "website" field that people never fill in. A
 * request with it filled is answered exactly like an accepted one, with a
 * plausible reference, and nothing is stored or sent.
 */
export const HONEYPOT_FIELD = "website";

export function isHoneypotFilled(body: unknown): boolean {
  if (typeof body !== "object" || body === null) return false;
  const value = (body as Record<string, unknown>)[HONEYPOT_FIELD];
  if (value === undefined || value === null) return false;
  return typeof value !== "string" || value.trim() !== "";
}
