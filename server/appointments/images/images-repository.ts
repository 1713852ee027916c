import type { Insertable, Kysely } from "kysely";
import type { Db } from "../../db/index";
import type { Database, UnmatchedStudyTable } from "../../db/schema";
import { perDatabase } from "../../db/repository";
import type { OrthancProblem } from "../../../domain/images";

/** The feed's one row. */
const FEED = 1;

/** What the site knows of Orthanc's feed: where it is, and whether Orthanc answers. */
export interface FeedState {
  position: number;
  lastReachedAt: string | null;
  unreachableSince: string | null;
  problem: string | null;
}

/** Orthanc's feed position (orthanc_feed), the appointments' images, and the unmatched studies (decision 066). */
export const imagesRepository = perDatabase((db: Db) => ({
  /** The feed's state; position 0 (from the start) before the first read. */
  async feed(trx: Kysely<Database> = db): Promise<FeedState> {
    const row = await trx.selectFrom("orthanc_feed").selectAll().where("id", "=", FEED).executeTakeFirst();
    return {
      position: Number(row?.position ?? 0),
      lastReachedAt: row?.last_reached_at ?? null,
      unreachableSince: row?.unreachable_since ?? null,
      problem: row?.problem ?? null,
    };
  },

  /** Makes the feed's row unless it exists (position 0). */
  async ensureFeed(trx: Kysely<Database> = db): Promise<void> {
    await trx
      .insertInto("orthanc_feed")
      .values({ id: FEED, position: 0 })
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
  },

  /**
   * Moves the position from `from` to `to`, only if it is still at `from`:
   * false when another run (another instance) moved it meanwhile, so the
   * caller's transaction must roll back and nothing is done twice.
   */
  async advance(from: number, to: number, trx: Kysely<Database> = db): Promise<boolean> {
    const done = await trx
      .updateTable("orthanc_feed")
      .set({ position: to })
      .where("id", "=", FEED)
      .where("position", "=", from)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  },

  /** Orthanc answered at `at`. */
  async reached(at: string, trx: Kysely<Database> = db): Promise<void> {
    await trx
      .updateTable("orthanc_feed")
      .set({ last_reached_at: at, unreachable_since: null, problem: null })
      .where("id", "=", FEED)
      .execute();
  },

  /** Orthanc did not answer at `at`: unreachable since then, unless it already was. */
  async unreachable(at: string, problem: OrthancProblem, trx: Kysely<Database> = db): Promise<void> {
    await trx
      .updateTable("orthanc_feed")
      .set((eb) => ({ unreachable_since: eb.fn.coalesce("unreachable_since", eb.val(at)), problem }))
      .where("id", "=", FEED)
      .execute();
  },

  /** The appointment whose reference is exactly this accession number, if any. */
  async byAccession(accession: string, trx: Kysely<Database> = db) {
    return trx
      .selectFrom("appointments")
      .select(["id", "reference", "status", "images_received_at", "updated_at"])
      .where("reference", "=", accession)
      .executeTakeFirst();
  },

  /** Records the images' arrival, unless they had arrived already; true when recorded now. */
  async markReceived(id: number, at: string, studyId: string, trx: Kysely<Database> = db): Promise<boolean> {
    const done = await trx
      .updateTable("appointments")
      .set({ images_received_at: at, orthanc_study_id: studyId })
      .where("id", "=", id)
      .where("images_received_at", "is", null)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  },

  /** Lists a study that matched no appointment, unless it is listed already. */
  async addUnmatched(study: Insertable<UnmatchedStudyTable>, trx: Kysely<Database> = db): Promise<void> {
    await trx
      .insertInto("unmatched_studies")
      .values(study)
      .onConflict((oc) => oc.column("orthanc_id").doNothing())
      .execute();
  },

  /** The unmatched studies, newest first, up to `limit`. */
  async unmatched(limit: number, trx: Kysely<Database> = db) {
    return trx.selectFrom("unmatched_studies").selectAll().orderBy("id", "desc").limit(limit).execute();
  },

  async unmatchedById(id: number, trx: Kysely<Database> = db) {
    return trx.selectFrom("unmatched_studies").selectAll().where("id", "=", id).executeTakeFirst();
  },

  /** Takes a study off the list; true when this call did (of two staff linking it at once, one). */
  async removeUnmatched(id: number, trx: Kysely<Database> = db): Promise<boolean> {
    const done = await trx.deleteFrom("unmatched_studies").where("id", "=", id).executeTakeFirst();
    return Number(done.numDeletedRows) === 1;
  },

  async countUnmatched(trx: Kysely<Database> = db): Promise<number> {
    const row = await trx
      .selectFrom("unmatched_studies")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  },

  /** Forgets unmatched studies listed before `before` (the daily purge); how many. */
  async purgeUnmatched(before: string, trx: Kysely<Database> = db): Promise<number> {
    const done = await trx.deleteFrom("unmatched_studies").where("received_at", "<", before).executeTakeFirst();
    return Number(done.numDeletedRows);
  },
}));
