import type { StaffRole } from "../domain/staff-roles";
import type { FastifyRequest } from "fastify";
import type { Config } from "./config";
import type { Db } from "./db/index";
import type { PublicForms } from "./requests/page-forms";
import type { PatientLinks } from "./appointments/manage";
import type { StaffIdentity } from "./staff/accounts";
import type { StaffRuntime } from "./staff/runtime";

/**
 * Types shared across the server's modules, and what the server adds to
 * Fastify's own types (route config, request properties).
 */

/** What each public request route module (enquiries, appointments, uploads, calendar) receives. */
export interface RouteDeps {
  config: Config;
  db: Db;
  /** The route config that applies a per-minute rate limit (empty when rate limiting is off). */
  rateLimit: (perMinute: number) => Record<string, unknown>;
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

/** The React Router load context every page receives; staff loaders and actions use it through app/lib/staff.server.ts. */
export type StaffLoadContext = {
  staffRuntime: StaffRuntime;
  clientIp: string;
};

/** The load context of every page: the staff console's, and the public forms' plain posts (server/requests/page-forms.ts). */
export type PageLoadContext = StaffLoadContext & { publicForms: PublicForms; patientLinks: PatientLinks };

/** Builds a page's load context from its request. */
export type LoadContextFn = (request: FastifyRequest) => PageLoadContext;

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
     * (no-store, `{message, errors}`, 429, 503 with Retry-After); see server/error-handler.ts.
     */
    publicRequest?: boolean;
    /** A staff API route only this role may use (checked by the staff guard; others get 403). */
    staffRole?: StaffRole;
  }

  interface FastifyRequest {
    /** Per-request CSP nonce for server-rendered HTML (React Router gets it through the load context). */
    cspNonce: string;
    /** The signed-in staff member, on staff API routes (set by the staff guard). */
    staff?: StaffIdentity;
    /** A JSON form submission as sent (set by the requests' screenSubmission hook). */
    submission?: Submission;
  }
}
