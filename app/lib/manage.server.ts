import { data, type AppLoadContext } from "react-router";
import { localeOfPath } from "@domain/locale";
import { DAY_PARAM, FROM_PARAM } from "~/components/forms/booking/time-choice";
import type { ManageAnswer, PatientLinks } from "../../server/appointments/private-link/index";

export type { ManageAnswer, ManageView } from "../../server/appointments/private-link/index";

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
  const result = await work(context.patientLinks, context.clientIp);
  return data(result, { status: result.status, headers: MANAGE_HEADERS });
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
  return answer(context, (links, ip) =>
    links.open(params.token ?? "", ip, { counted: post !== undefined, locale, asked }),
  );
}

/** A patient's cancel, change, move to a free time, safety answers or contact choice, posted as a plain form. */
export function manageAction({ request, params, context }: Args) {
  const post: { answer?: ManageAnswer } = {};
  posted.set(context, post);
  return answer(context, async (links, ip) => {
    const result = await links.act(request, params.token ?? "", ip);
    post.answer = result;
    return result;
  });
}
