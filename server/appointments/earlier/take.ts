import { daysBetween } from "../../../domain/dates";
import { serviceTitle } from "../../../domain/catalogue";
import type { Locale } from "../../../domain/locale";
import type { Config } from "../../base/config";
import { hashToken, TOKEN_PATTERN } from "../../base/tokens";
import type { Db } from "../../db/index";
import { appointmentRepository, type AppointmentRow } from "../appointment-repository";
import { checkTime } from "../booking/index";
import { moveRuleOf, moveTime, withinNotice } from "../private-link/index";
import { askEarlier, mayAskEarlier } from "./asking";
import { earlierRepository, type EarlierOfferRow, type FreedTimeRow } from "./earlier-repository";

/**
 * Taking an earlier time offered (decision 070). The offer's link shows the
 * time offered beside the patient's own and one button; taking it is the
 * private page's move (moveTime, decision 067: one transaction, the room's
 * constraint referees), which here also fills the freed time: of several
 * takers the database lets one through, and the others' moves roll back, so
 * they keep their own time. The time given up is freed in that transaction
 * (moveTime records it) and offered in turn. A later taker is told on the
 * first screen that the time has gone.
 */

/**
 * Where an offer stands: open (it can be taken), taken (by this patient), gone (another took it, or
 * the time was held otherwise), ended (too close to it now, or the patient's own time changed or
 * passed).
 */
export type OfferState = "open" | "taken" | "gone" | "ended";

/**
 * What the offer's page and the API show: the state, the time offered and the patient's own time
 * now; whether the appointment is on the list for an earlier time, and may join it now.
 */
export interface OfferView {
  state: OfferState;
  onList: boolean;
  mayAsk: boolean;
  reference: string;
  service: string;
  offered: { date: string; time: string };
  own: { date: string; time: string };
  language: Locale;
}

type TakeConfig = Pick<Config, "closedDates" | "bookingHorizonDays" | "publicBaseUrl" | "clinic" | "texts">;

interface Found {
  offer: EarlierOfferRow;
  freed: FreedTimeRow;
  appt: AppointmentRow;
}

/** The offer behind a link's token, with its freed time and the appointment as it is now; undefined for any other token. */
async function findOffer(db: Db, token: string): Promise<Found | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const found = await earlierRepository(db).offerByHash(hashToken(token));
  if (!found) return undefined;
  const appt = await appointmentRepository(db).findById(found.offer.appointment_id);
  return appt ? { ...found, appt } : undefined;
}

/** The state of a found offer at `now`, read from the rows and the room's times as they are. */
async function stateOf(db: Db, config: TakeConfig, { offer, freed, appt }: Found, now: Date): Promise<OfferState> {
  if (offer.taken_at) return "taken";
  if (freed.filled_at || offer.ended_at) return "gone";
  const own =
    appt.status === "confirmed" && appt.confirmed_date === offer.own_date && appt.confirmed_time === offer.own_time;
  if (!own || now.getTime() >= Date.parse(offer.expires_at)) return "ended";
  const movable = moveRuleOf(appt, withinNotice(appt, now));
  if (!movable) return "ended";
  const at = { date: offer.offered_date, time: offer.offered_time, except: appt.id };
  const check = await checkTime(db, config, movable.slug, movable.rule, at, now);
  return check.kind === "free" ? "open" : check.kind === "taken" ? "gone" : "ended";
}

function viewOf({ offer, appt }: Found, state: OfferState, now: Date): OfferView {
  const current = appt.confirmed_date && appt.confirmed_time;
  return {
    state,
    onList: appt.earlier_wanted_at !== null,
    mayAsk: mayAskEarlier(appt, now),
    reference: appt.reference,
    service: serviceTitle(appt.service_name, appt.language),
    offered: { date: offer.offered_date, time: offer.offered_time },
    own:
      state === "taken" || !current
        ? { date: offer.own_date, time: offer.own_time }
        : { date: appt.confirmed_date!, time: appt.confirmed_time! },
    language: appt.language,
  };
}

/** The offer behind a link as it stands at `now`; undefined for a token that is no offer's. */
export async function openOffer(db: Db, config: TakeConfig, token: string, now: Date): Promise<OfferView | undefined> {
  const found = await findOffer(db, token);
  return found ? viewOf(found, await stateOf(db, config, found, now), now) : undefined;
}

/**
 * Takes the offer: the patient's appointment moves to the time offered, and the freed time is
 * filled, in one transaction (moveTime with the claim). Answers the offer as it then stands:
 * taken, or why not (gone, ended), the patient keeping their own time; undefined for a token that
 * is no offer's. Taking it again answers taken.
 */
export async function takeOffer(db: Db, config: TakeConfig, token: string, now: Date): Promise<OfferView | undefined> {
  const found = await findOffer(db, token);
  if (!found) return undefined;
  const state = await stateOf(db, config, found, now);
  if (state !== "open") return viewOf(found, state, now);
  const { offer, appt } = found;
  const movable = moveRuleOf(appt, withinNotice(appt, now))!;
  const gained = daysBetween(offer.offered_date, offer.own_date);
  const to = { date: offer.offered_date, time: offer.offered_time };
  const result = await moveTime(db, config, appt, movable, to, now, {
    claim: (trx) => earlierRepository(trx).fill(offer, gained, now, trx),
  });
  // Read again: moved (at its new time, off the list), or why not.
  const again = await findOffer(db, token);
  if (!again) return undefined;
  if (result.kind === "moved") return viewOf(again, "taken", now);
  // Not moved: the time went to another (gone), or the appointment changed meanwhile.
  const after = await stateOf(db, config, again, now);
  return viewOf(again, result.kind === "gone" || result.kind === "taken" || after === "open" ? "gone" : after, now);
}

/**
 * After taking an offer, the patient asks again to be told if a still earlier time opens (the
 * taken page's one button): the appointment the offer moved joins the list, if it still may
 * (mayAskEarlier). Answers the offer as it then stands; undefined for a token that is no taken
 * offer's.
 */
export async function askAgain(db: Db, config: TakeConfig, token: string, now: Date): Promise<OfferView | undefined> {
  const found = await findOffer(db, token);
  if (!found?.offer.taken_at) return undefined;
  const { appt } = found;
  await askEarlier(db, appt, true, now);
  const again = (await findOffer(db, token))!;
  return viewOf(again, await stateOf(db, config, again, now), now);
}
