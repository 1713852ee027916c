import { data, type AppLoadContext } from "react-router";
import type { PublicForms } from "../../server/composition/public-forms";
import { CROSS_SITE_MESSAGE } from "../../server/requests/same-origin";
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from "../../server/requests/unavailable";

interface Args {
  request: Request;
  context: AppLoadContext;
}

/**
 * The action of a public form page (booking, contact) posted without
 * JavaScript: the server's rules run in each capability's page-form adapter
 * (server/composition/public-forms.ts); the page is rendered again with what it answered
 * (its status, the errors and values, or the reference). A cross-site post
 * is refused with 403 and changes nothing; an outage's 503 carries Retry-After.
 */
export async function publicFormAction(kind: keyof PublicForms, { request, context }: Args) {
  const { status, close, ...answer } = await context.publicForms[kind](request, context.clientIp);
  if (status === 403) throw new Response(CROSS_SITE_MESSAGE, { status });
  const headers: Record<string, string> = { "cache-control": "no-store" };
  if (close) headers.connection = "close";
  // An outage: the page says to try again shortly, and says when (as the JSON API does).
  if (status === 503) headers["retry-after"] = String(UNAVAILABLE_RETRY_AFTER_SECONDS);
  return data(answer, { status, headers });
}
