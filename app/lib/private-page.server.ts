import { data, type AppLoadContext } from "react-router";
import { localeOfPath, type Locale } from "@domain/locale";

/**
 * The headers of every answer to a private link (the patient's page, an earlier time's offer, the
 * referring doctor's report): never stored by a cache or the browser, never indexed, and the
 * address (with its token) never sent on as a referrer.
 */
export const PRIVATE_HEADERS = {
  "cache-control": "no-store",
  "referrer-policy": "no-referrer",
  "x-robots-tag": "noindex, nofollow",
} as const;

export interface PrivatePageArgs {
  request: Request;
  params: { token?: string };
  context: AppLoadContext;
}

/** What a page's loader asks its door for: the link's token, the page's language, and whether a post already counted the visit. */
export interface Opening {
  token: string;
  locale: Locale;
  counted: boolean;
}

/** An answer of a private page's door: its status is the response's, and a grant's cookie (after a right code or date of birth) is sent as Set-Cookie. */
interface DoorAnswer {
  status: number;
  setCookie?: string;
}

/** The page's headers: the private ones, and the grant's cookie the action or the loader set. */
export function privatePageHeaders({
  actionHeaders,
  loaderHeaders,
}: {
  actionHeaders: Headers;
  loaderHeaders: Headers;
}) {
  const headers = new Headers(PRIVATE_HEADERS);
  const cookie = actionHeaders.get("set-cookie") ?? loaderHeaders.get("set-cookie");
  if (cookie) headers.set("set-cookie", cookie);
  return headers;
}

/**
 * A page behind a private link's token, as its loader and action over the server's doors (through
 * the load context). React Router runs the loader after the action in the same request, and both
 * get the request's one load context: the loader then gives the action's answer back, so meta()
 * sees a refusal (its "Error:" title) and the body the outcome, and the visit is counted once.
 */
export function privatePage<A extends DoorAnswer>(doors: {
  open: (args: PrivatePageArgs, opening: Opening) => Promise<A>;
  act: (args: PrivatePageArgs, token: string) => Promise<A>;
}) {
  const posted = new WeakMap<AppLoadContext, { answer?: A }>();
  const reply = (answer: A) => {
    const { setCookie, ...shown } = answer;
    const headers = new Headers(PRIVATE_HEADERS);
    if (setCookie) headers.set("set-cookie", setCookie);
    return data(shown, { status: answer.status, headers });
  };
  return {
    loader: async (args: PrivatePageArgs) => {
      const post = posted.get(args.context);
      if (post?.answer) return reply(post.answer);
      const locale = localeOfPath(new URL(args.request.url).pathname);
      return reply(await doors.open(args, { token: args.params.token ?? "", locale, counted: post !== undefined }));
    },
    action: async (args: PrivatePageArgs) => {
      const post: { answer?: A } = {};
      posted.set(args.context, post);
      post.answer = await doors.act(args, args.params.token ?? "");
      return reply(post.answer);
    },
  };
}
