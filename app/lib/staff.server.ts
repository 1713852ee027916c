import { redirect, type AppLoadContext } from "react-router";
import { MANAGER_ONLY_MESSAGE, type StaffIdentity, type StaffRole } from "../../domain/staff-roles";
import { CROSS_SITE_MESSAGE } from "../../server/requests/same-origin";
import { checkStaffRequest, isCrossSite } from "../../server/staff/guard";
import type { StaffRuntime } from "../../server/runtime";
import { lookupPendingSignIn, type PendingSignIn } from "../../server/staff/second-factor";
import { clearedPendingCookie, readPendingToken } from "../../server/staff/sessions";

interface Args {
  request: Request;
  context: AppLoadContext;
}

const reader = (request: Request) => (name: string) => request.headers.get(name) ?? undefined;

/** The staff runtime from the load context (server/load-context.ts). */
export function staffRuntimeFrom(context: AppLoadContext): StaffRuntime {
  return context.staffRuntime;
}

/**
 * The guard for every staff page loader and action: refuses cross-site
 * state changes with 403, sends anyone without a live session to the
 * sign-in page, and, with `role`, refuses an account without that role with
 * 403 before anything is read or changed. Returns the signed-in staff member
 * and the runtime.
 */
export async function requireStaff(
  { request, context }: Args,
  { role }: { role?: StaffRole } = {},
): Promise<{ staff: StaffIdentity; rt: StaffRuntime; token: string }> {
  const rt = staffRuntimeFrom(context);
  const result = await checkStaffRequest(rt, request.method, reader(request), { role });
  if (!result.ok) {
    if (result.reason === "role") throw new Response(MANAGER_ONLY_MESSAGE, { status: 403 });
    if (result.status === 403) throw new Response(CROSS_SITE_MESSAGE, { status: 403 });
    throw redirect("/staff/login");
  }
  return { staff: result.staff, rt, token: result.token };
}

/** For the sign-in and sign-out actions, which run without (or before checking) a session. */
export function assertSameSite({ request, context }: Args): StaffRuntime {
  const rt = staffRuntimeFrom(context);
  if (request.method !== "GET" && request.method !== "HEAD" && isCrossSite(rt.config, reader(request))) {
    throw new Response(CROSS_SITE_MESSAGE, { status: 403 });
  }
  return rt;
}

/**
 * The half-signed-in state for the second-factor pages: the pending cookie
 * must name a live pending sign-in (password right, minutes ago), else the
 * visitor starts again at the password. Grants nothing else.
 */
export async function requirePendingSignIn({
  request,
  context,
}: Args): Promise<{ rt: StaffRuntime; pending: PendingSignIn; token: string }> {
  const rt = assertSameSite({ request, context });
  const token = readPendingToken(rt.config, request.headers.get("cookie"));
  const pending = token ? await lookupPendingSignIn(rt, token) : null;
  if (!token || !pending)
    throw redirect("/staff/login?expired=1", { headers: { "set-cookie": clearedPendingCookie(rt.config) } });
  return { rt, pending, token };
}

/** A positive integer route parameter, or a 404. */
export function idParam(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1 || String(id) !== value) throw new Response("Not found", { status: 404 });
  return id;
}

// The staff server modules the console's routes use (routes may only reach server/ through *.server.ts).
export {
  changePassword,
  disableStaffAccount,
  enableStaffAccount,
  findStaffAccount,
  lockedMessage,
  setStaffRole,
  signIn,
  StaffAccountError,
} from "../../server/staff/accounts";
export { checkStaffRequest } from "../../server/staff/guard";
export {
  clearedPendingCookie,
  clearedSessionCookie,
  createSession,
  pendingCookie,
  PENDING_MINUTES,
  readPendingToken,
  readSessionToken,
  revokeSession,
  sessionCookie,
} from "../../server/staff/sessions";
export {
  confirmEnrolment,
  createPendingSignIn,
  endPendingSignIn,
  enrolmentSecret,
  groupedSecret,
  lookupPendingSignIn,
  otpauthUri,
  qrSvg,
  resetSecondFactor,
  verifySecondFactor,
  type PendingSignIn,
} from "../../server/staff/second-factor";
export { listAudit, recordAudit, AUDIT_ACTION_LABELS } from "../../server/audit/audit";
export {
  acceptInvitation,
  accountExistsMessage,
  findInvitation,
  findPendingInvitation,
  INVITATION_HOURS,
  inviteStaff,
  listStaff,
  withdrawInvitation,
} from "../../server/staff/invitations";
export {
  allowedNext,
  changeStatus,
  moveAppointment,
  dayRules,
  getAppointment,
  listAppointments,
  parseFilters,
  serviceNames,
  StatusChangeError,
  type StatusChange,
} from "../../server/appointments/staff-changes";
export { listEnquiries, markEnquiryHandled } from "../../server/enquiries/staff-changes";
export { openEnquiries, overdueRequests, overview } from "../../server/appointments/overview";
export {
  daySchedule,
  dayList,
  scheduleDate,
  weekSchedule,
  weekStart,
  type DayListRow,
  type ScheduleDay,
  type ScheduleEntry,
} from "../../server/appointments/schedule-views";
export { openingFor } from "../../domain/opening-days";
export { freeTimes, type FreeTimes } from "../../server/appointments/schedule";
export { clinicDate } from "../../domain/dates";
export {
  countsInWords,
  EraseRefused,
  erasePatient,
  exportPatient,
  findPatient,
  matchFingerprint,
  parsePatientQuery,
  patientCounts,
  QUERY_INVALID,
} from "../../server/privacy/patient-rights";
export {
  addClosure,
  closuresComingUp,
  removeClosure,
  upcomingClosures,
  type AffectedAppointment,
} from "../../server/closures/closures";
