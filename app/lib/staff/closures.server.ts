/*
 * The console's closures: the manager's page (add, remove, the active
 * appointments on closed days; audited) and the overview's panel of closures
 * coming up.
 */

export {
  addClosure,
  closuresComingUp,
  removeClosure,
  upcomingClosures,
  type AffectedAppointment,
} from "../../../server/closures/closures";
