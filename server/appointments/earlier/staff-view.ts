import { serviceTitle } from "../../../domain/catalogue";
import { clinicMinutesAt } from "../../../domain/free-times";
import type { Db } from "../../db/index";
import { earlierRepository } from "./earlier-repository";
import { BATCH_EVERY_MS, BATCH_SIZE } from "./offers";

/** At most this many waiting patients are listed on the overview. */
export const WAITING_LIMIT = 50;

/**
 * Who the desk sees waiting for an earlier time (decision 070): the patients on the list, by their
 * own appointment's time, soonest first (the order a freed time is offered in). This month's freed
 * times filled are the figures' (front-desk/figures.ts freedThisMonth).
 */
export async function earlierForStaff(db: Db, now: Date) {
  const rows = await earlierRepository(db).waiting(clinicMinutesAt(now), WAITING_LIMIT);
  const waiting = rows.map((r) => ({
    id: r.id,
    reference: r.reference,
    name: `${r.name} ${r.surname}`,
    service: serviceTitle(r.service_name),
    date: r.confirmed_date!,
    time: r.confirmed_time!,
    since: r.earlier_wanted_at!,
  }));
  // How offers go, for the words beside the list (one source: offers.ts).
  return { waiting, batchSize: BATCH_SIZE, batchMinutes: BATCH_EVERY_MS / 60_000 };
}
