import net from "node:net";
import { isSupportedCountry } from "libphonenumber-js/max";
import { z } from "zod";
import { CLOSED_NOTE, OPENING_HOURS, type ClinicIdentity } from "../../domain/clinic";
import { isPlaceholderPhone, PLACEHOLDER_PHONE } from "../../domain/contact-links";
import { findServiceBySlug } from "../../domain/catalogue";
import { MANAGE_PER_MINUTE } from "../../domain/patient-link";
import { DEFAULT_RELEASE_DAYS, MAX_RELEASE_DAYS, parseReleaseDays } from "../../domain/reports";
import { DEFAULT_STATIONS, parseWorklistStations, type WorklistStations } from "../../domain/worklist";
import { septetCount, toGsm7 } from "../../domain/gsm7";
import {
  DEFAULT_QUIET_HOURS,
  parseQuietHours,
  SMS_LINK_ORIGIN_MAX,
  SMS_SENDER_NAME_MAX,
  type QuietHours,
} from "../../domain/text-messages";

/**
 * The one configuration module. Every setting comes from the environment,
 * is validated here at start-up, and a bad value stops the process with a
 * message that names the variable.
 *
 * Clinic details the clinic has not given us (its e-mail, WhatsApp number,
 * staff names, street address) have obviously fictional defaults
 * (example.org addresses, the number pattern +267 7X XXX XXX, which pages
 * show as written and never link) and must be overridden for a real
 * deployment.
 */

/** An international number (+ and digits), or a placeholder pattern with X for unknown digits ("+267 7X XXX XXX"). */
const phone = z
  .string()
  .trim()
  .refine(
    (v) => /^\+\d{7,15}$/.test(v) || (isPlaceholderPhone(v) && /^\+[\dX ]{7,20}$/.test(v)),
    `must be an international number such as +26771000000 (digits only after +), or a placeholder such as ${PLACEHOLDER_PHONE}`,
  );

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be YYYY-MM-DD");

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

/** A comma-separated list, each item checked by `item`. */
const csv = (item: z.ZodString) =>
  z
    .string()
    .transform((s) =>
      s
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item));

// --- HTTP edge (decision 008: client address) ---
const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
const TRUST_ALL =
  '"true" is no longer accepted: it would believe every address in X-Forwarded-For, so a client could pick its own address. Write the number of proxies in front of the app (TRUST_PROXY=1 for one nginx) or their addresses (TRUST_PROXY=127.0.0.1 or 10.0.0.0/8,192.0.2.7)';

