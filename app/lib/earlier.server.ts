import { data, type AppLoadContext } from "react-router";
import { localeOfPath } from "@domain/locale";
import type { OfferAnswer } from "../../server/appointments/earlier/index";
import { MANAGE_HEADERS } from "./manage.server";

export type { OfferAnswer, OfferView } from "../../server/appointments/earlier/index";

/**
 * The earlier time's page (`/earlier/<token>`, decision 070) through its load context: the offer
 * as it stands, or what taking it did; the action's answer is given back by the loader React
 * Router runs after it in the same request (as the private page does), so meta and body agree.
 * Its headers are the private page's: never stored, never indexed, no referrer.
 */
const posted = new WeakMap<AppLoadContext, { answer?: OfferAnswer }>();

interface Args {
  request: Request;
  params: { token?: string };
  context: AppLoadContext;
}

const reply = (answer: OfferAnswer) => data(answer, { status: answer.status, headers: MANAGE_HEADERS });

export async function earlierLoader({ request, params, context }: Args) {
  const post = posted.get(context);
  if (post?.answer) return reply(post.answer);
  const locale = localeOfPath(new URL(request.url).pathname);
  return reply(
    await context.earlierOffers.open(params.token ?? "", context.clientIp, { counted: post !== undefined, locale }),
  );
}

export async function earlierAction({ request, params, context }: Args) {
  const post: { answer?: OfferAnswer } = {};
  posted.set(context, post);
  post.answer = await context.earlierOffers.take(request, params.token ?? "", context.clientIp);
  return reply(post.answer);
}
