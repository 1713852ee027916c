import type { FastifyRequest } from "fastify";
import type { PublicForms } from "./public-forms";
import type { PatientLinks } from "./appointments/manage-page";
import type { StaffRuntime } from "./runtime";

/** The React Router load context every page receives; staff loaders and actions use it through app/lib/staff.server.ts. */
export type StaffLoadContext = {
  staffRuntime: StaffRuntime;
  clientIp: string;
};

/** The load context of every page: the staff console's, and the public forms' plain posts (server/public-forms.ts). */
export type PageLoadContext = StaffLoadContext & { publicForms: PublicForms; patientLinks: PatientLinks };

/** Builds a page's load context from its request. */
export type LoadContextFn = (request: FastifyRequest) => PageLoadContext;