/** One proxy address: an IPv4/IPv6 address, optionally with a /prefix, or loopback | linklocal | uniquelocal. */
export function isProxyAddress(item: string): boolean {
  if (PROXY_NAMES.has(item)) return true;
  const [address, prefix, extra] = item.split("/");
  const family = net.isIP(address ?? "");
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: false/0 (no proxy, the default), a hop count (1 = one nginx),
 * or a comma-separated list of proxy addresses/CIDRs. "true" (trust every
 * hop) is refused: with it, any client could invent its own address.
 */
const trustProxy = z.string().transform((raw, ctx): false | number | string[] => {
  const value = raw.trim().toLowerCase();
  if (["false", "no", "0"].includes(value)) return false;
  if (["true", "yes", "on"].includes(value)) {
    ctx.addIssue({ code: "custom", message: TRUST_ALL });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) {
      ctx.addIssue({ code: "custom", message: "a hop count must be between 0 and 10" });
      return z.NEVER;
    }
    return hops;
  }
  const items = value
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);
  const bad = items.filter((item) => !isProxyAddress(item));
  if (!items.length || bad.length) {
    ctx.addIssue({
      code: "custom",
      message: `must be false, a hop count (1 for one proxy) or a comma-separated list of proxy addresses/CIDRs; not understood: ${bad.join(", ") || raw}`,
    });
    return z.NEVER;
  }
  return items;
});

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|postgres(ql)?:\/\/)/, "must start with sqlite: or postgres://")
    .optional(),
  /**
   * SQLite only: our driver's kept statements and group commit (decision 036). "false" runs Kysely's
   * own SqliteDialect over better-sqlite3 with a statement cache, each commit synced by SQLite itself.
   */
  SQLITE_GROUP_COMMIT: bool.default(true),
  PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).default("http://localhost:3000"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** The proxies in front of the app (HTTP edge): a hop count or a list of addresses/CIDRs; never "true". */
  TRUST_PROXY: trustProxy.default(false),
  /** Test-only routes (a deliberately slow request for the shutdown test). Never enable in production. */
  ENABLE_TEST_ROUTES: bool.default(false),

  CLINIC_NAME: z.string().trim().min(1).default("Example Diagnostic Imaging (placeholder name)"),
  CLINIC_SHORT_NAME: z.string().trim().min(1).default("Example Imaging"),
  CLINIC_LANDLINE: phone.default("+2673163012"),
  CLINIC_WHATSAPP: phone.default(PLACEHOLDER_PHONE),
  CLINIC_EMAIL: z.email().default("info@clinic.example.org"),
  CLINIC_STREET: z.string().trim().min(1).default("Plot 0000, Example Road (placeholder address)"),
  CLINIC_CITY: z.string().trim().min(1).default("Gaborone"),
  CLINIC_COUNTRY: z.string().trim().length(2).default("BW"),
  CLINIC_LATITUDE: z.coerce.number().min(-90).max(90).default(-24.6282),
  CLINIC_LONGITUDE: z.coerce.number().min(-180).max(180).default(25.9231),
  // Unset (or a name left empty): the page says "Name to be confirmed" in its own language.
  STAFF_NAMES: csv(z.string().min(1)).default([]),
  // Who made the website, a name: the footer says "Website by NAME" in the page's language; unset, a placeholder.
  SITE_CREDIT: z.string().trim().min(1).optional(),
  SMS_PROVIDER_NAME: z.string().trim().min(1).default("SMS company to be named (placeholder)"),

  BOOKING_HORIZON_DAYS: z.coerce.number().int().min(1).max(730).default(90),
  CLOSED_DATES: csv(isoDate).default([]),

  // --- Requests, uploads and mail ---
  /** smtp://user:pass@host:port or smtps://…; unset → messages are written as .eml files under DATA_DIR/outbox. */
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: "must be smtp://user:pass@host:port or smtps://…" })
    .refine(
      (u) => !u.includes("?"),
      "takes no ?options (TLS is required unless SMTP_ALLOW_PLAINTEXT=true; see docs/privacy-retention.md)",
    )
    .optional(),
  MAIL_FROM: z.string().trim().min(3).default("Example Imaging <no-reply@clinic.example.org>"),
  MAIL_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(5000),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  // --- The imaging machines' worklist (decision 065) ---
  /** The folder Orthanc's worklist plugin reads (Worklists.Database); unset → no worklist file is written. */
  WORKLIST_DIR: z.string().trim().min(1).optional(),
  /** ROOM=AE_TITLE/MODALITY,…: each room's imaging machine. */
  WORKLIST_STATIONS: z
    .string()
    .transform((raw, ctx) => {
      const parsed = parseWorklistStations(raw);
      if (typeof parsed === "string") {
        ctx.addIssue({ code: "custom", message: parsed });
        return z.NEVER;
      }
      return parsed;
    })
    .default(DEFAULT_STATIONS),
  /** How often a listening server writes the worklist files that changed. */
  WORKLIST_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(5000),
  // --- The images have arrived: Orthanc's /changes feed (decision 066) ---
  /** Orthanc's REST API (http://127.0.0.1:8042); unset → nothing follows Orthanc. */
  ORTHANC_URL: z
    .url({ protocol: /^https?$/, error: "must be Orthanc's REST address, such as http://127.0.0.1:8042" })
    .refine((u) => {
      const url = new URL(u);
      return !url.username && !url.password && !url.search && !url.hash;
    }, "must not carry a user name, password, ?query or #: set ORTHANC_USERNAME and ORTHANC_PASSWORD instead")
    .optional(),
  /** The user Orthanc's RegisteredUsers knows the site by (with ORTHANC_PASSWORD), when Orthanc asks for one. */
  ORTHANC_USERNAME: z.string().trim().min(1).max(200).optional(),
  ORTHANC_PASSWORD: z.string().min(1).max(500).optional(),
  /** How often a listening server reads Orthanc's /changes feed. */
  ORTHANC_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(5000),
  /** How long one request to Orthanc may take before it counts as Orthanc away. */
  ORTHANC_TIMEOUT_MS: z.coerce.number().int().min(50).max(120_000).default(10_000),
  // --- The signed report (issue 38, decision 075) ---
  /** Days after the report is attached before the patient may open it on their private page; 0: at once. */
  REPORT_RELEASE_DAYS: z.coerce.number().int().min(0).max(MAX_RELEASE_DAYS).default(DEFAULT_RELEASE_DAYS),
  /** A service's own delay, by slug: "x-ray=0,mammography=14"; the others take REPORT_RELEASE_DAYS. */
  REPORT_RELEASE_DAYS_BY_SERVICE: z
    .string()
    .transform((raw, ctx) => {
      const parsed = parseReleaseDays(raw, (slug) => findServiceBySlug(slug) !== undefined);
      if (typeof parsed === "string") {
        ctx.addIssue({ code: "custom", message: parsed });
        return z.NEVER;
      }
      return parsed;
    })
    .default({}),
  /** How often a listening server looks for appointment reminders to send (server/appointments/notices/reminders.ts). */
  REMINDER_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(300_000),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  UPLOAD_UNCLAIMED_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 30)
    .default(24),
  UPLOAD_SWEEP_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(86_400_000)
    .default(15 * 60 * 1000),
  RATE_LIMIT_ENABLED: bool.default(true),
  RATE_LIMIT_BOOKINGS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
  RATE_LIMIT_ENQUIRIES_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
  RATE_LIMIT_UPLOADS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Openings of and posts to patients' private links, per client address (MANAGE_PER_MINUTE by default). */
  RATE_LIMIT_PRIVATE_LINKS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(MANAGE_PER_MINUTE),

  // --- HTTP edge: upload caps (decision 008) ---
  /** Bytes that uploads not yet attached to a booking may take in all (507 beyond). */
  UPLOAD_UNCLAIMED_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024 * 1024)
    .max(1024 ** 4)
    .default(1024 ** 3),
  /** Upload attempts one client address may make per day (UTC), 429 beyond. */
  UPLOAD_DAILY_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Threads checking referral PDFs at once, off the event loop (decision 040). */
  PDF_CHECK_WORKERS: z.coerce.number().int().min(1).max(16).default(1),
  /** PDFs waiting for a thread; one more is answered 503 with Retry-After. */
  PDF_CHECK_QUEUE: z.coerce.number().int().min(0).max(1000).default(4),
  /** Milliseconds one PDF's check may take; past it its thread is ended and the file refused. */
  PDF_CHECK_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),

  // --- HTTP edge: timeouts (docs/security.md) ---
  /** Time a client has to send a request's headers; then 408 and the connection is closed. */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Time a client has to send a whole request, body included (a 10 MB referral on a slow phone); then 408 and closed. */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(300_000),
  /** A connection on which nothing arrives or leaves for this long is closed. */
  HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  /** A kept-alive connection waiting for its next request is closed after this long (longer than a proxy's own, nginx 60 s). */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(72_000),
  /** On SIGTERM, time the requests in flight have to finish; then their connections are cut (decision 033). */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),

  // --- Operations: health and metrics (decision 033) ---
  /** The bearer token /metrics asks for; unset, /metrics answers 404 and nothing is measured. */
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(32, "must be at least 32 characters (e.g. openssl rand -hex 32)")
    .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces (it travels in an HTTP header)")
    .optional(),

  // --- Staff console ---
  /** Minutes of inactivity after which a staff session ends. */
  STAFF_SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** Hours after sign-in after which a staff session ends whatever the activity. */
  STAFF_SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(168).default(12),
  /** Months after the appointment date (enquiries: after creation) before records and files are deleted. */
  STAFF_RETENTION_MONTHS: z.coerce.number().int().min(1).max(240).default(24),
  /** Failed sign-ins (per e-mail address, and per client address at 4x) before a lockout. */
  STAFF_LOCKOUT_THRESHOLD: z.coerce.number().int().min(2).max(100).default(5),
  /** How long a lockout lasts. */
  STAFF_LOCKOUT_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /** Extra delay per failed sign-in after the second, in milliseconds (capped at 10 s). */
  STAFF_SLOWDOWN_MS: z.coerce.number().int().min(0).max(10_000).default(1000),

  // --- Text messages to patients: SMS and WhatsApp (decision 030) ---
  /** smpp://SYSTEM_ID:PASSWORD@HOST:PORT or smpps://… (TLS); unset → each SMS is written to DATA_DIR/sms-outbox. */
  SMPP_URL: z
    .url({ protocol: /^smpps?$/, error: "must be smpp://SYSTEM_ID:PASSWORD@HOST:PORT or smpps://…" })
    .refine((u) => {
      const url = new URL(u);
      return !!url.username && !!url.hostname && !url.search && (url.pathname === "" || url.pathname === "/");
    }, "must name the account and the host, smpp://SYSTEM_ID:PASSWORD@HOST:PORT, with no path or ?options")
    .optional(),
  /** Allow smpp:// (no TLS) to a host other than this machine (a private line or VPN to the SMS centre). */
  SMPP_ALLOW_PLAINTEXT: bool.default(false),
  /** The sender the phone shows: letters and digits, at most 11, at least one letter (registered with the aggregator). */
  SMS_SENDER_ID: z
    .string()
    .trim()
    .regex(/^(?=.*[A-Za-z])[A-Za-z0-9]{1,11}$/, "must be 1 to 11 letters and digits, with at least one letter")
    .optional(),
  /** The name every SMS starts with; by default CLINIC_SHORT_NAME. */
  SMS_SENDER_NAME: z.string().trim().min(1).optional(),
  /** A shorter address (scheme and host only) for the private link in an SMS; by default PUBLIC_BASE_URL's. */
  SMS_LINK_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Unanswered submits the SMPP session may have at once. */
  SMPP_WINDOW: z.coerce.number().int().min(1).max(100).default(10),
  /** How often an idle SMPP session is checked with enquire_link. */
  SMPP_ENQUIRE_LINK_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /** How long an SMPP request waits for its answer (a submit without one is "unknown", never sent again). */
  SMPP_RESPONSE_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(30_000),
  /**
   * The countries whose numbers get texts (ISO 3166-1 alpha-2, comma separated): a number of
   * any other country hears by e-mail only, so the public form cannot make the clinic text the
   * world (SMS pumping, decision 042).
   */
  SMS_COUNTRIES: z
    .string()
    .transform((raw, ctx): readonly string[] => {
      const codes = [...new Set(raw.split(",").map((c) => c.trim().toUpperCase()))].filter(Boolean);
      const unknown = codes.filter((c) => !/^[A-Z]{2}$/.test(c) || !isSupportedCountry(c));
      if (!codes.length || unknown.length) {
        ctx.addIssue({
          code: "custom",
          message: `must be country codes (ISO 3166-1, such as BW or BW,ZA), comma separated${unknown.length ? `; not one: ${unknown.join(", ")}` : ""}`,
        });
        return z.NEVER;
      }
      return codes;
    })
    .default(["BW"]),
  /** Texts (SMS and WhatsApp) queued in one clinic day, all numbers together; past it, texts are not sent (decision 042). */
  MESSAGE_DAILY_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(500),
  /** Texts queued to one number in one clinic day; past it, that number's texts are not sent that day (decision 042). */
  MESSAGE_DAILY_LIMIT_PER_NUMBER: z.coerce.number().int().min(1).max(1000).default(8),
  MESSAGE_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(5000),
  MESSAGE_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /** No SMS or WhatsApp message leaves in this daily window, Gaborone time; empty: none. */
  MESSAGE_QUIET_HOURS: z
    .string()
    .transform((raw, ctx): QuietHours | null => {
      try {
        return parseQuietHours(raw);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    })
    .default(parseQuietHours(DEFAULT_QUIET_HOURS)),
  WHATSAPP_API_URL: z
    .url({ protocol: /^https?$/ })
    .refine(
      (u) => u.startsWith("https://") || isLoopbackHost(new URL(u).hostname),
      "must be https:// (http:// only to this machine)",
    )
    .default("https://graph.facebook.com/v23.0"),
  WHATSAPP_ACCESS_TOKEN: z.string().trim().min(1).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .trim()
    .regex(/^\d{1,30}$/, "must be the phone number's id (digits) from WhatsApp Manager")
    .optional(),
  /** Checks the signature (X-Hub-Signature-256) of every webhook call. */
  WHATSAPP_APP_SECRET: z.string().trim().min(16, "must be the app's secret from the Meta app dashboard").optional(),
  /** The word the webhook's verification handshake must bring. */
  WHATSAPP_VERIFY_TOKEN: z
    .string()
    .trim()
    .min(16, "must be at least 16 characters (e.g. openssl rand -hex 16)")
    .optional(),
  WHATSAPP_TEMPLATE_LANGUAGE: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, "must be a template language code such as en or en_US")
    .default("en"),

  // --- Privacy: mail transport security and retention (decision 009, docs/privacy-retention.md) ---
  /** Allow SMTP without TLS to a host other than this machine (never for real patients' data). */
  SMTP_ALLOW_PLAINTEXT: bool.default(false),
  /** Days a sent message's body and recipient are kept (then blanked; the row's metadata stays). */
  RETAIN_SENT_MAIL_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  /** Days an .eml file in DATA_DIR/outbox is kept. */
  RETAIN_OUTBOX_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  /** Months the staff audit log is kept. */
  RETAIN_AUDIT_MONTHS: z.coerce.number().int().min(1).max(240).default(24),
  /** Days a stored answer to an Idempotency-Key is kept (a browser's retry comes within minutes). */
  RETAIN_IDEMPOTENCY_DAYS: z.coerce.number().int().min(1).max(90).default(2),
  // --- Backups and production safety (decision 010) ---
  /** age public key (age1…) that backups are encrypted to; its private identity stays off this server. */
  BACKUP_RECIPIENT: z
    .string()
    .trim()
    .regex(
      /^age1(pq1)?[02-9ac-hj-np-z]{58,}$/,
      "must be an age public key (age1…), e.g. from `npm run backup -- keygen` on another machine",
    )
    .optional(),
  /** Backups kept: the newest of each of this many most recent days… */
  BACKUP_KEEP_DAILY: z.coerce.number().int().min(1).max(366).default(7),
  /** …and the newest of each of this many most recent ISO weeks. */
  BACKUP_KEEP_WEEKLY: z.coerce.number().int().min(0).max(520).default(4),
  /** On a public host, the disk outbox (no SMTP_URL) must be chosen on purpose. */
  MAIL_OUTBOX_ALLOWED: bool.default(false),
  // --- Staff sign-in and second factor (decision 007) ---
  /**
   * Key for the HMAC that replaces the typed e-mail in failed sign-ins (audit
   * log, lockout counters). Unset → a random key the
   * server makes once and keeps in the database (table server_keys).
   */
  STAFF_HMAC_KEY: z.string().trim().min(32, "must be at least 32 characters (e.g. openssl rand -base64 32)").optional(),
  /** TOTP second factor at sign-in. Always on in production (NODE_ENV=production); "false" only for development and tests. */
  STAFF_MFA_REQUIRED: bool.default(true),
  /** No longer read: refused so that an operator who set it learns that it has no effect. */
  BOOKING_POLICY: z
    .never({
      error:
        "is no longer read: the booking policy is one list in domain/booking-policy.ts, shown on the booking page and in the e-mails; remove this variable",
    })
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env["NODE_ENV"];
  port: number;
  host: string;
  dataDir: string;
  /** The imaging machines' worklist files (decision 065): the folder (unset: none written), each room's station. */
  worklist: { dir: string | undefined; stations: WorklistStations; pollMs: number };
  /** Orthanc's REST API, whose /changes feed says when images arrive (decision 066); undefined: not followed. */
  orthanc: OrthancConfig | undefined;
  databaseUrl: string | undefined;
  /** SQLITE_GROUP_COMMIT: the group-commit driver on SQLite (decision 036), or Kysely's own (decision 054). */
  sqliteGroupCommit: boolean;
  publicBaseUrl: string;
  logLevel: Env["LOG_LEVEL"];
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses/CIDRs (never true). */
  trustProxy: false | number | string[];
  enableTestRoutes: boolean;
  bookingHorizonDays: number;
  closedDates: string[];
  clinic: ClinicIdentity;
  // --- Requests, uploads and mail ---
  /** allowPlaintext: SMTP_ALLOW_PLAINTEXT (privacy block below). */
  mail: {
    smtpUrl: string | undefined;
    from: string;
    pollMs: number;
    maxAttempts: number;
    allowPlaintext: boolean;
    reminderPollMs: number;
  };
  uploads: { maxBytes: number; unclaimedHours: number; sweepMs: number };
  /** REPORT_RELEASE_DAYS and REPORT_RELEASE_DAYS_BY_SERVICE: when the patient may open the report (decision 075). */
  reports: { releaseDays: number; releaseDaysByService: Record<string, number> };
  rateLimit: {
    enabled: boolean;
    bookingsPerMinute: number;
    enquiriesPerMinute: number;
    uploadsPerMinute: number;
    privateLinksPerMinute: number;
  };
  staff: StaffConfig;
  // --- Privacy (decision 009) ---
  /** Days, months: how long each kind of personal data is kept (docs/privacy-retention.md). */
  retention: RetentionConfig;
  // --- Backups and production safety (decision 010) ---
  backups: { recipient: string | undefined; keepDaily: number; keepWeekly: number };
  /** MAIL_OUTBOX_ALLOWED: without SMTP_URL on a public host, write the disk outbox anyway. */
  mailOutboxAllowed: boolean;
  // --- HTTP edge: upload caps (decision 008) ---
  uploadCaps: { unclaimedMaxBytes: number; dailyPerAddress: number };
  /** PDF_CHECK_*: the PDF check's threads, queue and time limit per file (decision 040). */
  pdfCheck: { workers: number; queue: number; timeoutMs: number };
  // --- HTTP edge: timeouts (docs/security.md) ---
  /**
   * Milliseconds: to send the headers, to send the whole request, of silence on a connection,
   * between two requests on a kept-alive connection, and for requests in flight on SIGTERM.
   */
  httpTimeouts: { headersMs: number; requestMs: number; idleMs: number; keepAliveMs: number; shutdownGraceMs: number };
  // --- Operations (decision 033) ---
  /** METRICS_TOKEN: /metrics is served only to this bearer token; undefined, not at all. */
  metricsToken: string | undefined;
  // --- Text messages to patients (decision 030) ---
  texts: TextsConfig;
}

