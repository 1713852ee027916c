import type { StaffAnswer } from "~/lib/staff/answer";

/** What the page says once a change is done (`?done=`), by the outcome the action redirects with. */
export const DONE_MESSAGES: Record<string, string> = {
  confirmed: "Appointment confirmed. The patient's confirmation e-mail, with a calendar file, is on its way.",
  arrived: "Marked as arrived.",
  attended: "Marked as attended.",
  no_show: "Marked as no-show.",
  not_prepared: "Marked as not prepared. The patient's e-mail with a link to book a new time is on its way.",
  cancelled: "Appointment cancelled.",
  moved: "Appointment moved. The patient's e-mail with the new time is on its way.",
  resent: "The text message is queued to be sent again.",
  channel: "Saved: how the patient gets texts.",
  duplicate: "Closed as a duplicate. The patient was not e-mailed or texted: their other request is still open.",
  referrer: "Saved: the referring doctor.",
  report: "The report is attached.",
  "report-unlock": "The patient's report is unlocked: they can try their date of birth again.",
};

/** The outcomes said beside the messages, where the page comes back (#messages). */
export const MESSAGE_DONE = new Set(["resent", "channel"]);

/** The fields of a refused form as sent, so the page shows them again. */
export type Sent = { time: string; typed_time: string; room: string; reason: string };

/**
 * The action's answer (app/lib/staff/answer.ts): done redirects with the
 * notice's key (`?done=`), so the page is the appointment as it is now;
 * refused is each field's problem at once (`errors`, by field name: the
 * page knows their ids), or a sentence about none (`error`), with the intent
 * refused and what was sent (`values`).
 */
export type Answer = StaffAnswer<object, Sent & ReferrerSent & { intent: string }>;

/** The referring doctor's correction form's fields (decision 071), by the core's field names. */
export const REFERRER_INPUTS = {
  name: "referrer_name",
  practiceNumber: "referrer_practice_number",
  email: "referrer_email",
  phone: "referrer_phone",
} as const;
export type ReferrerSent = Partial<Record<(typeof REFERRER_INPUTS)[keyof typeof REFERRER_INPUTS], string>>;
