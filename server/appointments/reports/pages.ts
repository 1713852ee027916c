import { localeOfPath, type Locale } from "../../../domain/locale";
import { m } from "../../../domain/paraglide/messages.js";
import { CODE_DIGITS, CODE_MINUTES, GRANT_MINUTES, MAX_DOB_FAILURES } from "../../../domain/reports";
import { dobFromParts, type DobValues } from "../../../domain/validation/appointment-form";
import { readCookieToken, tokenCookie, tokenCookieName } from "../../base/cookies";
import { clientDigest, countHit } from "../../requests/rate-limit-store";
import { isCrossSite } from "../../requests/same-origin";
import { findByManageToken } from "../manage-links";
import {
  checkDoctorCode,
  confirmPatientDob,
  doctorView,
  patientReport,
  sendDoctorCode,
  type DoctorOutcome,
  type DoctorView,
  type PatientReport,
} from "./access";
import type { ReportDeps } from "./attach";

/**
 * The adapters of the report's two public pages (decision 075), as the load
 * context hands them to the pages: the referring doctor's page
 * (app/routes/report.tsx, `/report/<token>` and `/tn/report/<token>`) and the
 * report section of the patient's private page (app/routes/appointment.tsx).
 * Behind a page post's checks: a cross-site post is refused (403); each
 * address may open or post RATE_LIMIT_PRIVATE_LINKS_PER_MINUTE times a
 * minute (429, counted with the private links); the answers are in the
 * page's language. A correct code or date of birth sets the grant cookie.
 */

/** The cookie a grant travels in (`__Host-` prefixed over https): HttpOnly, SameSite=Strict, Secure behind https, for GRANT_MINUTES. */
export function grantCookieName(config: Pick<ReportDeps["config"], "publicBaseUrl">): string {
  return tokenCookieName(config, "clinic_report");
}

export function grantCookie(config: Pick<ReportDeps["config"], "publicBaseUrl">, grant: string): string {
  return tokenCookie(config, grantCookieName(config), grant, { maxAge: GRANT_MINUTES * 60, sameSite: "Strict" });
}

/** The grant in a Cookie header, if any. */
export function grantFrom(
  config: Pick<ReportDeps["config"], "publicBaseUrl">,
  cookieHeader: string | null | undefined,
): string | undefined {
  return readCookieToken(grantCookieName(config), cookieHeader) ?? undefined;
}

async function limited(deps: ReportDeps, clientIp: string): Promise<boolean> {
  if (!deps.config.rateLimit.enabled) return false;
  const { current } = await countHit(deps.db, `manage|${clientDigest(clientIp)}`, 60_000);
  return current > deps.config.rateLimit.privateLinksPerMinute;
}

// --- The doctor's page ---

/** The doctor's page as it is sent: its view, HTTP status, what a post came to, and the cookie to set. */
export interface DoctorAnswer {
  status: number;
  view?: DoctorView;
  /** A sentence at the top: the code was sent. */
  notice?: string;
  /** A sentence at the top about what was refused. */
  failure?: string;
  /** The code field's error. */
  codeError?: string;
  setCookie?: string;
}

function viewStatus(view: DoctorView): number {
  return view.kind === "not-found" ? 404 : view.kind === "locked" ? 403 : 200;
}

/** GET: the page behind the doctor's link. `counted`: this request was counted already (after a post). */
export async function openDoctorPage(
  deps: ReportDeps,
  token: string,
  {
    cookie,
    clientIp,
    locale,
    counted = false,
  }: { cookie?: string | null; clientIp: string; locale: Locale; counted?: boolean },
): Promise<DoctorAnswer> {
  if (!counted && (await limited(deps, clientIp)))
    return { status: 429, failure: m.private_rate_limited({}, { locale }) };
  const view = await doctorView(deps, token, grantFrom(deps.config, cookie), locale);
  return { status: viewStatus(view), view };
}

