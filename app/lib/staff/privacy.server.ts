/*
 * The manager's patient data page: finding a patient by reference, e-mail
 * address, phone number, ID number or full name, what is held about them in
 * plain words, their data as one zip, and erasure (audited, telling the
 * patient of any upcoming appointment it cancels; docs/privacy-retention.md).
 */

export {
  EraseRefused,
  erasePatient,
  exportPatient,
  findCandidates,
  findPatient,
  isUpcoming,
  matchFingerprint,
  parsePatientQuery,
  patientHoldings,
  patientPeople,
  QUERY_INVALID,
  type PatientMatch,
  type PatientQuery,
} from "../../../server/privacy/patient-rights";
