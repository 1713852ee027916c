/*
 * The images have arrived (issue 36, decision 066): the site follows Orthanc's
 * /changes feed; a study whose accession number is an appointment's marks it
 * "images received"; one that matches none waits for staff to link it.
 */

/** What the appointment's page and the day list say once its images have reached Orthanc. */
export const IMAGES_RECEIVED_LABEL = "Images received";

/** Why the console has no studies to link without ORTHANC_URL (the page's 404 says it). */
export const STUDIES_OFF =
  "There are no studies to link here: the site does not follow Orthanc, where the images arrive (its address, ORTHANC_URL, is not set).";

/** Why Orthanc could not be read: no answer (refused, unknown host), 401/403, a 5xx, too slow, or an answer not understood. */
export type OrthancProblem = "unreachable" | "unauthorised" | "server-error" | "timeout" | "bad-answer";

export const ORTHANC_PROBLEM_WORDS: Readonly<Record<OrthancProblem, string>> = {
  unreachable: "it does not answer (is it running, and is ORTHANC_URL right?)",
  unauthorised: "it refuses the site's user name and password (ORTHANC_USERNAME, ORTHANC_PASSWORD)",
  "server-error": "it answers with an error",
  timeout: "it answers too slowly",
  "bad-answer": "its answer could not be read",
};

export function isOrthancProblem(value: unknown): value is OrthancProblem {
  return typeof value === "string" && value in ORTHANC_PROBLEM_WORDS;
}

/** Days an unmatched study waits for staff before the daily purge forgets it (docs/privacy-retention.md). */
export const UNMATCHED_STUDY_DAYS = 90;

/** After a failed read, the follower waits its poll interval doubled for each failure in a row, up to this. */
export const ORTHANC_BACKOFF_MAX_MS = 5 * 60_000;

/** How long the follower waits after `failures` failed reads in a row (0: none). */
export function orthancBackoffMs(pollMs: number, failures: number): number {
  if (failures <= 0) return 0;
  return Math.min(ORTHANC_BACKOFF_MAX_MS, pollMs * 2 ** Math.min(failures - 1, 20));
}

/** A DICOM date (YYYYMMDD) as YYYY-MM-DD, or null when it is not one. */
export function dicomDate(value: string | null | undefined): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(value?.trim() ?? "");
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/** A DICOM person name (Family^Given^Middle^Prefix^Suffix) as people read it: "Given Middle Family". */
export function dicomNameWords(value: string | null | undefined): string {
  const [family = "", given = "", middle = "", prefix = "", suffix = ""] = (value ?? "").split("=")[0]!.split("^");
  return [prefix, given, middle, family, suffix]
    .map((p) => p.trim())
    .filter(Boolean)
    .join(" ");
}
