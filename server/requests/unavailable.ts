import { BASE_LOCALE, type Locale } from "../../domain/locale";
import { m } from "../../domain/paraglide/messages.js";

/**
 * "The database cannot be reached" as the public endpoints answer it: 503
 * with Retry-After and a plain message, never a 500. Each request runs in one
 * transaction (and an upload removes its file when its row cannot be
 * written), so a failure midway leaves nothing half-written.
 */

/** The outage's message in `locale` (the browser forms say it in the page's language too). */
export const unavailableMessage = (locale: Locale = BASE_LOCALE) => m.form_unavailable({}, { locale });
export const UNAVAILABLE_MESSAGE = unavailableMessage();
/** Seconds a client is asked to wait before trying again. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 30;

/** Node socket errors that mean the database server cannot be reached. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);

/**
 * True when an error says the database is unreachable or unable to serve
 * (rather than that a statement was wrong): connection failures and pool
 * timeouts from pg, PostgreSQL's connection, shutdown and resource classes,
 * and SQLite's busy, locked, I/O, full, read-only and cannot-open errors.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (!e || typeof e !== "object") return false;
  const code = typeof e.code === "string" ? e.code : "";
  const message = typeof e.message === "string" ? e.message : "";
  if (NETWORK_CODES.has(code)) return true;
  // PostgreSQL SQLSTATE: 08 connection exception, 53 insufficient resources, 57P0x shutdown / cannot connect now.
  if (/^(08|53)[0-9A-Z]{3}$/.test(code) || /^57P0[1-4]$/.test(code)) return true;
  if (/^SQLITE_(BUSY|LOCKED|IOERR|FULL|READONLY|CANTOPEN)/.test(code)) return true;
  // pg and pg-pool report a lost or refused connection in words, without a code.
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|Client was closed and is not queryable|the database system is (starting up|shutting down)|driver has already been destroyed/i.test(
    message,
  );
}
