/*
 * The manager's patient data page: finding a patient by reference or e-mail
 * address, their data as one zip, and erasure (audited; docs/privacy-retention.md).
 */

export {
  countsInWords,
  EraseRefused,
  erasePatient,
  exportPatient,
  findPatient,
  matchFingerprint,
  parsePatientQuery,
  patientCounts,
  QUERY_INVALID,
} from "../../../server/privacy/patient-rights";
