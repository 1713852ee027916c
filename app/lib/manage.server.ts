import { data } from "react-router";
import type { ManageAnswer, PatientLinks } from "../../server/appointments/manage-page";

export type { ManageAnswer, ManageView } from "../../server/appointments/manage-page";

declare module "react-router" {
  interface AppLoadContext {
    patientLinks?: PatientLinks;
    /** Set by the page's action: the loader that runs after it in the same request does not count again. */
    manageCounted?: boolean;
    /** The action's answer, which the loader after it gives back: so meta() sees a refusal (its "Error:" title). */
    manageAnswer?: ManageAnswer;
  }
}

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
  params: { token?: string };
  context: { patientLinks?: PatientLinks; clientIp?: string; manageCounted?: boolean; manageAnswer?: ManageAnswer };
}

async function answer(context: Args["context"], work: (links: PatientLinks, ip: string) => Promise<ManageAnswer>) {
  if (!context.patientLinks) throw new Response("This page is unavailable.", { status: 503 });
  const result = await work(context.patientLinks, context.clientIp ?? "");
  return data(result, { status: result.status, headers: MANAGE_HEADERS });
}

/**
 * The appointment behind the link (server/appointments/manage.ts); after a
 * post in the same request, the action's answer (the appointment as it now
 * stands, and the outcome), so the page's meta and body agree.
 */
export function manageLoader({ params, context }: Args) {
  const posted = context.manageAnswer;
  if (posted) return answer(context, async () => posted);
  return answer(context, (links, ip) => links.open(params.token ?? "", ip, context.manageCounted));
}

/** A patient's cancel, change or safety answers, posted as a plain form. */
export function manageAction({ request, params, context }: Args & { request: Request }) {
  context.manageCounted = true;
  return answer(context, async (links, ip) => {
    const result = await links.act(request, params.token ?? "", ip);
    context.manageAnswer = result;
    return result;
  });
}
