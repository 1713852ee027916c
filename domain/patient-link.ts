import { NOTICE_HOURS } from "./booking-policy";
import { SAFETY_MESSAGES } from "./safety-questions";
import { CANCEL_REASON_TOO_LONG, type AppointmentStatus } from "./statuses";

/**
 * The words of a patient's private link to their appointment: its page
 * (app/routes/appointment.tsx) and its rules (server/appointments/manage.ts).
 */

/** The page a wrong, altered or expired link gets (HTTP 404). */
export const LINK_NOT_VALID = "This link is not valid";
/** How many times a minute one address may open or post to patient links. */
export const MANAGE_PER_MINUTE = 30;

/** How the page words each status for the patient. */
export const PATIENT_STATUS_WORDS: Record<AppointmentStatus, string> = {
  requested: "Requested, not yet confirmed",
  confirmed: "Confirmed",
  attended: "Attended",
  no_show: "Missed",
  cancelled: "Cancelled",
};

export const PATIENT_MESSAGES = {
  cancelled: "Your appointment is cancelled. The clinic has been told.",
  changed: "Your new date is requested. The clinic will contact you to confirm the time.",
  cannotCancel: "This appointment can no longer be cancelled here. Please call the clinic.",
  cannotChange: "This appointment can no longer be changed here. Please call the clinic.",
  tooLate: `Your appointment is less than ${NOTICE_HOURS} hours away: please call the clinic to change it.`,
  sameDate: "That is already the date you asked for. Choose another date.",
  chooseDate: "Choose the new date in the calendar.",
  alreadyCancelled:
    "This appointment is already cancelled, so nothing was changed. To come on another day, book a new appointment.",
  stale: "Your appointment changed since you opened this page. Here it is as it stands now; please try again.",
  reasonTooLong: CANCEL_REASON_TOO_LONG,
  unknownAction: "That action is not available on this page.",
  saved: SAFETY_MESSAGES.saved,
} as const;

/** What a cancelled appointment's page and e-mail offer instead of changes: a new booking. */
export const BOOK_AGAIN = "Book a new appointment";
/** The final word on a cancelled appointment's page. */
export const CANCELLED_FINAL = "This appointment is cancelled. To come on another day, book a new appointment.";
/** Under the outcome of a change or cancellation: the patient's own record of it is sent (server/appointments/patient-change-mail.ts). */
export const CHANGE_MAILED = "An e-mail confirming this is on its way to you.";
