import type { AppLoadContext } from "react-router";
import { localeOfPath } from "@domain/locale";
import type { DobValues } from "@domain/validation/appointment-form";
import { DAY_PARAM, FROM_PARAM } from "~/components/forms/booking/time-choice";
import type { ManageAnswer as LinkAnswer, PatientLinks } from "../../server/appointments/private-link/index";
import type { PatientReport } from "../../server/appointments/reports/index";
import { privatePage, type PrivatePageArgs } from "./private-page.server";

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

/** The answer with the report section, when the link shows an appointment. */
async function withReport(context: AppLoadContext, request: Request, token: string, result: ManageAnswer) {
  if (!("view" in result) || result.report) return result;
  const report = await context.reports.patient.section(token, request.headers.get("cookie"));
  return report ? { ...result, report } : result;
}

/** The report's date of birth, posted (decision 075): its own checks, then the page as it stands. */
async function confirmForReport(
  { request, context }: PrivatePageArgs,
  links: PatientLinks,
  token: string,
): Promise<ManageAnswer> {
  const confirmed = await context.reports.patient.confirm(request, token, context.clientIp);
  const locale = localeOfPath(new URL(request.url).pathname);
  const page = confirmed.failure
    ? ({ status: confirmed.status, failure: confirmed.failure } as ManageAnswer)
    : await links.open(token, context.clientIp, { counted: true, locale });
  if (!("view" in page)) return page;
  return {
    ...page,
    status: confirmed.status,
    report: confirmed.report,
    reportError: confirmed.error,
    reportValues: confirmed.values,
    setCookie: confirmed.setCookie,
  };
}

/**
 * The patient's private page (server/appointments/private-link/), in the language of the page's
 * address, with its report section; a post is a cancel, change, move to a free time, safety
 * answers, contact choice or date of birth for the report, sent as a plain form.
 */
export const { loader: manageLoader, action: manageAction } = privatePage<ManageAnswer>({
  open: async ({ request, context }, { token, locale, counted }) => {
    // The move section's day step (decision 067): the day and window asked for, as on the booking page.
    const url = new URL(request.url);
    const asked = {
      day: url.searchParams.get(DAY_PARAM) ?? undefined,
      from: url.searchParams.get(FROM_PARAM) ?? undefined,
    };
    const page = await context.patientLinks.open(token, context.clientIp, { counted, locale, asked });
    return withReport(context, request, token, page);
  },
  act: async (args, token) => {
    const { request, context } = args;
    const intent = await request
      .clone()
      .formData()
      .then((form) => form.get("intent"))
      .catch(() => null);
    const links = context.patientLinks;
    if (intent === "report") return confirmForReport(args, links, token);
    return withReport(context, request, token, await links.act(request, token, context.clientIp));
  },
});