/** ORTHANC_*: where Orthanc's REST API is, how the site signs in, how often it reads and how long it waits. */
export interface OrthancConfig {
  /** Without a trailing slash. */
  url: string;
  /** Both or neither. */
  credentials: { username: string; password: string } | undefined;
  pollMs: number;
  timeoutMs: number;
}

/** ORTHANC_URL with its credentials, both or neither; undefined without ORTHANC_URL. */
function orthancConfig(e: Env): OrthancConfig | undefined {
  const given = (["ORTHANC_USERNAME", "ORTHANC_PASSWORD"] as const).filter((name) => e[name]);
  if (given.length === 1) {
    const missing = given[0] === "ORTHANC_USERNAME" ? "ORTHANC_PASSWORD" : "ORTHANC_USERNAME";
    throw new ConfigError([{ variable: missing, message: `is required with ${given[0]}` }]);
  }
  if (!e.ORTHANC_URL) {
    if (given.length)
      throw new ConfigError([{ variable: "ORTHANC_URL", message: "is required with ORTHANC_USERNAME" }]);
    return undefined;
  }
  return {
    url: e.ORTHANC_URL.replace(/\/+$/, ""),
    credentials: given.length ? { username: e.ORTHANC_USERNAME!, password: e.ORTHANC_PASSWORD! } : undefined,
    pollMs: e.ORTHANC_POLL_MS,
    timeoutMs: e.ORTHANC_TIMEOUT_MS,
  };
}

