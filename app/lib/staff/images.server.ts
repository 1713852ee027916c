/* The studies from Orthanc that matched no appointment, and linking one by hand (decision 066). */

export {
  linkStudy,
  unmatchedStudies,
  type LinkOutcome,
  type LinkTarget,
  type UnmatchedStudy,
} from "../../../server/appointments/images/index";
