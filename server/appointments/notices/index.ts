/**
 * The face of appointments/notices/: what the rest of the code may import from it.
 * Everything else in the folder is private to it (eslint.config.js holds that).
 */
export { closureMail, type ClosureNotice } from "./closure-mail";
export { cancellationMail, confirmationMail } from "./confirmation-mail";
export {
  type AppointmentMailData,
  clinicAppointmentMail,
  clinicPatientChangeMail,
  patientAppointmentMail,
  patientTextMail,
  privateLinkLines,
} from "./mails";
export { earlierOfferMail } from "./earlier-mail";
export { movedMail } from "./moved-mail";
export { notPreparedMail } from "./not-prepared-mail";
export { type PatientChange, patientChangeMail } from "./patient-change-mail";
export { reminderState, startReminders } from "./reminders";
export { CHANNEL_REFUSED, RESEND_REFUSED, resendAppointmentText, setAppointmentChannel, textPatient } from "./texts";