/** SMS and WhatsApp (decision 030). */
export interface TextsConfig {
  pollMs: number;
  maxAttempts: number;
  /** Null: no quiet hours. */
  quietHours: QuietHours | null;
  /** The name every SMS starts with (GSM-7, at most SMS_SENDER_NAME_MAX septets). */
  smsSenderName: string;
  /** Scheme and host of the private link in an SMS (at most SMS_LINK_ORIGIN_MAX characters). */
  smsLinkOrigin: string;
  /** The countries whose numbers get texts (SMS_COUNTRIES, ISO codes); others hear by e-mail only (decision 042). */
  countries: readonly string[];
  /** Texts a clinic day may queue, in all (MESSAGE_DAILY_LIMIT) and to one number (MESSAGE_DAILY_LIMIT_PER_NUMBER). */
  dailyLimit: { total: number; perNumber: number };
  /** Unset: SMS are written to DATA_DIR/sms-outbox. */
  smpp: SmppConfig | undefined;
  /** Unset: WhatsApp messages go as SMS, and the webhook answers 404. */
  whatsapp: WhatsAppConfig | undefined;
}

export interface SmppConfig {
  url: string;
  senderId: string;
  allowPlaintext: boolean;
  window: number;
  enquireLinkMs: number;
  responseTimeoutMs: number;
}

