import { z } from "zod";
import { BOOKING_POLICY } from "../app/content/site";

/**
 * The one configuration module. Every setting comes from the environment,
 * is validated here at start-up, and a bad value stops the process with a
 * message that names the variable.
 *
 * Values the specification writes in braces ({email}, {phone}, {name}) are
 * clinic details we do not have: their defaults are obviously fictional
 * (example.org addresses, 555-style numbers) and must be overridden for a
 * real deployment.
 */

const phone = z
  .string()
  .trim()
  .regex(/^\+\d{7,15}$/, "must be an international number such as +26771000000 (digits only after +)");

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

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|postgres(ql)?:\/\/)/, "must start with sqlite: or postgres://")
    .optional(),
  PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).default("http://localhost:3000"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: bool.default(false),
  /** Test-only routes (a deliberately slow request for the shutdown test). Never enable in production. */
  ENABLE_TEST_ROUTES: bool.default(false),

  CLINIC_NAME: z.string().trim().min(1).default("Example Diagnostic Imaging (placeholder name)"),
  CLINIC_SHORT_NAME: z.string().trim().min(1).default("Example Imaging"),
  CLINIC_LANDLINE: phone.default("+2673163012"),
  CLINIC_WHATSAPP: phone.default("+26770000000"),
  CLINIC_EMAIL: z.email().default("info@clinic.example.org"),
  CLINIC_STREET: z.string().trim().min(1).default("Plot 0000, Example Road (placeholder address)"),
  CLINIC_CITY: z.string().trim().min(1).default("Gaborone"),
  CLINIC_COUNTRY: z.string().trim().length(2).default("BW"),
  CLINIC_LATITUDE: z.coerce.number().min(-90).max(90).default(-24.6282),
  CLINIC_LONGITUDE: z.coerce.number().min(-180).max(180).default(25.9231),
  STAFF_NAMES: csv(z.string().min(1)).default([
    "Name to be confirmed",
    "Name to be confirmed",
    "Name to be confirmed",
    "Name to be confirmed",
  ]),
  SITE_CREDIT: z.string().trim().min(1).default("Website by the clinic's web team (placeholder credit)"),

  BOOKING_HORIZON_DAYS: z.coerce.number().int().min(1).max(730).default(90),
  CLOSED_DATES: csv(isoDate).default([]),

  // --- Requests, uploads and mail ---
  /** smtp://user:pass@host:port or smtps://…; unset → messages are written as .eml files under DATA_DIR/outbox. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be smtp://user:pass@host:port or smtps://…" }).optional(),
  MAIL_FROM: z.string().trim().min(3).default("Example Imaging <no-reply@clinic.example.org>"),
  MAIL_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(5000),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  BOOKING_POLICY: z.string().trim().min(1).optional(),
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024).max(100 * 1024 * 1024).default(10 * 1024 * 1024),
  UPLOAD_UNCLAIMED_HOURS: z.coerce.number().min(0.01).max(24 * 30).default(24),
  UPLOAD_SWEEP_MS: z.coerce.number().int().min(1000).max(86_400_000).default(15 * 60 * 1000),
  RATE_LIMIT_ENABLED: bool.default(true),
  RATE_LIMIT_BOOKINGS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
  RATE_LIMIT_ENQUIRIES_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
  RATE_LIMIT_UPLOADS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),

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

  // --- Staff sign-in and second factor (issue 10, "Sign-in and sessions") ---
  /**
   * Key for the HMAC that replaces the typed e-mail in failed sign-ins (audit
   * log, lockout counters) and hashes recovery codes. Unset → a random key the
   * server makes once and keeps in the database (table server_keys).
   */
  STAFF_HMAC_KEY: z.string().trim().min(32, "must be at least 32 characters (e.g. openssl rand -base64 32)").optional(),
  /** TOTP second factor at sign-in. Always on in production (NODE_ENV=production); "false" only for development and tests. */
  STAFF_MFA_REQUIRED: bool.default(true),
});

export type Env = z.infer<typeof envSchema>;

export interface OpeningPeriod {
  /** ISO weekday numbers, 1 = Monday … 7 = Sunday. */
  days: number[];
  label: string;
  opens: string;
  closes: string;
}

export interface ClinicIdentity {
  name: string;
  shortName: string;
  landline: string;
  whatsapp: string;
  email: string;
  address: { street: string; city: string; country: string };
  geo: { latitude: number; longitude: number };
  openingHours: OpeningPeriod[];
  closedNote: string;
  staffNames: string[];
  siteCredit: string;
}

export interface Config {
  env: Env["NODE_ENV"];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicBaseUrl: string;
  logLevel: Env["LOG_LEVEL"];
  trustProxy: boolean;
  enableTestRoutes: boolean;
  bookingHorizonDays: number;
  closedDates: string[];
  clinic: ClinicIdentity;
  // --- Requests, uploads and mail ---
  mail: { smtpUrl: string | undefined; from: string; pollMs: number; maxAttempts: number };
  /** Booking policy lines sent in the patient's confirmation (BOOKING_POLICY, "|"-separated; default: the site's policy). */
  bookingPolicy: string[];
  uploads: { maxBytes: number; unclaimedHours: number; sweepMs: number };
  rateLimit: { enabled: boolean; bookingsPerMinute: number; enquiriesPerMinute: number; uploadsPerMinute: number };
  staff: StaffConfig;
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

/** Opening hours are business constants from the specification, section 9. */
export const OPENING_HOURS: OpeningPeriod[] = [
  { days: [1, 2, 3, 4, 5], label: "Monday to Friday", opens: "08:00", closes: "20:00" },
  { days: [6], label: "Saturday", opens: "09:00", closes: "13:00" },
];

export class ConfigError extends Error {
  constructor(public readonly issues: { variable: string; message: string }[]) {
    super(
      "Invalid configuration:\n" +
        issues.map((i) => `  ${i.variable}: ${i.message}`).join("\n"),
    );
    this.name = "ConfigError";
  }
}

/** Parses the environment. Empty strings count as unset. Throws ConfigError. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ""),
  );
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
  if (e.NODE_ENV === "production" && !e.STAFF_MFA_REQUIRED) {
    throw new ConfigError([
      { variable: "STAFF_MFA_REQUIRED", message: "cannot be false in production: every staff account needs its second factor" },
    ]);
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
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
      closedNote: "Closed on Sundays and public holidays",
      staffNames: e.STAFF_NAMES,
      siteCredit: e.SITE_CREDIT,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, pollMs: e.MAIL_POLL_MS, maxAttempts: e.MAIL_MAX_ATTEMPTS },
    bookingPolicy: e.BOOKING_POLICY
      ? e.BOOKING_POLICY.split("|").map((line) => line.trim()).filter(Boolean)
      : [...BOOKING_POLICY],
    uploads: { maxBytes: e.UPLOAD_MAX_BYTES, unclaimedHours: e.UPLOAD_UNCLAIMED_HOURS, sweepMs: e.UPLOAD_SWEEP_MS },
    rateLimit: {
      enabled: e.RATE_LIMIT_ENABLED,
      bookingsPerMinute: e.RATE_LIMIT_BOOKINGS_PER_MINUTE,
      enquiriesPerMinute: e.RATE_LIMIT_ENQUIRIES_PER_MINUTE,
      uploadsPerMinute: e.RATE_LIMIT_UPLOADS_PER_MINUTE,
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
  };
}
