import crypto from "node:crypto";
import { clinicYear } from "../../domain/dates";
import { BASE_LOCALE, localeOfPath, type Locale } from "../../domain/locale";
import { m } from "../../domain/paraglide/messages.js";
import type { BookingConfirmation } from "../../domain/request-words";
import type { Config } from "../base/config";
import type { Db } from "../db/index";
import { FORM_BODY_MAX_BYTES } from "./body-limit";
import { FORM_URLENCODED, mediaType } from "./content-type";
import { rateLimitMessage } from "./http";
import { canonicalJson } from "./idempotency";
import { clientDigest, countHit } from "./rate-limit-store";
import { CROSS_SITE_MESSAGE, isCrossSite } from "./same-origin";
import { isDatabaseUnavailable, unavailableMessage } from "./unavailable";

/**
 * What the public forms posted as plain HTML (no JavaScript) share: each
 * capability's adapter (server/appointments/booking/page-form.ts,
 * server/enquiries/page-form.ts) takes the page's post through the same
 * rules and core as its JSON API, and answers in this shape, which the
 * page's action renders. Shared here: the screen before anything is read
 * (the same-origin check the staff console uses, a per-minute rate limit per
 * client address, the content type), the 503 of a database outage with the
 * values kept, and the Idempotency-Key of a plain post: a plain form sends
 * none (its HTML is the same for every visitor), so its key is made from what
 * was posted and the client's address (contentKey): the same form sent again
 * (a reload, a second tap) gets the first answer and creates nothing new.
 * A form the server shows again carries that key in a hidden field
 * (carriedKey), and a post with it is made under it: sending the form again
 * after any answer (an outage's 503, a refused file) is a replay, whatever was
 * changed and from whichever address (decision 041).
 * Every answer is in the page's language (pageLocale: /tn/… is Setswana).
 */

/** What the page shows after a plain form post. */
export interface PageFormAnswer {
  /** The page's HTTP status: 200 accepted, 400 invalid, 413/415 file refused, 422, 429, 503. */
  status: number;
  /** The values as posted (the honeypot never), to fill the form again. */
  values: Record<string, string>;
  /** Field errors, under the API's keys (service.name, referralForms…, referral). */
  errors: Record<string, string>;
  /** A message for the form as a whole. */
  failure?: string;
  /** A time taken meanwhile (status 409, decision 063): the nearest free times to choose from instead. */
  alternatives?: { date: string; time: string }[];
  /** The time taken meanwhile (409), named in the answer though the form comes back without it. */
  takenTime?: string;
  /** The accepted request's reference. */
  reference?: string;
  /** An accepted booking: what the confirmation shows. */
  confirmed?: BookingConfirmation;
  /** A file was sent but not kept: it must be attached again. */
  reattach?: boolean;
  /** The body was not read to its end: close the connection after answering. */
  close?: boolean;
  /** The key the post was made under: the form shown again carries it (a hidden field), so a resend is a replay. */
  key?: string;
}

/** A page's plain post, answered: the request as the page's action receives it, and the client's address. */
export type PageForm = (request: Request, clientIp: string) => Promise<PageFormAnswer>;

/** A body that could not be read, in `locale`. */
export const formUnreadable = (locale: Locale = BASE_LOCALE) => m.form_unreadable({}, { locale });
/** A post that did not come from the page's form (another content type), in `locale`. */
export const sendAsForm = (locale: Locale = BASE_LOCALE) => m.form_send_as_form({}, { locale });
export const FORM_UNREADABLE = formUnreadable();
export const SEND_AS_FORM = sendAsForm();

/** The language of the page a form was posted to (its path: /tn/… is Setswana), the language of its answer. */
export function pageLocale(request: Request): Locale {
  return localeOfPath(new URL(request.url).pathname);
}

const MINUTE_MS = 60_000;

/** The Idempotency-Key of a plain form post: a digest of the client's address and of what it posted. */
export function contentKey(kind: string, clientIp: string, posted: unknown): string {
  const digest = crypto.createHash("sha256").update(`${clientDigest(clientIp)}|${canonicalJson(posted)}`);
  return `page-${kind}:${digest.digest("base64url")}`;
}

