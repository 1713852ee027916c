import type { Config } from "../base/config";
import type { Db } from "../db/index";

/**
 * Types shared by the request plumbing and every capability's routes, and
 * what the request plumbing adds to Fastify's own types (route config,
 * request properties). The staff guard adds its own (server/staff/guard.ts).
 */

/** What each public request route module (enquiries, appointments, uploads, calendar) receives. */
export interface RouteDeps {
  config: Config;
  db: Db;
  /** The route config that applies a per-minute rate limit (empty when rate limiting is off). */
  rateLimit: (perMinute: number) => Record<string, unknown>;
  /** The clock the booking rules read (tests inject one). */
  now: () => Date;
}

/** Status and JSON body of an answer from the public request endpoints. */
export interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** The JSON body of a 413 or 415 answer: a route's own (its config's `bodyTooLarge`, `unsupportedType`) or the general one. */
export type TooLargeBody = { message: string; [key: string]: unknown };

/**
 * A JSON form submission as sent (before schema validation replaces the body
 * with the parsed value): the idempotency hash and the server-only rules read it.
 */
export interface Submission {
  body: Record<string, unknown>;
  /** The Idempotency-Key header, when one was sent (already checked). */
  key?: string;
  /** When the request was received; `year` is its year in the clinic's time zone. */
  now: Date;
  year: number;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** The JSON body of this route's 413 answer. */
    bodyTooLarge?: TooLargeBody;
    /** The media types this route's body may have (others get 415: server/requests/content-type.ts). */
    accepts?: readonly string[];
    /** The JSON body of this route's 415 answer. */
    unsupportedType?: TooLargeBody;
    /**
     * A public request endpoint: its errors are answered in that style
     * (no-store, `{message, errors}`, 429, 503 with Retry-After); see server/http/error-handler.ts.
     */
    publicRequest?: boolean;
  }

  interface FastifyRequest {
    /** Per-request CSP nonce for server-rendered HTML (React Router gets it through the load context), drawn when first read. */
    readonly cspNonce: string;
    /** A JSON form submission as sent (set by the requests' screenSubmission hook). */
    submission?: Submission;
  }
}
