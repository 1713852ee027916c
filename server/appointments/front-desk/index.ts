/**
 * The face of appointments/front-desk/: what the rest of the code may import from it.
 * Everything else in the folder is private to it (eslint.config.js holds that).
 */
export {
  type AffectedAppointment,
  closeAndTell,
  type CloseResult,
  ClosureChangeError,
  closuresWithAppointments,
} from "./closure-effects";
export { appointmentsCsv, exportRange } from "./export";
export { failingTexts, openEnquiries, overdueRequests, overview } from "./overview";
export { freeTimes } from "./schedule";
export { dayList, daySchedule, scheduleDate, weekSchedule, weekStart } from "./schedule-views";
export {
  allowedNext,
  changeStatus,
  closeAsDuplicate,
  dayRules,
  getAppointment,
  listAppointments,
  moveAppointment,
  outcomeFrom,
  parseFilters,
  serviceNames,
  type StatusChange,
  StatusChangeError,
  type StatusChangeErrors,
  type StatusChangeField,
} from "./staff-changes";
