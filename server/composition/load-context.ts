import type { FastifyRequest } from "fastify";
import type { AppLoadContext } from "react-router";
import type { PublicForms } from "./public-forms";
import type { PatientLinks } from "../appointments/private-link/index";
import type { EarlierOffers } from "../appointments/earlier/index";
import type { StaffRuntime } from "../db/runtime";
import type { PageFreeTimes } from "./page-free-times";
import type { ReportPages } from "../appointments/reports/index";

/*
 * The React Router load context, declared once: what server/app.ts gives every
 * page it renders per request, and what those pages' loaders and actions read
 * (through app/lib/*.server.ts). Every member is set on every request.
 *
 * Prerendering at build time renders the public pages with an empty context:
 * none of their loaders reads it, and app/entry.server.tsx reads the nonce as
 * possibly absent for that reason.
 *
 * A plain object with named members rather than React Router's typed keys
 * (createContext with RouterContextProvider): the server (build/node) and the
 * pages (build/server) are two bundles, each with its own copy of this
 * module, so a key object made here would not be the one the pages look up.
 */
declare module "react-router" {
  interface AppLoadContext {
    /** The staff console's database, configuration and clock. */
    staffRuntime: StaffRuntime;
    /** The client's address as the server trusts it (server/app.ts's trustProxy): what rate limits and lockouts key on. */
    clientIp: string;
    /** The booking and contact forms' plain posts (server/composition/public-forms.ts, with each capability's page-form adapter). */
    publicForms: PublicForms;
    /** A patient's private link (server/appointments/private-link/manage-page.ts). */
    patientLinks: PatientLinks;
    /** An earlier time offered to a patient (server/appointments/earlier/offer-page.ts, decision 070). */
    earlierOffers: EarlierOffers;
    /** A self-bookable service's free times for the booking page (decision 064), read on the server. */
    freeTimes: PageFreeTimes;
    /** The referring doctor's page and the report section of the patient's page (server/appointments/reports/pages.ts). */
    reports: ReportPages;
    /** The per-request Content-Security-Policy nonce (server/http/security-headers.ts), for app/entry.server.tsx. */
    cspNonce: string;
  }
}

/** Builds a page's load context from its request. */
export type LoadContextFn = (request: FastifyRequest) => AppLoadContext;
