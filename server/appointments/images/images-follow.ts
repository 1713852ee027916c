import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Config, OrthancConfig } from "../../base/config";
import type { Db } from "../../db/index";
import type { Database } from "../../db/schema";
import { runEvery } from "../../jobs/periodic";
import { dicomDate, orthancBackoffMs, type OrthancProblem } from "../../../domain/images";
import { imagesRepository } from "./images-repository";
import { orthancClient, type OrthancClient, type OrthancStudy } from "./orthanc-client";
import { receiveImages, SYSTEM } from "./images-received";

/*
 * The site follows Orthanc's /changes feed (decision 066). Each StableStudy
 * (the study has had no new image for Orthanc's StableAge) is read, and in one
 * transaction it is acted on and the stored position moves to its Seq, only if
 * the position is still where this run found it: a restart resumes after the
 * last change acted on, and two instances never act on one change twice.
 * Orthanc away is an answer, not a failure: the run stops there, the feed's row
 * says since when, and the follower waits longer before each next try.
 */

/** How many changes one request asks for. */
export const CHANGES_PAGE = 100;
/** At most this many pages in one run; the next run goes on. */
const PAGES_PER_RUN = 20;

export interface FollowRun {
  /** Studies whose accession number was an appointment's. */
  matched: number;
  /** Studies listed for staff to link. */
  unmatched: number;
  /** Why the run stopped early: Orthanc's problem, or another run acting meanwhile. */
  stopped?: OrthancProblem | "moved-meanwhile";
}

/** What one study's arrival does, in `trx`: the appointment marked, or the study listed. */
async function actOn(
  study: OrthancStudy,
  modality: string | null,
  now: Date,
  trx: Kysely<Database>,
): Promise<"matched" | "unmatched"> {
  const repo = imagesRepository(trx);
  // Exactly the appointment's reference (the worklist's accession number), never a near one.
  const appt = study.accession ? await repo.byAccession(study.accession, trx) : undefined;
  if (appt) {
    await receiveImages(appt.id, { at: now.toISOString(), studyId: study.id, by: SYSTEM }, now, trx);
    return "matched";
  }
  await repo.addUnmatched(
    {
      orthanc_id: study.id,
      accession: study.accession?.slice(0, 64) ?? null,
      study_date: dicomDate(study.studyDate),
      patient_name: study.patientName?.slice(0, 200) ?? null,
      modality,
      received_at: now.toISOString(),
    },
    trx,
  );
  return "unmatched";
}

/** Reads Orthanc's feed from the stored position and acts on every study that has arrived since. */
export async function followImages(
  db: Db,
  config: OrthancConfig,
  now: Date,
  log?: FastifyBaseLogger,
  client: OrthancClient = orthancClient(config),
): Promise<FollowRun> {
  const repo = imagesRepository(db);
  const run: FollowRun = { matched: 0, unmatched: 0 };
  await repo.ensureFeed();
  const away = async (problem: OrthancProblem) => {
    await repo.unreachable(now.toISOString(), problem);
    run.stopped = problem;
    return run;
  };
  for (let page = 0; page < PAGES_PER_RUN; page++) {
    let position = (await repo.feed()).position;
    const answer = await client.changes(position, CHANGES_PAGE);
    if (!answer.ok) return away(answer.problem === "not-found" ? "bad-answer" : answer.problem);
    await repo.reached(now.toISOString());
    const { Changes: changes, Done: done, Last: last } = answer.value;
    if (last < position && changes.length === 0) {
      // Orthanc's own database was replaced (its changes start again from 1): read it from the start.
      // A study seen before is neither marked again nor listed twice.
      log?.warn({ position, last }, "Orthanc's changes feed is behind the stored position: reading it from the start");
      if (!(await repo.advance(position, 0))) run.stopped = "moved-meanwhile";
      return run;
    }
    for (const change of changes) {
      if (change.ChangeType !== "StableStudy") continue;
      const study = await client.study(change.ID);
      // A study deleted from Orthanc since: nothing to act on.
      if (!study.ok && study.problem !== "not-found") return away(study.problem);
      const modality =
        study.ok && !(await accessionMatches(db, study.value)) ? await client.modalities(change.ID) : undefined;
      if (modality && !modality.ok && modality.problem !== "not-found") return away(modality.problem);
      const from = position;
      const acted = await db.transaction().execute(async (trx) => {
        if (!(await imagesRepository(trx).advance(from, change.Seq, trx))) return "moved-meanwhile" as const;
        return study.ok ? actOn(study.value, modality?.ok ? modality.value : null, now, trx) : ("gone" as const);
      });
      if (acted === "moved-meanwhile") {
        run.stopped = acted;
        return run;
      }
      if (acted === "matched") run.matched++;
      if (acted === "unmatched") run.unmatched++;
      position = change.Seq;
    }
    // The other changes up to Last need nothing: the position moves past them.
    if (last > position && !(await repo.advance(position, last))) {
      run.stopped = "moved-meanwhile";
      return run;
    }
    if (done) break;
  }
  return run;
}

/** Whether the study's accession number is an appointment's (read before the transaction, to ask Orthanc for its modality only when listing it). */
async function accessionMatches(db: Db, study: OrthancStudy): Promise<boolean> {
  return Boolean(study.accession && (await imagesRepository(db).byAccession(study.accession)));
}

/**
 * Follows Orthanc on the jobs' timer while the server listens, from ORTHANC_URL; without it, nothing.
 * After a failed read it waits its poll interval doubled for each failure in a row (at most
 * ORTHANC_BACKOFF_MAX_MS), by the clock `now`.
 */
export function startImages(
  db: Db,
  config: Pick<Config, "orthanc">,
  log?: FastifyBaseLogger,
  now: () => Date = () => new Date(),
): () => Promise<void> {
  const orthanc = config.orthanc;
  if (!orthanc) return async () => undefined;
  const client = orthancClient(orthanc);
  let failures = 0;
  let nextAt = 0;
  return runEvery(
    orthanc.pollMs,
    Math.min(orthanc.pollMs, 1000),
    async () => {
      const at = now();
      if (at.getTime() < nextAt) return;
      const run = await followImages(db, orthanc, at, log, client);
      const problem = run.stopped === "moved-meanwhile" ? undefined : run.stopped;
      if (problem) {
        // Said once when Orthanc goes away, and once when it is back; no patient's data.
        if (failures === 0) log?.warn({ problem }, "Orthanc cannot be read: trying again later");
        failures++;
        nextAt = at.getTime() + orthancBackoffMs(orthanc.pollMs, failures);
      } else {
        if (failures > 0) log?.info({ failures }, "Orthanc answers again");
        failures = 0;
        nextAt = 0;
      }
    },
    (error: unknown) =>
      log?.error({ code: (error as NodeJS.ErrnoException).code ?? (error as Error).name }, "following Orthanc failed"),
  );
}