export interface WhatsAppConfig {
  apiUrl: string;
  accessToken: string;
  phoneNumberId: string;
  appSecret: string;
  verifyToken: string;
  language: string;
}

export interface RetentionConfig {
  sentMailDays: number;
  outboxDays: number;
  auditMonths: number;
  idempotencyDays: number;
}

export interface StaffConfig {
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  retentionMonths: number;
  lockoutThreshold: number;
  lockoutMinutes: number;
  slowdownMs: number;
  // --- Staff sign-in and second factor ---
  /** STAFF_HMAC_KEY, or undefined to use the key kept in the database. */
  hmacKey: string | undefined;
  /** Always true when NODE_ENV=production. */
  mfaRequired: boolean;
}

export class ConfigError extends Error {
  constructor(public readonly issues: { variable: string; message: string }[]) {
    super("Invalid configuration:\n" + issues.map((i) => `  ${i.variable}: ${i.message}`).join("\n"));
    this.name = "ConfigError";
  }
}

/** Parses the environment. Empty strings count as unset. Throws ConfigError. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  // MESSAGE_QUIET_HOURS is the one setting whose empty value means something: no quiet hours.
  if (source.MESSAGE_QUIET_HOURS !== undefined && source.MESSAGE_QUIET_HOURS.trim() === "")
    cleaned.MESSAGE_QUIET_HOURS = "";
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? "environment"),
        message: issue.message,
      })),
    );
  }
  const e = parsed.data;
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError([
      {
        variable: "HTTP_HEADERS_TIMEOUT_MS",
        message: "cannot be longer than HTTP_REQUEST_TIMEOUT_MS (the headers are part of the request)",
      },
    ]);
  }
  if (e.NODE_ENV === "production" && !e.STAFF_MFA_REQUIRED) {
    throw new ConfigError([
      {
        variable: "STAFF_MFA_REQUIRED",
        message: "cannot be false in production: every staff account needs its second factor",
      },
    ]);
  }
  const texts = textsConfig(e);
  const config: Config = {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    worklist: { dir: e.WORKLIST_DIR, stations: e.WORKLIST_STATIONS, pollMs: e.WORKLIST_POLL_MS },
    orthanc: orthancConfig(e),
    databaseUrl: e.DATABASE_URL,
    sqliteGroupCommit: e.SQLITE_GROUP_COMMIT,
    publicBaseUrl: e.PUBLIC_BASE_URL.replace(/\/+$/, ""),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    enableTestRoutes: e.ENABLE_TEST_ROUTES,
    bookingHorizonDays: e.BOOKING_HORIZON_DAYS,
    closedDates: e.CLOSED_DATES,
    clinic: {
      name: e.CLINIC_NAME,
      shortName: e.CLINIC_SHORT_NAME,
      landline: e.CLINIC_LANDLINE,
      whatsapp: e.CLINIC_WHATSAPP,
      email: e.CLINIC_EMAIL,
      address: { street: e.CLINIC_STREET, city: e.CLINIC_CITY, country: e.CLINIC_COUNTRY },
      geo: { latitude: e.CLINIC_LATITUDE, longitude: e.CLINIC_LONGITUDE },
      openingHours: OPENING_HOURS,
      closedNote: CLOSED_NOTE,
      staffNames: e.STAFF_NAMES,
      siteCredit: e.SITE_CREDIT,
      smsProvider: e.SMS_PROVIDER_NAME,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      pollMs: e.MAIL_POLL_MS,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      allowPlaintext: e.SMTP_ALLOW_PLAINTEXT,
      reminderPollMs: e.REMINDER_POLL_MS,
    },
    uploads: { maxBytes: e.UPLOAD_MAX_BYTES, unclaimedHours: e.UPLOAD_UNCLAIMED_HOURS, sweepMs: e.UPLOAD_SWEEP_MS },
    reports: { releaseDays: e.REPORT_RELEASE_DAYS, releaseDaysByService: e.REPORT_RELEASE_DAYS_BY_SERVICE },
    rateLimit: {
      enabled: e.RATE_LIMIT_ENABLED,
      bookingsPerMinute: e.RATE_LIMIT_BOOKINGS_PER_MINUTE,
      enquiriesPerMinute: e.RATE_LIMIT_ENQUIRIES_PER_MINUTE,
      uploadsPerMinute: e.RATE_LIMIT_UPLOADS_PER_MINUTE,
      privateLinksPerMinute: e.RATE_LIMIT_PRIVATE_LINKS_PER_MINUTE,
    },
    // --- Staff console ---
    staff: {
      sessionIdleMinutes: e.STAFF_SESSION_IDLE_MINUTES,
      sessionMaxHours: e.STAFF_SESSION_MAX_HOURS,
      retentionMonths: e.STAFF_RETENTION_MONTHS,
      lockoutThreshold: e.STAFF_LOCKOUT_THRESHOLD,
      lockoutMinutes: e.STAFF_LOCKOUT_MINUTES,
      slowdownMs: e.STAFF_SLOWDOWN_MS,
      // --- Staff sign-in and second factor ---
      hmacKey: e.STAFF_HMAC_KEY,
      mfaRequired: e.STAFF_MFA_REQUIRED,
    },
    // --- Privacy (decision 009) ---
    retention: {
      sentMailDays: e.RETAIN_SENT_MAIL_DAYS,
      outboxDays: e.RETAIN_OUTBOX_DAYS,
      auditMonths: e.RETAIN_AUDIT_MONTHS,
      idempotencyDays: e.RETAIN_IDEMPOTENCY_DAYS,
    },
    // --- Backups and production safety (decision 010) ---
    backups: { recipient: e.BACKUP_RECIPIENT, keepDaily: e.BACKUP_KEEP_DAILY, keepWeekly: e.BACKUP_KEEP_WEEKLY },
    mailOutboxAllowed: e.MAIL_OUTBOX_ALLOWED,
    // --- HTTP edge: upload caps (decision 008) ---
    uploadCaps: { unclaimedMaxBytes: e.UPLOAD_UNCLAIMED_MAX_BYTES, dailyPerAddress: e.UPLOAD_DAILY_PER_ADDRESS },
    pdfCheck: { workers: e.PDF_CHECK_WORKERS, queue: e.PDF_CHECK_QUEUE, timeoutMs: e.PDF_CHECK_TIMEOUT_MS },
    // --- HTTP edge: timeouts (docs/security.md) ---
    httpTimeouts: {
      headersMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestMs: e.HTTP_REQUEST_TIMEOUT_MS,
      idleMs: e.HTTP_IDLE_TIMEOUT_MS,
      keepAliveMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    },
    // --- Operations (decision 033) ---
    metricsToken: e.METRICS_TOKEN,
    // --- Text messages to patients (decision 030) ---
    texts,
  };
  const problems = productionProblems(config);
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

// --- Text messages to patients (decision 030) ---

const WHATSAPP_NEEDS = [
  "WHATSAPP_ACCESS_TOKEN",
  "WHATSAPP_PHONE_NUMBER_ID",
  "WHATSAPP_APP_SECRET",
  "WHATSAPP_VERIFY_TOKEN",
] as const;

/**
 * The text-message settings, checked together: every SMS must fit one
 * segment, so the sender name and the link's origin are limited
 * (domain/text-messages.ts); an SMPP account needs a sender id, and plain
 * smpp:// may only reach this machine unless SMPP_ALLOW_PLAINTEXT=true;
 * WhatsApp needs its four settings or none.
 */
