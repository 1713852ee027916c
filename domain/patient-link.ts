import { NOTICE_HOURS } from "./booking-policy";
import { BASE_LOCALE, type Locale } from "./locale";
import { m } from "./paraglide/messages.js";
import { CANCEL_REASON_MAX, type AppointmentStatus } from "./statuses";

/**
 * The words of a patient's private link to their appointment: its page
 * (app/routes/appointment.tsx) and its rules (server/appointments/private-link/manage.ts).
 * They are messages (messages/<locale>/patient.json, `private_*`):
 * patientLinkWords gives them in the page's language, and the constants
 * below are the English ones.
 */

/** How many times a minute one address may open or post to patient links. */
export const MANAGE_PER_MINUTE = 30;

export interface PatientLinkWords {
  /** The page a wrong, altered or expired link gets (HTTP 404). */
  linkNotValid: string;
  /** How the page words each status for the patient. */
  statusWords: Record<AppointmentStatus, string>;
  /** The outcome of a post: done, refused or invalid. */
  messages: {
    cancelled: string;
    changed: string;
    /** A time booked online moved to another (decision 067). */
    moved: string;
    cannotCancel: string;
    cannotChange: string;
    tooLate: string;
    sameDate: string;
    chooseDate: string;
    alreadyCancelled: string;
    stale: string;
    reasonTooLong: string;
    unknownAction: string;
    saved: string;
    /** The patient said they are coming (the reminder's link, decision 069). */
    coming: string;
    cannotConfirm: string;
    /** On the list for an earlier time, or off it (decision 070); or why it cannot be asked for. */
    earlierOn: string;
    earlierOff: string;
    earlierNotOffered: string;
  };
  /** What a cancelled appointment's page and e-mail offer instead of changes: a new booking. */
  bookAgain: string;
  /** The final word on a cancelled appointment's page. */
  cancelledFinal: string;
  /** Under the outcome of a change or cancellation: the patient's own record of it is sent (server/appointments/notices/patient-change-mail.ts). */
  changeMailed: string;
}

/** The private link's words in `locale`. */
export function patientLinkWords(locale: Locale): PatientLinkWords {
  const options = { locale };
  return {
    linkNotValid: m.private_link_not_valid({}, options),
    statusWords: {
      requested: m.private_status_requested({}, options),
      confirmed: m.private_status_confirmed({}, options),
      attended: m.private_status_attended({}, options),
      no_show: m.private_status_no_show({}, options),
      not_prepared: m.private_status_not_prepared({}, options),
      cancelled: m.private_status_cancelled({}, options),
    },
    messages: {
      cancelled: m.private_done_cancelled({}, options),
      changed: m.private_done_changed({}, options),
      moved: m.private_done_moved({}, options),
      cannotCancel: m.private_cannot_cancel({}, options),
      cannotChange: m.private_cannot_change({}, options),
      tooLate: m.private_too_late({ hours: NOTICE_HOURS }, options),
      sameDate: m.private_same_date({}, options),
      chooseDate: m.private_choose_date({}, options),
      alreadyCancelled: m.private_already_cancelled({}, options),
      stale: m.private_stale({}, options),
      reasonTooLong: m.private_reason_too_long({ max: CANCEL_REASON_MAX }, options),
      unknownAction: m.private_unknown_action({}, options),
      saved: m.private_safety_saved({}, options),
      coming: m.private_done_coming({}, options),
      cannotConfirm: m.private_cannot_confirm({}, options),
      earlierOn: m.private_done_earlier_on({}, options),
      earlierOff: m.private_done_earlier_off({}, options),
      earlierNotOffered: m.private_earlier_not_offered({ hours: NOTICE_HOURS }, options),
    },
    bookAgain: m.private_book_again({}, options),
    cancelledFinal: m.private_cancelled_final({}, options),
    changeMailed: m.private_change_mailed({}, options),
  };
}

const ENGLISH = patientLinkWords(BASE_LOCALE);

export const LINK_NOT_VALID = ENGLISH.linkNotValid;
export const PATIENT_STATUS_WORDS = ENGLISH.statusWords;
export const PATIENT_MESSAGES = ENGLISH.messages;
export const BOOK_AGAIN = ENGLISH.bookAgain;
export const CANCELLED_FINAL = ENGLISH.cancelledFinal;
export const CHANGE_MAILED = ENGLISH.changeMailed;
