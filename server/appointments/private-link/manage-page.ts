import { BASE_LOCALE, localeOfPath, type Locale } from "../../../domain/locale";
import { m } from "../../../domain/paraglide/messages.js";
import { patientLinkWords } from "../../../domain/patient-link";
import type { Config } from "../../base/config";
import type { Db } from "../../db/index";
import { clientDigest, countHit } from "../../requests/rate-limit-store";
import { isCrossSite } from "../../requests/same-origin";
import {
  actOnLink,
  openLink,
  type LinkDeps,
  type LinkOutcome,
  type ManageView,
  type PatientIntent,
  type PatientValues,
  type TakenMeanwhile,
} from "./manage";

export type { ManageView } from "./manage";

/**
 * The adapter of a patient's private link page (app/routes/appointment.tsx,
 * through its load context): what the page's loader and action ask of the
 * core (server/appointments/private-link/manage.ts), behind the checks of a page post.
 * Each address may open or post to links RATE_LIMIT_PRIVATE_LINKS_PER_MINUTE times a minute
 * (429); a cross-site post is refused (403); the form is read into the
 * core's intent; the core's outcome becomes the page's answer with its HTTP
 * status (decision 031): not found 404, shown or done 200, refused 409,
 * invalid 400. Every answer is in the page's language: Setswana at
 * /tn/appointment/<token> (decision 037).
 */

/** What the page is sent with, and its HTTP status. */
export type ManageAnswer =
  | { status: 404 | 429 | 403; failure: string }
  | {
      status: number;
      view: ManageView;
      done?: Extract<LinkOutcome, { kind: "done" }>["done"];
      failure?: string;
      /** A time taken meanwhile, with the nearest free times (decision 067). */
      taken?: TakenMeanwhile;
      /** By field name: date, appointmentTime, reason, or a safety answer's field. */
      errors?: Record<string, string>;
      values?: PatientValues;
    };

type PageConfig = LinkDeps["config"] & Pick<Config, "rateLimit">;

/** The page's answer to the core's outcome. */
function manageAnswer(outcome: LinkOutcome, locale: Locale): ManageAnswer {
  switch (outcome.kind) {
    case "not-found":
      return { status: 404, failure: patientLinkWords(locale).linkNotValid };
    case "shown":
      return { status: 200, view: outcome.view };
    case "done":
      return { status: 200, view: outcome.view, done: outcome.done };
    case "refused":
      return {
        status: 409,
        view: outcome.view,
        failure: outcome.failure,
        values: outcome.values,
        taken: outcome.taken,
      };
    case "invalid": {
      const { view, failure, errors, values } = outcome;
      return { status: 400, view, failure, errors, values };
    }
  }
}

/** The patient's intent, read from the posted form (each value trimmed). */
function patientIntent(form: FormData): PatientIntent {
  const posted: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (!(name in posted)) posted[name] = typeof value === "string" ? value.trim() : "";
  }
  const field = (name: string) => posted[name] ?? "";
  switch (field("intent")) {
    case "cancel":
      return { kind: "cancel", version: field("version"), reason: field("reason") };
    case "change":
      return { kind: "move", version: field("version"), date: field("date") };
    case "move-time":
      return {
        kind: "move-time",
        version: field("version"),
        date: field("appointmentDate"),
        time: field("appointmentTime"),
      };
    case "safety":
      return { kind: "safety", answers: posted };
    case "contact":
      return { kind: "contact", preference: field("contactPreference") };
    case "coming":
      return { kind: "coming" };
    case "earlier":
      return { kind: "earlier", wanted: field("wanted") !== "no" };
    default:
      return { kind: "unknown" };
  }
}

/** What the page's adapter works with: the core's, the rate limit's settings, and the app's one clock (server/app.ts). */
export interface LinkPageDeps {
  config: PageConfig;
  db: Db;
  now: () => Date;
}

/** 429 past the per-address limit (RATE_LIMIT_MESSAGE in the page's language), else null. */
async function limited({ config, db }: LinkPageDeps, clientIp: string, locale: Locale): Promise<ManageAnswer | null> {
  if (!config.rateLimit.enabled) return null;
  const { current } = await countHit(db, `manage|${clientDigest(clientIp)}`, 60_000);
  return current > config.rateLimit.privateLinksPerMinute
    ? { status: 429, failure: m.private_rate_limited({}, { locale }) }
    : null;
}

/**
 * GET: the appointment behind a link. `counted`: this request was already
 * counted against the limit (the page's loader runs again after its
 * action, in the same request).
 */
export async function openLinkPage(
  deps: LinkPageDeps,
  token: string,
  clientIp: string,
  {
    counted = false,
    locale = BASE_LOCALE,
    asked = {},
  }: { counted?: boolean; locale?: Locale; asked?: { day?: string; from?: string } } = {},
): Promise<ManageAnswer> {
  const refused = counted ? null : await limited(deps, clientIp, locale);
  return refused ?? manageAnswer(await openLink(deps, token, deps.now(), locale, asked), locale);
}

/** POST: cancel, change, move to a free time, safety or contact, from the page's form; answered in the language of the page's address. */
export async function actOnLinkPage(
  deps: LinkPageDeps,
  request: Request,
  token: string,
  clientIp: string,
): Promise<ManageAnswer> {
  const now = deps.now();
  const locale = localeOfPath(new URL(request.url).pathname);
  if (isCrossSite(deps.config, (name) => request.headers.get(name) ?? undefined)) {
    // CROSS_SITE_MESSAGE in the page's language.
    return { status: 403, failure: m.private_cross_site({}, { locale }) };
  }
  const refused = await limited(deps, clientIp, locale);
  if (refused) return refused;
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    // A form that cannot be read offers no action: the appointment is shown with that message.
    const opened = await openLink(deps, token, now, locale);
    if (opened.kind !== "shown") return manageAnswer(opened, locale);
    return { status: 400, view: opened.view, failure: patientLinkWords(locale).messages.unknownAction };
  }
  return manageAnswer(await actOnLink(deps, token, patientIntent(form), now, locale), locale);
}

/**
 * The page's loader and action with their dependencies given, as the load
 * context holds them (server/app.ts): openLinkPage and actOnLinkPage.
 */
export function patientLinkPage(deps: LinkPageDeps) {
  return {
    open: (...args: DropFirst<Parameters<typeof openLinkPage>>) => openLinkPage(deps, ...args),
    act: (...args: DropFirst<Parameters<typeof actOnLinkPage>>) => actOnLinkPage(deps, ...args),
  };
}

type DropFirst<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;

/** What the page's load context holds: the link page's loader and action. */
export type PatientLinks = ReturnType<typeof patientLinkPage>;