function textsConfig(e: Env): TextsConfig {
  const issues: { variable: string; message: string }[] = [];
  const senderName = toGsm7(e.SMS_SENDER_NAME ?? e.CLINIC_SHORT_NAME);
  if (septetCount(senderName) > SMS_SENDER_NAME_MAX) {
    issues.push({
      variable: "SMS_SENDER_NAME",
      message: `${e.SMS_SENDER_NAME ? "is" : "is not set, and CLINIC_SHORT_NAME is"} longer than ${SMS_SENDER_NAME_MAX} characters, which one SMS cannot carry with the link: set SMS_SENDER_NAME to a shorter name`,
    });
  }
  const linkOrigin = new URL(e.SMS_LINK_BASE_URL ?? e.PUBLIC_BASE_URL).origin;
  if (linkOrigin.length > SMS_LINK_ORIGIN_MAX) {
    issues.push({
      variable: "SMS_LINK_BASE_URL",
      message: `${e.SMS_LINK_BASE_URL ? "is" : "is not set, and PUBLIC_BASE_URL's address is"} longer than ${SMS_LINK_ORIGIN_MAX} characters (${linkOrigin}), which one SMS cannot carry: set SMS_LINK_BASE_URL to a shorter address of this site (scheme and host)`,
    });
  }
  if (e.SMS_LINK_BASE_URL && !/^https?:\/\/[^/]+\/?$/.test(e.SMS_LINK_BASE_URL)) {
    issues.push({
      variable: "SMS_LINK_BASE_URL",
      message: "must be a scheme and host only, such as https://gi.example.bw",
    });
  }
  let smpp: SmppConfig | undefined;
  if (e.SMPP_URL) {
    const url = new URL(e.SMPP_URL);
    if (!e.SMS_SENDER_ID) issues.push({ variable: "SMS_SENDER_ID", message: "is required with SMPP_URL" });
    if (url.protocol === "smpp:" && !e.SMPP_ALLOW_PLAINTEXT && !isLoopbackHost(url.hostname)) {
      issues.push({
        variable: "SMPP_URL",
        message:
          "is smpp:// (no TLS) to another machine, so phone numbers and messages would cross the network unencrypted: use smpps://, or set SMPP_ALLOW_PLAINTEXT=true for a private line or VPN to the SMS centre",
      });
    }
    smpp = {
      url: e.SMPP_URL,
      senderId: e.SMS_SENDER_ID ?? "",
      allowPlaintext: e.SMPP_ALLOW_PLAINTEXT,
      window: e.SMPP_WINDOW,
      enquireLinkMs: e.SMPP_ENQUIRE_LINK_MS,
      responseTimeoutMs: e.SMPP_RESPONSE_TIMEOUT_MS,
    };
  }
  let whatsapp: WhatsAppConfig | undefined;
  const given = WHATSAPP_NEEDS.filter((name) => e[name]);
  if (given.length && given.length < WHATSAPP_NEEDS.length) {
    for (const name of WHATSAPP_NEEDS.filter((n) => !e[n])) {
      issues.push({ variable: name, message: `is required with ${given.join(", ")} (WhatsApp needs all four)` });
    }
  } else if (given.length) {
    whatsapp = {
      apiUrl: e.WHATSAPP_API_URL.replace(/\/+$/, ""),
      accessToken: e.WHATSAPP_ACCESS_TOKEN!,
      phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID!,
      appSecret: e.WHATSAPP_APP_SECRET!,
      verifyToken: e.WHATSAPP_VERIFY_TOKEN!,
      language: e.WHATSAPP_TEMPLATE_LANGUAGE,
    };
  }
  if (issues.length) throw new ConfigError(issues);
  return {
    pollMs: e.MESSAGE_POLL_MS,
    maxAttempts: e.MESSAGE_MAX_ATTEMPTS,
    quietHours: e.MESSAGE_QUIET_HOURS,
    smsSenderName: senderName,
    smsLinkOrigin: linkOrigin,
    countries: e.SMS_COUNTRIES,
    dailyLimit: { total: e.MESSAGE_DAILY_LIMIT, perNumber: e.MESSAGE_DAILY_LIMIT_PER_NUMBER },
    smpp,
    whatsapp,
  };
}

