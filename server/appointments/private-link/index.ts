/**
 * The face of appointments/private-link/: what the rest of the code may import from it.
 * Everything else in the folder is private to it (eslint.config.js holds that).
 */
export { type ManageAnswer, type ManageView, patientLinkPage, type PatientLinks } from "./manage-page";
export { type MoveClaim, type MoveResult, moveRuleOf, moveTime, withinNotice } from "./move-time";
