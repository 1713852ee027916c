import { data, type AppLoadContext } from "react-router";
import type { PublicForms } from "../../server/public-forms";
import { CROSS_SITE_MESSAGE } from "../../server/requests/same-origin";

interface Args {
  request: Request;
  context: AppLoadContext;
}

/**
 * The action of a public form page (booking, contact) posted without
 * JavaScript: the server's rules run in each capability's page-form adapter
 * (server/public-forms.ts); the page is rendered again with what it answered
 * (its status, the errors and values, or the reference). A cross-site post
 * is refused with 403 and changes nothing.
 */
export async function publicFormAction(kind: keyof PublicForms, { request, context }: Args) {
  const { status, close, ...answer } = await context.publicForms[kind](request, context.clientIp);
  if (status === 403) throw new Response(CROSS_SITE_MESSAGE, { status });
  return data(answer, { status, headers: { "cache-control": "no-store", ...(close ? { connection: "close" } : {}) } });
}