/** A key a form shown again carried back (contentKey's shape for `kind`), or undefined. */
export function carriedKey(kind: string, value: string | undefined): string | undefined {
  return value !== undefined && new RegExp(`^page-${kind}:[A-Za-z0-9_-]{43}$`).test(value) ? value : undefined;
}

/** The named fields of a post, "" for each one missing. */
export function pickFields<K extends string>(
  names: readonly K[],
  from: (name: K) => string | undefined,
): Record<K, string> {
  return Object.fromEntries(names.map((n) => [n, from(n) ?? ""])) as Record<K, string>;
}

/** The posted values to show again: everything but the honeypot. */
export function shownValues(values: Record<string, string>): Record<string, string> {
  const { website: _website, ...rest } = values;
  return rest;
}

/**
 * The answer to a page's post before anything is read: cross-site (403),
 * rate limited (429, `perMinute` per client address and `kind`), not of
 * `type` (415); else null.
 */
async function screenPagePost(
  { config, db }: { config: Pick<Config, "publicBaseUrl" | "rateLimit">; db: Db },
  request: Request,
  { clientIp, kind, perMinute, type }: { clientIp: string; kind: string; perMinute: number; type: string },
): Promise<PageFormAnswer | null> {
  if (isCrossSite(config, (name) => request.headers.get(name) ?? undefined)) {
    return { status: 403, values: {}, errors: {}, failure: CROSS_SITE_MESSAGE };
  }
  const locale = pageLocale(request);
  if (config.rateLimit.enabled) {
    const { current } = await countHit(db, `page-${kind}|${clientDigest(clientIp)}`, MINUTE_MS);
    if (current > perMinute) return { status: 429, values: {}, errors: {}, failure: rateLimitMessage(locale) };
  }
  if (mediaType(request.headers.get("content-type") ?? undefined) !== type)
    return { status: 415, values: {}, errors: {}, failure: sendAsForm(locale) };
  return null;
}

/** A page's post let through the screen: when it came, the clinic's year then (its reference's), and the page's language. */
export interface ScreenedPost {
  now: Date;
  year: number;
  locale: Locale;
}

/**
 * A page form behind the screen (screenPagePost): a post it refuses gets the
 * screen's answer; `answer` reads only the posts it lets through, at the
 * time `deps.now` gives.
 */
export function screenedPageForm(
  deps: { config: Pick<Config, "publicBaseUrl" | "rateLimit">; db: Db; now: () => Date },
  screen: { kind: string; perMinute: number; type: string },
  answer: (request: Request, clientIp: string, post: ScreenedPost) => Promise<PageFormAnswer>,
): PageForm {
  return async (request, clientIp) => {
    const refused = await screenPagePost(deps, request, { clientIp, ...screen });
    if (refused) return refused;
    // The app's one clock (server/app.ts), as the slots API and the page's free times read it.
    const now = deps.now();
    return answer(request, clientIp, { now, year: clinicYear(now), locale: pageLocale(request) });
  };
}

/**
 * `work`'s answer; a database outage becomes the public endpoints' 503 message (in `locale`, the
 * page's language), with the values kept.
 */
export async function unlessUnavailable(
  values: Record<string, string>,
  work: () => Promise<PageFormAnswer>,
  locale: Locale = BASE_LOCALE,
): Promise<PageFormAnswer> {
  try {
    return await work();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    return { status: 503, values: shownValues(values), errors: {}, failure: unavailableMessage(locale) };
  }
}

/**
 * The options of a page whose forms post urlencoded bodies to React Router's
 * actions (the contact page, a patient's link, the staff console: every page
 * but the booking's): at most FORM_BODY_MAX_BYTES, urlencoded only (415
 * otherwise, before the body is read).
 */
export const PAGE_FORM_ROUTE = {
  bodyLimit: FORM_BODY_MAX_BYTES,
  config: { accepts: [FORM_URLENCODED], unsupportedType: { message: SEND_AS_FORM } },
};
