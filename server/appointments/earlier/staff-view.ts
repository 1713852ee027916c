import { serviceTitle } from "../../../domain/catalogue";
import { clinicDate, clinicInstant } from "../../../domain/dates";
import { clinicMinutesAt } from "../../../domain/free-times";
import type { Db } from "../../db/index";
import { earlierRepository } from "./earlier-repository";

/** At most this many waiting patients are listed on the overview. */
export const WAITING_LIMIT = 50;

/**
 * What the desk sees of earlier times (decision 070): the patients waiting for one, by their own
 * time (the earliest first, as offers go), and this month's freed times filled from the list with
 * the days patients gained.
 */
export async function earlierForStaff(db: Db, now: Date) {
  const repo = earlierRepository(db);
  const monthStart = clinicInstant(`${clinicDate(now).slice(0, 7)}-01`, "00:00").toISOString();
  const [rows, month] = await Promise.all([
    repo.waiting(clinicMinutesAt(now), WAITING_LIMIT),
    repo.filledSince(monthStart),
  ]);
  const waiting = rows.map((r) => ({
    id: r.id,
    reference: r.reference,
    name: `${r.name} ${r.surname}`,
    service: serviceTitle(r.service_name),
    date: r.confirmed_date!,
    time: r.confirmed_time!,
    since: r.earlier_wanted_at!,
  }));
  return { waiting, filledThisMonth: month.filled, daysGainedThisMonth: month.daysGained };
}
