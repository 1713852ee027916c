import { data, type AppLoadContext } from "react-router";
import { localeOfPath } from "@domain/locale";
import type { DoctorAnswer } from "../../server/appointments/reports/index";
import { MANAGE_HEADERS } from "./manage.server";

export type { DoctorAnswer, DoctorView, PatientReport, Referral } from "../../server/appointments/reports/index";

/**
 * The referring doctor's page (app/routes/report.tsx) and its doors into the
 * server (server/appointments/reports/pages.ts, through the load context):
 * the answer's status, never stored or indexed, its address (with the link's
 * token) never sent on as a referrer, and the grant's cookie once the code was right.
 */

interface Args {
  request: Request;
  params: { token?: string };
  context: AppLoadContext;
}

/** What a post leaves for the loader React Router runs after the action in the same request. */
const posted = new WeakMap<AppLoadContext, { answer?: DoctorAnswer }>();

function answer(result: DoctorAnswer) {
  const { setCookie, ...shown } = result;
  const headers = new Headers(MANAGE_HEADERS);
  if (setCookie) headers.set("set-cookie", setCookie);
  return data(shown, { status: result.status, headers });
}

export async function reportLoader({ request, params, context }: Args) {
  const post = posted.get(context);
  if (post?.answer) return answer(post.answer);
  const locale = localeOfPath(new URL(request.url).pathname);
  return answer(
    await context.reports.doctor.open(params.token ?? "", {
      cookie: request.headers.get("cookie"),
      clientIp: context.clientIp,
      locale,
      counted: post !== undefined,
    }),
  );
}

export async function reportAction({ request, params, context }: Args) {
  const post: { answer?: DoctorAnswer } = {};
  posted.set(context, post);
  post.answer = await context.reports.doctor.act(request, params.token ?? "", context.clientIp);
  return answer(post.answer);
}
