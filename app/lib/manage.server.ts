import { data, type AppLoadContext } from "react-router";
import { localeOfPath } from "@domain/locale";
import type { DobValues } from "@domain/validation/appointment-form";
import { DAY_PARAM, FROM_PARAM } from "~/components/forms/booking/time-choice";
import type { ManageAnswer as LinkAnswer, PatientLinks } from "../../server/appointments/private-link/index";
import type { PatientReport } from "../../server/appointments/reports/index";

export type { ManageView } from "../../server/appointments/private-link/index";
export type { PatientReport } from "../../server/appointments/reports/index";

/**
 * The private page's answer: the appointment (server/appointments/private-link/), and its
 * report section (server/appointments/reports/, decision 075) with the date of birth's
 * error after a post; the grant's cookie once it was right.
 */
export type ManageAnswer = LinkAnswer & {
  report?: PatientReport;
  reportError?: string;
  /** The date of birth's boxes as posted, shown again beside reportError. */
  reportValues?: DobValues;
  setCookie?: string;
};

/**
 * What a post leaves for the loader React Router runs after the action in the
 * same request (both get the request's one load context): its presence means
 * the visit was counted already, and `answer` is the action's answer, which the
 * loader gives back so meta() sees a refusal (its "Error:" title).
 */
const posted = new WeakMap<AppLoadContext, { answer?: ManageAnswer }>();

/**
 * The headers of every answer to a patient's private link: never stored by a
 * cache or the browser, never indexed, and the address (with its token) never
 * sent on as a referrer.
 */
export const MANAGE_HEADERS = {
  "cache-control": "no-store",
  "referrer-policy": "no-referrer",
  "x-robots-tag": "noindex, nofollow",
} as const;

interface Args {
  request: Request;
  params: { token?: string };
  context: AppLoadContext;
}

async function answer(context: AppLoadContext, work: (links: PatientLinks, ip: string) => Promise<ManageAnswer>) {
  const { setCookie, ...result } = await work(context.patientLinks, context.clientIp);
  const headers = new Headers(MANAGE_HEADERS);
  if (setCookie) headers.set("set-cookie", setCookie);
  return data(result, { status: result.status, headers });
}

/** The page's headers: no-store and friends, and the grant's cookie after a right date of birth. */
export function manageHeaders({ actionHeaders, loaderHeaders }: { actionHeaders: Headers; loaderHeaders: Headers }) {
  const headers = new Headers(MANAGE_HEADERS);
  const cookie = actionHeaders.get("set-cookie") ?? loaderHeaders.get("set-cookie");
  if (cookie) headers.set("set-cookie", cookie);
  return headers;
}

/** The answer with the report section, when the link shows an appointment. */
async function withReport(context: AppLoadContext, request: Request, token: string, result: ManageAnswer) {
  if (!("view" in result) || result.report) return result;
  const report = await context.reports.patient.section(token, request.headers.get("cookie"));
  return report ? { ...result, report } : result;
}

/**
 * The appointment behind the link (server/appointments/private-link/manage.ts), in the
 * language of the page's address; after a post in the same request, the
 * action's answer (the appointment as it now stands, and the outcome), so the
 * page's meta and body agree.
 */
export function manageLoader({ request, params, context }: Args) {
  const post = posted.get(context);
  const postAnswer = post?.answer;
  if (postAnswer) return answer(context, async () => postAnswer);
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname);
  // The move section's day step (decision 067): the day and window asked for, as on the booking page.
  const asked = {
    day: url.searchParams.get(DAY_PARAM) ?? undefined,
    from: url.searchParams.get(FROM_PARAM) ?? undefined,
  };
  const token = params.token ?? "";
  return answer(context, async (links, ip) =>
    withReport(context, request, token, await links.open(token, ip, { counted: post !== undefined, locale, asked })),
  );
}

/** A patient's cancel, change, move to a free time, safety answers, contact choice or date of birth for the report, posted as a plain form. */
export async function manageAction({ request, params, context }: Args) {
  const post: { answer?: ManageAnswer } = {};
  posted.set(context, post);
  const token = params.token ?? "";
  const intent = await request
    .clone()
    .formData()
    .then((form) => form.get("intent"))
    .catch(() => null);
  return answer(context, async (links, ip) => {
    let result: ManageAnswer;
    if (intent === "report") {
      // The report's date of birth (decision 075): its own checks, then the page as it stands.
      const confirmed = await context.reports.patient.confirm(request, token, ip);
      const locale = localeOfPath(new URL(request.url).pathname);
      const page = confirmed.failure
        ? ({ status: confirmed.status, failure: confirmed.failure } as ManageAnswer)
        : await links.open(token, ip, { counted: true, locale });
      result =
        "view" in page
          ? {
              ...page,
              status: confirmed.status,
              report: confirmed.report,
              reportError: confirmed.error,
              reportValues: confirmed.values,
              setCookie: confirmed.setCookie,
            }
          : page;
    } else {
      result = await withReport(context, request, token, await links.act(request, token, ip));
    }
    post.answer = result;
    return result;
  });
}