// --- Production safety (decision 010) ---

/** True when a URL host names this machine: localhost, 127.0.0.0/8 or ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");
  if (host === "localhost" || host === "::1") return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * Settings that are unsafe once the site faces other machines. They apply
 * whenever PUBLIC_BASE_URL names a host other than this machine (and
 * NODE_ENV is not "test", which only test suites set); on a loopback base
 * URL the quick start runs on its defaults, disk outbox included.
 */
export function productionProblems(config: Config): { variable: string; message: string }[] {
  if (config.env === "test") return [];
  const url = new URL(config.publicBaseUrl);
  if (isLoopbackHost(url.hostname)) return [];
  const problems: { variable: string; message: string }[] = [];
  if (url.protocol !== "https:") {
    problems.push({
      variable: "PUBLIC_BASE_URL",
      message: `${url.hostname} is not this machine, so the site must use https:// (patients' data would cross the network unencrypted); use http:// only with localhost or 127.0.0.1`,
    });
  }
  if (!config.mail.smtpUrl && !config.mailOutboxAllowed) {
    problems.push({
      variable: "SMTP_URL",
      message:
        "is not set, so no e-mail would be sent (messages would only be written to DATA_DIR/outbox); set SMTP_URL, or MAIL_OUTBOX_ALLOWED=true to use the disk outbox on purpose",
    });
  }
  return problems;
}
