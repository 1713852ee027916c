import type { Config } from "../../base/config";
import type { Db } from "../../db/index";
import { invalid, refused, refusingTransaction, type Refusal } from "../../db/outcome";
import type { StaffRuntime } from "../../db/runtime";
import { recordAudit } from "../../audit/audit";
import { serviceTitle } from "../../../domain/catalogue";
import { dicomNameWords, isOrthancProblem, UNMATCHED_STUDY_DAYS, type OrthancProblem } from "../../../domain/images";
import type { AppointmentStatus } from "../../../domain/statuses";
import type { StaffIdentity } from "../../../domain/staff-roles";
import { appointmentRepository } from "../appointment-repository";
import { imagesRepository } from "./images-repository";
import { receiveImages } from "./images-received";

/** At most this many unmatched studies on the page (the oldest are forgotten after UNMATCHED_STUDY_DAYS). */
export const UNMATCHED_PAGE = 200;

/** An unmatched study as staff see it. */
export interface UnmatchedStudy {
  id: number;
  orthancId: string;
  accession: string | null;
  /** YYYY-MM-DD, or null. */
  studyDate: string | null;
  /** "Given Family", from the machine's Family^Given. */
  patientName: string;
  modality: string | null;
  /** When the site listed it (ISO). */
  receivedAt: string;
}

function shown(row: NonNullable<Awaited<ReturnType<ReturnType<typeof imagesRepository>["unmatchedById"]>>>) {
  return {
    id: row.id,
    orthancId: row.orthanc_id,
    accession: row.accession,
    studyDate: row.study_date,
    patientName: dicomNameWords(row.patient_name),
    modality: row.modality,
    receivedAt: row.received_at,
  } satisfies UnmatchedStudy;
}

/** The studies that matched no appointment, newest first. */
export async function unmatchedStudies(db: Db): Promise<UnmatchedStudy[]> {
  return (await imagesRepository(db).unmatched(UNMATCHED_PAGE)).map(shown);
}

/** The appointment a study would be linked to, as the confirm step shows it. */
export interface LinkTarget {
  id: number;
  reference: string;
  name: string;
  service: string;
  date: string;
  time: string | null;
  status: AppointmentStatus;
}

export type LinkField = "reference";
/** Asked first: the study and the appointment; then done. */
export type LinkOutcome =
  | { kind: "ask"; study: UnmatchedStudy; appointment: LinkTarget }
  | { kind: "done"; study: UnmatchedStudy; appointment: LinkTarget }
  | Refusal<LinkField>;

export const STUDY_GONE = "This study is no longer on the list: someone linked it meanwhile, or it was forgotten.";

/**
 * Staff link an unmatched study to an appointment by its reference, typed
 * exactly (decision 066: never guessed). Without `confirmed` it only says
 * what it would do; confirmed, in one transaction, the appointment records
 * the images received (at the time the study was listed) and, still
 * confirmed, becomes attended; the study leaves the list; the audit log says
 * who linked which study.
 */
export async function linkStudy(
  rt: StaffRuntime,
  staff: StaffIdentity,
  input: { studyId: number; reference: string; confirmed: boolean },
): Promise<LinkOutcome> {
  const now = rt.now();
  const images = imagesRepository(rt.db);
  const row = Number.isSafeInteger(input.studyId) ? await images.unmatchedById(input.studyId) : undefined;
  if (!row) return refused(STUDY_GONE);
  const study = shown(row);
  const reference = input.reference.trim().toUpperCase();
  if (!reference)
    return invalid<LinkField>({ reference: "Enter the appointment's reference, such as APT-2026-000123." });
  const appt = await appointmentRepository(rt.db).findByReference(reference);
  if (!appt)
    return invalid<LinkField>({
      reference: `No appointment has the reference ${reference.slice(0, 30)}. Copy it from the appointment's page.`,
    });
  const already = `Appointment ${appt.reference} already has its images. Check the reference.`;
  if (appt.images_received_at) return invalid<LinkField>({ reference: already });
  const appointment: LinkTarget = {
    id: appt.id,
    reference: appt.reference,
    name: `${appt.name} ${appt.surname}`,
    service: appt.examination ?? serviceTitle(appt.service_name),
    date: appt.confirmed_date ?? appt.requested_date,
    time: appt.confirmed_time,
    status: appt.status,
  };
  if (!input.confirmed) return { kind: "ask", study, appointment };
  return refusingTransaction(rt.db, async (trx): Promise<LinkOutcome> => {
    if (!(await imagesRepository(trx).removeUnmatched(row.id, trx))) return refused(STUDY_GONE);
    const received = await receiveImages(
      appt.id,
      { at: row.received_at, studyId: row.orthanc_id, by: staff },
      now,
      trx,
    );
    if (!received) return invalid<LinkField>({ reference: already });
    await recordAudit(
      {
        staffId: staff.id,
        staffEmail: staff.email,
        action: "study_linked",
        targetType: "appointment",
        targetId: appt.id,
        detail: row.orthanc_id,
      },
      now,
      trx,
    );
    return { kind: "done", study, appointment };
  });
}

/** What the system page says of Orthanc (decision 066). */
export interface ImagesState {
  /** False without ORTHANC_URL. */
  followed: boolean;
  lastReachedAt: string | null;
  unreachableSince: string | null;
  problem: OrthancProblem | null;
  unmatched: number;
}

export async function imagesState(db: Db, config: Pick<Config, "orthanc">): Promise<ImagesState> {
  const repo = imagesRepository(db);
  const feed = await repo.feed();
  return {
    followed: Boolean(config.orthanc),
    lastReachedAt: feed.lastReachedAt,
    unreachableSince: feed.unreachableSince,
    problem: isOrthancProblem(feed.problem) ? feed.problem : null,
    unmatched: await repo.countUnmatched(),
  };
}

/** Forgets the studies listed more than UNMATCHED_STUDY_DAYS ago that no one linked (the daily purge); how many. */
export async function forgetUnmatchedStudies(db: Db, now: Date): Promise<number> {
  return imagesRepository(db).purgeUnmatched(new Date(now.getTime() - UNMATCHED_STUDY_DAYS * 86_400_000).toISOString());
}
