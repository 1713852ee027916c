/**
 * The face of appointments/images/: the images' arrival from Orthanc and the
 * studies that matched no appointment (decision 066). Everything else in the
 * folder is private to it.
 */
export { followImages, startImages, type FollowRun } from "./images-follow";
export {
  forgetUnmatchedStudies,
  imagesState,
  linkStudy,
  STUDY_GONE,
  unmatchedStudies,
  type ImagesState,
  type LinkOutcome,
  type LinkTarget,
  type UnmatchedStudy,
} from "./images-link";
export { IMAGES_NOTE, SYSTEM_AUDIT_NAME } from "./images-received";
