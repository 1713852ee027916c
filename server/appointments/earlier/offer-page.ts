import { BASE_LOCALE, localeOfPath, type Locale } from "../../../domain/locale";
import { m } from "../../../domain/paraglide/messages.js";
import type { Config } from "../../base/config";
import type { Db } from "../../db/index";
import { clientDigest, countHit } from "../../requests/rate-limit-store";
import { isCrossSite } from "../../requests/same-origin";
import { askAgain, openOffer, takeOffer, type OfferView } from "./take";

/**
 * The adapter of an earlier time's page (`/earlier/<token>`, app/routes/earlier.tsx, decision
 * 070): the same checks as the private link's page (a rate per address, shared with it; no
 * cross-site post), then the offer as it stands, or what taking it did, with its HTTP status:
 * not found 404, shown or taken 200, gone or ended on a post 409; asking again after taking it,
 * 200 on the list, 409 when it may not join now. In the page's language
 * (Setswana at /tn/earlier/<token>).
 */

export type OfferAnswer = { status: 404 | 429 | 403; failure: string } | { status: number; view: OfferView };

export interface OfferPageDeps {
  config: Pick<Config, "closedDates" | "bookingHorizonDays" | "publicBaseUrl" | "clinic" | "texts" | "rateLimit">;
  db: Db;
  now: () => Date;
}

async function limited({ config, db }: OfferPageDeps, clientIp: string, locale: Locale): Promise<OfferAnswer | null> {
  if (!config.rateLimit.enabled) return null;
  const { current } = await countHit(db, `manage|${clientDigest(clientIp)}`, 60_000);
  return current > config.rateLimit.privateLinksPerMinute
    ? { status: 429, failure: m.private_rate_limited({}, { locale }) }
    : null;
}

const notFound = (locale: Locale): OfferAnswer => ({ status: 404, failure: m.earlier_not_valid({}, { locale }) });

/** GET: the offer as it stands now (a time taken meanwhile says so at once). `counted`: this request was counted already. */
export async function openOfferPage(
  deps: OfferPageDeps,
  token: string,
  clientIp: string,
  { counted = false, locale = BASE_LOCALE }: { counted?: boolean; locale?: Locale } = {},
): Promise<OfferAnswer> {
  const refused = counted ? null : await limited(deps, clientIp, locale);
  if (refused) return refused;
  const view = await openOffer(deps.db, deps.config, token, deps.now());
  return view ? { status: 200, view } : notFound(locale);
}

/** POST: "Take this time"; after taking it, `intent=again` asks to be told of a still earlier one. */
export async function takeOfferPage(
  deps: OfferPageDeps,
  request: Request,
  token: string,
  clientIp: string,
): Promise<OfferAnswer> {
  const locale = localeOfPath(new URL(request.url).pathname);
  if (isCrossSite(deps.config, (name) => request.headers.get(name) ?? undefined)) {
    return { status: 403, failure: m.private_cross_site({}, { locale }) };
  }
  const refused = await limited(deps, clientIp, locale);
  if (refused) return refused;
  const form = await request.formData().catch(() => undefined);
  if (form?.get("intent") === "again") {
    const asked = await askAgain(deps.db, deps.config, token, deps.now());
    return asked ? { status: asked.onList ? 200 : 409, view: asked } : notFound(locale);
  }
  const view = await takeOffer(deps.db, deps.config, token, deps.now());
  if (!view) return notFound(locale);
  return { status: view.state === "taken" ? 200 : 409, view };
}

/** The page's loader and action with their dependencies given, as the load context holds them. */
export function earlierOfferPage(deps: OfferPageDeps) {
  return {
    open: (token: string, clientIp: string, options?: { counted?: boolean; locale?: Locale }) =>
      openOfferPage(deps, token, clientIp, options),
    take: (request: Request, token: string, clientIp: string) => takeOfferPage(deps, request, token, clientIp),
  };
}

/** What the page's load context holds: the offer page's loader and action. */
export type EarlierOffers = ReturnType<typeof earlierOfferPage>;