/** POST: ask for a code (`intent=send-code`) or give it (`intent=code`, `code`). */
export async function actOnDoctorPage(
  deps: ReportDeps,
  request: Request,
  token: string,
  clientIp: string,
): Promise<DoctorAnswer> {
  const locale = localeOfPath(new URL(request.url).pathname);
  const options = { locale };
  if (isCrossSite(deps.config, (name) => request.headers.get(name) ?? undefined))
    return { status: 403, failure: m.private_cross_site({}, options) };
  if (await limited(deps, clientIp)) return { status: 429, failure: m.private_rate_limited({}, options) };
  let form: FormData | undefined;
  try {
    form = await request.formData();
  } catch {
    form = undefined;
  }
  const field = (name: string) => {
    const value = form?.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  const intent = field("intent");
  const outcome: DoctorOutcome | undefined =
    intent === "send-code"
      ? await sendDoctorCode(deps, token)
      : intent === "code"
        ? await checkDoctorCode(deps, token, field("code"))
        : undefined;
  const view = await doctorView(deps, token, undefined, locale);
  const page = { status: viewStatus(view), view };
  if (!outcome)
    return { ...page, status: page.status === 200 ? 400 : page.status, failure: m.private_unknown_action({}, options) };
  switch (outcome.kind) {
    case "not-found":
    case "locked":
      return page;
    case "code-sent":
      return { ...page, notice: m.report_code_sent({ digits: CODE_DIGITS, minutes: CODE_MINUTES }, options) };
    case "wait":
      return { ...page, status: 429, failure: m.report_code_wait({}, options) };
    case "too-many":
      return { ...page, status: 429, failure: m.report_code_too_many({}, options) };
    case "format":
      return { ...page, status: 400, codeError: m.report_code_format({ digits: CODE_DIGITS }, options) };
    case "expired":
      return { ...page, status: 409, failure: m.report_code_expired({}, options) };
    case "wrong":
      return { ...page, status: 400, codeError: m.report_code_wrong({ left: outcome.left }, options) };
    case "opened": {
      const open = await doctorView(deps, token, outcome.grant, locale);
      return { status: viewStatus(open), view: open, setCookie: grantCookie(deps.config, outcome.grant) };
    }
  }
}

// --- The patient's private page ---

/** The report section of the patient's page, its HTTP status after a post, and the cookie to set. */
export interface PatientReportAnswer {
  status: number;
  report?: PatientReport;
  /** The date of birth's error (beside the field). */
  error?: string;
  /** The three boxes as posted, shown again with the error. */
  values?: DobValues;
  /** Refused before the form was read (cross-site, rate). */
  failure?: string;
  setCookie?: string;
}

/** The report section for the private link `token` (none when the link leads nowhere or there is no report). */
export async function patientReportSection(
  deps: ReportDeps,
  token: string,
  cookie: string | null | undefined,
): Promise<PatientReport | undefined> {
  const appt = await findByManageToken(deps.db, token, deps.now());
  return appt ? patientReport(deps, appt, grantFrom(deps.config, cookie)) : undefined;
}

/**
 * POST `intent=report` with the date of birth's three boxes (dobDay, dobMonth,
 * dobYear): the report opens, or a clear refusal (missing, wrong with the
 * tries left, locked), in the page's language, behind the private link's own
 * checks (cross-site 403, the per-address rate 429).
 */
export async function confirmOnPrivatePage(
  deps: ReportDeps,
  request: Request,
  token: string,
  clientIp: string,
): Promise<PatientReportAnswer> {
  const locale = localeOfPath(new URL(request.url).pathname);
  const options = { locale };
  if (isCrossSite(deps.config, (name) => request.headers.get(name) ?? undefined))
    return { status: 403, failure: m.private_cross_site({}, options) };
  if (await limited(deps, clientIp)) return { status: 429, failure: m.private_rate_limited({}, options) };
  const form = await request.formData().catch(() => new FormData());
  const appt = await findByManageToken(deps.db, token, deps.now());
  if (!appt) return { status: 404 };
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const values: DobValues = { dobDay: text("dobDay"), dobMonth: text("dobMonth"), dobYear: text("dobYear") };
  const dob = dobFromParts(values);
  const outcome = await confirmPatientDob(deps, appt, dob);
  const report = await patientReport(deps, appt, outcome.kind === "opened" ? outcome.grant : undefined);
  switch (outcome.kind) {
    case "none":
      return { status: 409, report };
    case "locked":
      return { status: 403, report, error: m.report_patient_locked({ count: MAX_DOB_FAILURES }, options) };
    case "missing":
      return { status: 400, report, values, error: m.report_patient_dob_missing({}, options) };
    case "wrong":
      return { status: 400, report, values, error: m.report_patient_dob_wrong({ left: outcome.left }, options) };
    case "opened":
      return { status: 200, report, setCookie: grantCookie(deps.config, outcome.grant) };
  }
}
