/**
 * The face of appointments/booking/: what the rest of the code may import from it.
 * Everything else in the folder is private to it (eslint.config.js holds that).
 */
export { calendarRoutes } from "./calendar-routes";
export { bookingPageForm } from "./page-form";
export { appointmentRoutes } from "./routes";
export { slotsRoutes } from "./slots-routes";
export {
  alternativesTo,
  checkTime,
  type DaysHeld,
  freeTimesIn,
  horizonDaysOf,
  readDaysHeld,
  serviceFreeTimes,
} from "./free-slots";
