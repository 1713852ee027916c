/*
 * The manager's patient data page: finding a patient by reference, e-mail
 * address, phone number, ID number or full name, what is held about them in
 * plain words, their data as one zip, and erasure (audited, telling the
 * patient of any upcoming appointment it cancels; docs/privacy-retention.md).
 */

export {
  findCandidates,
  findPatient,
  isUpcoming,
  matchFingerprint,
  parsePatientQuery,
  patientPeople,
  QUERY_INVALID,
  type PatientCandidate,
  type PatientMatch,
  type PatientQuery,
} from "../../../server/privacy/patient-lookup";
export { patientHoldings } from "../../../server/privacy/patient-holdings";
export { erasePatient, exportPatient } from "../../../server/privacy/patient-rights";
