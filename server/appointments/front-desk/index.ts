/**
 * The face of appointments/front-desk/: what the rest of the code may import from it.
 * Everything else in the folder is private to it (eslint.config.js holds that).
 */
export {
  type AffectedAppointment,
  closeAndTell,
  type CloseResult,
  CLOSURE_CHANGED_MEANWHILE,
  closuresWithAppointments,
  reopenAndOffer,
} from "./closure-effects";
export { appointmentsCsv, exportRange } from "./export";
export {
  type FigureCell,
  type FigureName,
  type Figures,
  type FigureTable,
  figureCsv,
  figuresRange,
  figureTables,
  FIGURES_MAX_MONTHS,
  freedThisMonth,
  isFigureName,
} from "./figures";
export { failingTexts, openEnquiries, overdueRequests, overview } from "./overview";
export { isRefusal, type Refusal } from "../../db/outcome";
export { freeTimes } from "./schedule";
export { dayList, daySchedule, scheduleDate, weekSchedule, weekStart } from "./schedule-views";
export {
  allowedNext,
  changeStatus,
  closeAsDuplicate,
  dayRules,
  type DuplicateOutcome,
  markArrived,
  mayMarkArrived,
  moveAppointment,
  outcomeFrom,
  type StatusChange,
  type StatusChangeErrors,
  type StatusChangeField,
  type StatusChangeOutcome,
} from "./staff-changes";
export { getAppointment, listAppointments, parseFilters, serviceNames } from "./staff-reads";
export { correctReferrer, type ReferrerCorrection, type ReferrerField } from "../referrers";
