/*
 * The console's closures (decisions 017 and 034): the manager's page (add a
 * closure of the clinic or of one room, asking first when it reaches
 * patients, who are then told; remove one, asking first; the active
 * appointments still on closed days) and the overview's panel of closures
 * coming up. What a closure does to appointments lives in
 * server/appointments/front-desk/closure-effects.ts.
 */

export { closuresComingUp, removableClosure } from "../../../server/closures/closures";
export {
  closeAndTell,
  closuresWithAppointments,
  reopenAndOffer,
  type AffectedAppointment,
  type CloseResult,
} from "../../../server/appointments/front-desk/index";
